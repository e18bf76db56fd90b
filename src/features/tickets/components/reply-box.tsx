import { zodResolver } from '@hookform/resolvers/zod';
import { can } from '@contract/permissions';
import { ticketStatusLabels, type TicketDetail, type TicketStatus } from '@contract/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, MessageSquare, Send } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { queuedMessage, useOutboxSubmit } from '@/lib/outbox';
import { ticketsQueryKeys } from '../api/query-keys';
import { ticketReplyAction, type TicketReplyBody } from '../api/reply-to-ticket';
import { putTicket } from '../ticket-cache';
import { replySchema, type ReplyValues } from '../ticket-forms';
import { TICKET_STATUSES } from '../tickets-search';
import { useTicketAttachments } from '../use-ticket-attachments';
import { AttachFilesButton, PickedAttachments } from './ticket-attachments';
import { InternalNoteLabel } from './ticket-badges';

type Mode = 'reply' | 'note';

/**
 * The reply box under a ticket's conversation. Agents choose a public reply or an internal note (amber,
 * 'only agents see this'), and may set the status with it (reply and mark resolved). Sent through the
 * outbox: offline, it waits on the device and is sent once, in order, when the connection is back.
 */
export function ReplyBox({ ticket, viewer }: { ticket: TicketDetail; viewer: { id: string; role: string } }) {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const agent = ticket.viewerIsAgent;
  const [mode, setMode] = useState<Mode>('reply');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [alert, setAlert] = useState<string | null>(null);
  const attachments = useTicketAttachments(viewer.id);
  const ids = { mode: useId(), attach: useId() };
  const action = useMemo(() => ticketReplyAction(ticket.id), [ticket.id]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ReplyValues>({ resolver: zodResolver(replySchema), defaultValues: { body: '' } });
  const submit = useOutboxSubmit<TicketReplyBody, ReplyValues, TicketDetail>(action, {
    setError,
    fields: ['body'],
    fallback: 'The reply could not be saved on this device. Try again.',
  });
  const note = agent && mode === 'note';

  const onValid = async ({ body }: ReplyValues) => {
    if (attachments.uploading) return setAlert('Wait for the files to finish uploading, then send.');
    if (attachments.failed) return setAlert('Retry or remove the files that did not upload, then send.');
    setAlert(null);
    const sentStatus = status;
    const sentFiles = attachments.fileIds;
    // The reply leaves the box as it joins the conversation (as waiting to send), so the next one can be
    // written at once; it comes back only if the server refused it and the box is still empty.
    reset({ body: '' });
    setStatus('');
    const outcome = await submit.send({
      body,
      internal: note,
      ...(sentFiles.length ? { attachmentIds: sentFiles } : {}),
      ...(agent && sentStatus ? { status: sentStatus } : {}),
    });
    if (outcome.status === 'attention') {
      if (!getValues('body')) setValue('body', body);
      setStatus((current) => current || sentStatus);
      if (outcome.error.status === 409 || outcome.error.status === 404) {
        // Closed meanwhile, or gone: the ticket as it is now says why.
        notify.error(outcome.error.message || 'This ticket takes no more replies.');
        void queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.detail(ticket.id) });
      } else setAlert(outcome.alert);
      return;
    }
    // Files chosen while this one was on its way stay for the next.
    attachments.clear(sentFiles);
    if (outcome.status === 'sent') {
      putTicket(queryClient, outcome.response);
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.lists() });
      notify.success(note ? 'Internal note added.' : 'Reply sent.');
    } else notify.message(queuedMessage(note ? 'note' : 'reply', outcome.reason));
  };

  return (
    <section aria-labelledby={`${ids.mode}-heading`} className="flex flex-col gap-3">
      <h3 id={`${ids.mode}-heading`} className="text-lg font-bold">
        {agent ? 'Answer' : 'Your reply'}
      </h3>
      <form
        noValidate
        onSubmit={handleSubmit(onValid)}
        onInput={submit.start}
        aria-label={note ? 'Add an internal note' : 'Reply to this ticket'}
        className={cn(
          'flex flex-col gap-3 rounded-xl border p-3 sm:p-4',
          note
            ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/50'
            : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
        )}
      >
        {agent && (
          <fieldset className="min-w-0">
            <legend className="sr-only">Write</legend>
            <div className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
              {(
                [
                  ['reply', 'Public reply', MessageSquare],
                  ['note', 'Internal note', Lock],
                ] as const
              ).map(([value, label, Icon]) => (
                <label
                  key={value}
                  className={cn(
                    'relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                    mode === value
                      ? value === 'note'
                        ? 'bg-amber-600 text-white dark:bg-amber-700'
                        : 'bg-brand-600 text-white'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids.mode}-mode`}
                    value={value}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    // Over the whole segment, unseen: the tap lands on the radio itself.
                    className="absolute inset-0 z-10 m-0 cursor-pointer opacity-0"
                  />
                  <Icon aria-hidden className="size-4" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {note && <InternalNoteLabel />}
        {alert && <Alert tone="error">{alert}</Alert>}
        <TextAreaField
          label={note ? 'Note' : 'Reply'}
          rows={4}
          hint={note ? undefined : agent ? 'The requester sees this reply.' : undefined}
          error={errors.body?.message}
          {...register('body')}
        />
        {can(viewer.role, 'files:write') && (
          <div className="flex flex-col gap-2">
            <AttachFilesButton
              onChoose={(files) => {
                const left = attachments.add(files);
                if (left > 0) notify.error(`A reply takes 10 attachments at most; ${left} not added.`);
              }}
              full={attachments.full}
              offline={offline}
              noteId={ids.attach}
            />
            <PickedAttachments
              items={attachments.items}
              onRemove={attachments.remove}
              onRetry={attachments.retry}
            />
          </div>
        )}
        <div className="flex flex-wrap items-end justify-between gap-3">
          {agent ? (
            <SelectField
              label="Then set the status"
              value={status}
              onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
              className="sm:w-56"
            >
              <option value="">Keep it {ticketStatusLabels[ticket.status].toLowerCase()}</option>
              {TICKET_STATUSES.filter((s) => s !== ticket.status).map((s) => (
                <option key={s} value={s}>
                  {ticketStatusLabels[s]}
                </option>
              ))}
            </SelectField>
          ) : (
            <span />
          )}
          <Button type="submit" pending={submit.pending} pendingLabel="Sending...">
            <Send aria-hidden className="size-4" />
            {note ? 'Add note' : 'Send reply'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Why a closed ticket has no reply box. */
export const closedNote =
  'This ticket is closed and takes no more replies. Open a new ticket if you need more help.';
