import { zodResolver } from '@hookform/resolvers/zod';
import { can } from '@contract/permissions';
import {
  ticketAudienceLabels,
  ticketCategoryLabels,
  ticketPriorityLabels,
  type TicketDetail,
} from '@contract/tickets';
import { useId, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { queuedMessage, useOutboxSubmit } from '@/lib/outbox';
import { createTicketAction, type TicketCreateBody } from '../api/create-ticket';
import {
  emptyNewTicket,
  newTicketFields,
  newTicketSchema,
  type NewTicketOutput,
  type NewTicketValues,
} from '../ticket-forms';
import { TICKET_AUDIENCES, TICKET_CATEGORIES, TICKET_PRIORITIES } from '../tickets-search';
import { useTicketAttachments } from '../use-ticket-attachments';
import { AttachFilesButton, PickedAttachments } from './ticket-attachments';

const audienceHints = {
  ngo: 'Your organisation’s admins answer it.',
  platform: 'The team that runs NGO Portal answers it.',
} as const;

/**
 * 'New ticket': subject, category, priority, to whom, description and attachments (uploaded as they
 * are chosen, each with its progress). Sent through the outbox: offline, the ticket is kept on the
 * device and sent once the connection is back.
 */
export function NewTicketDialog({
  open,
  onOpenChange,
  trigger,
  viewer,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactElement;
  viewer: { id: string; role: string };
  /** The ticket as the server made it (not called when it waits on the device). */
  onCreated: (ticket: TicketDetail) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="New ticket"
      description="Ask a question, report a problem or send feedback. You are told here when someone answers."
      closeOnOutsideClick={false}
    >
      {/* Mounted only while open: each new ticket starts from a blank form and a new key. */}
      {open && <NewTicketForm viewer={viewer} onCreated={onCreated} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function NewTicketForm({
  viewer,
  onCreated,
  onDone,
}: {
  viewer: { id: string; role: string };
  onCreated: (ticket: TicketDetail) => void;
  onDone: () => void;
}) {
  const offline = useOffline();
  const canAttach = can(viewer.role, 'files:write');
  const attachments = useTicketAttachments(viewer.id);
  const [alert, setAlert] = useState<string | null>(null);
  const attachNoteId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewTicketValues, unknown, NewTicketOutput>({
    resolver: zodResolver(newTicketSchema),
    mode: 'onTouched',
    defaultValues: emptyNewTicket,
  });
  const submit = useOutboxSubmit<TicketCreateBody, NewTicketValues, TicketDetail>(createTicketAction, {
    setError,
    fields: newTicketFields,
    fallback: 'The ticket could not be saved on this device. Try again.',
  });

  const onValid = async (values: NewTicketOutput) => {
    if (attachments.uploading) return setAlert('Wait for the files to finish uploading, then send.');
    if (attachments.failed) return setAlert('Retry or remove the files that did not upload, then send.');
    setAlert(null);
    const outcome = await submit.send({ ...values, attachmentIds: attachments.fileIds });
    if (outcome.status === 'sent') {
      notify.success(`Ticket #${outcome.response.number} sent. We will answer you here.`);
      onDone();
      onCreated(outcome.response);
    } else if (outcome.status === 'queued') {
      notify.message(queuedMessage('ticket', outcome.reason));
      onDone();
    } else {
      setAlert(outcome.alert);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      onInput={submit.start}
      className="flex flex-col gap-4"
      aria-label="New ticket"
    >
      {alert && <Alert tone="error">{alert}</Alert>}
      <Field
        label="Subject"
        autoComplete="off"
        required
        hint="A few words that say what it is about."
        error={errors.subject?.message}
        {...register('subject')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Category" required error={errors.category?.message} {...register('category')}>
          <option value="">Choose a category</option>
          {TICKET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ticketCategoryLabels[c]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Priority" error={errors.priority?.message} {...register('priority')}>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {ticketPriorityLabels[p]}
            </option>
          ))}
        </SelectField>
      </div>
      <Fieldset legend="To whom" variant="group">
        <div className="flex flex-col gap-1">
          {TICKET_AUDIENCES.map((a) => (
            <label
              key={a}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md px-1 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <input
                type="radio"
                value={a}
                className="mt-0.5 size-5 accent-brand-600"
                {...register('audience')}
              />
              <span>
                <span className="block font-medium">{ticketAudienceLabels[a]}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{audienceHints[a]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.audience?.message && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.audience.message}</p>
        )}
      </Fieldset>
      <TextAreaField
        label="Description"
        rows={5}
        required
        hint="What happened, what you expected, and anything that helps us answer."
        error={errors.description?.message}
        {...register('description')}
      />
      {canAttach && (
        <div className="flex flex-col gap-2">
          <AttachFilesButton
            onChoose={(files) => {
              const left = attachments.add(files);
              if (left > 0) notify.error(`A ticket takes 10 attachments at most; ${left} not added.`);
            }}
            full={attachments.full}
            offline={offline}
            noteId={attachNoteId}
          />
          <PickedAttachments
            items={attachments.items}
            onRemove={attachments.remove}
            onRetry={attachments.retry}
          />
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" pending={submit.pending} pendingLabel="Sending...">
          Send ticket
        </Button>
      </DialogFooter>
    </form>
  );
}
