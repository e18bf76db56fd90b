import { campaignErrorCodes, type CampaignCreate, type CampaignReport } from '@contract/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { OnlineSubmitButton } from '@/components/ui/needs-network';
import { errorStatus } from '@/lib/api-client';
import { todayCalendarDate } from '@/lib/calendar-date';
import { applyServerError, serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { answerRenewsKey, useIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { audienceQueryOptions } from '../api/get-audience';
import { useCreateCampaign } from '../api/create-campaign';
import {
  campaignServerFields,
  composerResolver,
  newComposerValues,
  type ComposerValues,
} from '../composer-form';
import { formatDateTime, plural } from '../format';
import { recipientsOf, useComposerAudience } from '../use-composer-audience';
import { AudiencePanel } from './audience-panel';
import { ChannelPicker } from './channel-picker';
import { ConfirmSendDialog, type PendingSend } from './confirm-send-dialog';
import { MessageFields } from './message-fields';
import { SegmentPicker } from './segment-picker';
import { SendTiming } from './send-timing';

const failed = 'The campaign could not be sent. Try again.';

/**
 * 'New campaign': the message with its merge fields, the channels, who receives it, the audience
 * counted and previewed person by person, now or at a time; then a last question, and the report.
 * Checked with the contract's own schema, so the form refuses what the server would; a 400's field
 * messages land on their inputs. Online only, with one Idempotency-Key per campaign written.
 */
export function Composer({
  superAdmin,
  onCreated,
}: {
  /** SUPER_ADMIN chooses organisations and may write to the newsletter's subscribers. */
  superAdmin: boolean;
  onCreated: (report: CampaignReport) => void;
}) {
  const queryClient = useQueryClient();
  const create = useCreateCampaign();
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingSend | null>(null);
  const [checking, setChecking] = useState(false);
  // A refusal's field messages are put once the dialog has closed: the focus they move to the first
  // refused input would otherwise be taken back to the submit button by the closing dialog.
  const afterClose = useRef<(() => void) | null>(null);
  const form = useForm<ComposerValues, unknown, CampaignCreate>({
    resolver: composerResolver(),
    mode: 'onTouched',
    defaultValues: newComposerValues(todayCalendarDate()),
  });
  const { control, handleSubmit, setError, setValue, getValues } = form;
  const [segmentKind, channels, subject, body] = useWatch({
    control,
    name: ['segmentKind', 'channels', 'subject', 'body'],
  });
  const { query, audience, problem, updating } = useComposerAudience(control);

  // Newsletter subscribers gave only an address: the channels become email alone, as the contract wants.
  useEffect(() => {
    if (segmentKind !== 'newsletter') return;
    const current = getValues('channels');
    if (current.length !== 1 || current[0] !== 'email')
      setValue('channels', ['email'], { shouldValidate: true });
  }, [segmentKind, getValues, setValue]);

  /** Valid: count whom it reaches (the panel's count when it answers this very choice), then ask. */
  const review = async (checked: CampaignCreate) => {
    setFailure(null);
    setChecking(true);
    try {
      const counted = await queryClient
        .fetchQuery(audienceQueryOptions({ segment: checked.segment, channels: checked.channels }))
        .catch(() => null);
      const recipients = counted ? recipientsOf(counted.byChannel, checked.channels) : null;
      if (recipients === 0) {
        setFailure('Nobody to send to: no one in this segment can be reached on the channels chosen.');
        return;
      }
      setPending({
        body: checked,
        recipients,
        people: counted?.people ?? null,
        byChannel: counted?.byChannel ?? null,
      });
    } finally {
      setChecking(false);
    }
  };

  const send = () => {
    if (!pending) return;
    const { body: checked, recipients } = pending;
    create.mutate(
      { body: checked, idempotencyKey: idempotencyKey.start() },
      {
        onSuccess: (report) => {
          idempotencyKey.renew();
          setPending(null);
          const count = report.total || recipients;
          notify.success(
            report.status === 'scheduled'
              ? `“${report.name}” is scheduled for ${formatDateTime(report.sendAt)}.`
              : count
                ? `“${report.name}” is on its way to ${plural(count, 'recipient')}.`
                : `“${report.name}” is on its way.`,
          );
          onCreated(report);
        },
        onError: (error) => {
          if (answerRenewsKey(errorStatus(error))) idempotencyKey.renew();
          afterClose.current = () =>
            setFailure(
              serverErrorCode(error) === campaignErrorCodes.emptyAudience
                ? serverErrorMessage(error, 'Nobody in this segment can be reached on the channels chosen.')
                : applyServerError(error, setError, campaignServerFields, failed),
            );
          setPending(null);
        },
      },
    );
  };

  const scheduled = useWatch({ control, name: 'sendMode' }) === 'schedule';
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New campaign"
        onInput={idempotencyKey.start}
        onSubmit={handleSubmit(review)}
        className="grid min-w-0 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
      >
        {failure && (
          <div className="lg:col-span-2">
            <Alert tone="error">{failure}</Alert>
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-5 lg:col-start-1">
          <MessageFields />
          <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
            <ChannelPicker
              byChannel={problem ? undefined : audience.data?.byChannel}
              smsAvailable={audience.data?.smsAvailable}
            />
          </div>
          <SegmentPicker superAdmin={superAdmin} />
        </div>
        {/* Beside the form on a wide screen, following it down; after the choices on a phone. */}
        <div className="min-w-0 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:self-start">
          <AudiencePanel
            audience={audience}
            problem={problem}
            updating={updating}
            channels={channels}
            subject={subject}
            body={body}
            previewKey={JSON.stringify(query?.segment ?? null)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1">
          <SendTiming />
          <div className="flex flex-col items-stretch gap-2 sm:items-end">
            <OnlineSubmitButton
              offlineReason="Sending a campaign needs a connection."
              pending={checking}
              pendingLabel="Counting..."
              className="sm:self-end"
            >
              {scheduled ? 'Review and schedule' : 'Review and send'}
            </OnlineSubmitButton>
          </div>
        </div>
      </form>
      <ConfirmSendDialog
        pending={pending}
        sending={create.isPending}
        onConfirm={send}
        onOpenChange={(open) => {
          if (!open && !create.isPending) setPending(null);
        }}
        onCloseAutoFocus={(event) => {
          const put = afterClose.current;
          afterClose.current = null;
          if (!put) return;
          put();
          // A refused input took the focus: leave it there.
          if (document.activeElement && document.activeElement !== document.body) event.preventDefault();
        }}
      />
    </FormProvider>
  );
}
