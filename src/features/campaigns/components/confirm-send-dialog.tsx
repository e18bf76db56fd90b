import { campaignChannelLabels, type CampaignCreate } from '@contract/campaigns';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { formatCount, formatDateTime, plural } from '../format';

/** What the dialog asks about: the checked body and, when counted, whom it reaches. */
export interface PendingSend {
  body: CampaignCreate;
  /** Messages it sends (a person per channel), null when the count could not be had. */
  recipients: number | null;
  people: number | null;
  byChannel: Partial<Record<string, number>> | null;
}

/**
 * The last question before hundreds of messages go out: how many, on which channels, and when. An
 * alert dialog (focus trapped; a tap beside it does not close it), so only an answer does.
 */
export function ConfirmSendDialog({
  pending,
  sending,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: {
  pending: PendingSend | null;
  sending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once it closes (a refused field), instead of back to the submit button. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const later = Boolean(pending?.body.sendAt);
  const title =
    pending?.recipients != null
      ? `Send to ${plural(pending.recipients, 'recipient')}?`
      : 'Send this campaign?';
  const channels = pending?.body.channels ?? [];
  const reach = channels
    .map((c) =>
      pending?.byChannel?.[c] !== undefined
        ? `${campaignChannelLabels[c]} ${formatCount(pending.byChannel[c] ?? 0)}`
        : campaignChannelLabels[c],
    )
    .join(', ');
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      description={
        later
          ? `It goes out on ${formatDateTime(pending?.body.sendAt)}. The audience is counted again then; you can cancel it until it starts.`
          : 'It goes out now. Messages cannot be called back once sent.'
      }
    >
      {pending && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Campaign</dt>
          <dd className="break-words">{pending.body.name}</dd>
          <dt className="font-medium">Subject</dt>
          <dd className="break-words">{pending.body.subject}</dd>
          {pending.people !== null && (
            <>
              <dt className="font-medium">People</dt>
              <dd>{formatCount(pending.people)}</dd>
            </>
          )}
          <dt className="font-medium">Channels</dt>
          <dd>{reach}</dd>
        </dl>
      )}
      <DialogFooter>
        <DialogClose asChild>
          {/* First focus on the way back: Enter on a dialog that just opened must not send. */}
          <Button variant="secondary" data-autofocus>
            Go back
          </Button>
        </DialogClose>
        <Button pending={sending} pendingLabel={later ? 'Scheduling...' : 'Sending...'} onClick={onConfirm}>
          {later ? 'Schedule' : 'Send now'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
