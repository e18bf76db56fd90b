import { campaignErrorCodes, type CampaignReport } from '@contract/campaigns';
import { Ban, Download, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { useOffline } from '@/lib/connectivity';
import { serverErrorCode, serverErrorMessage } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCancelCampaign } from '../api/cancel-campaign';
import { downloadCampaignFailures } from '../api/download-failures';
import { useRetryCampaign } from '../api/retry-campaign';
import { plural } from '../format';

/**
 * What can be done with a campaign: retry its failures (asked first: they are sent again), download
 * the failed and bounced as CSV, cancel it while it is only scheduled (asked first). Online only.
 */
export function ReportActions({ report, onChanged }: { report: CampaignReport; onChanged: () => void }) {
  const offline = useOffline();
  const noteId = useId();
  const retry = useRetryCampaign();
  const cancel = useCancelCampaign();
  const [asking, setAsking] = useState<'retry' | 'cancel' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const failed = report.counts.failed ?? 0;
  const unreached = failed + (report.counts.bounced ?? 0);
  const canRetry = failed > 0 && report.status !== 'scheduled' && report.status !== 'cancelled';
  const canCancel = report.status === 'scheduled';
  if (!canRetry && !canCancel && unreached === 0) return null;

  const offlineProps = { disabled: offline, 'aria-describedby': offline ? noteId : undefined };

  const doRetry = () =>
    retry.mutate(report.id, {
      onSuccess: () => notify.success(`${plural(failed, 'recipient')} queued to be sent again.`),
      onError: (error) => {
        notify.error(
          serverErrorCode(error) === campaignErrorCodes.nothingToRetry
            ? serverErrorMessage(error, 'Nothing to retry: no recipient has failed.')
            : serverErrorMessage(error, 'The failures could not be retried. Try again.'),
        );
        onChanged();
      },
      onSettled: () => setAsking(null),
    });

  const doCancel = () =>
    cancel.mutate(report.id, {
      onSuccess: () => notify.success(`“${report.name}” is cancelled. Nobody gets it.`),
      onError: (error) => {
        notify.error(
          serverErrorCode(error) === campaignErrorCodes.notScheduled
            ? serverErrorMessage(error, 'It has already started, so it can no longer be cancelled.')
            : serverErrorMessage(error, 'The campaign could not be cancelled. Try again.'),
        );
        onChanged();
      },
      onSettled: () => setAsking(null),
    });

  const download = () => {
    setDownloading(true);
    downloadCampaignFailures(report.id, report.name)
      .catch((error: unknown) =>
        notify.error(
          navigator.onLine
            ? error instanceof Error
              ? error.message
              : 'The failures could not be downloaded.'
            : 'You are offline. Downloading the failures needs a connection.',
        ),
      )
      .finally(() => setDownloading(false));
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Campaign actions">
        {canRetry && (
          <Dialog
            open={asking === 'retry'}
            onOpenChange={(open) => setAsking(open ? 'retry' : null)}
            role="alertdialog"
            size="sm"
            title={`Retry ${plural(failed, 'failed recipient')}?`}
            description="They are queued again and sent the same message. Bounced addresses are not retried: the provider refused them for good."
            trigger={
              <Button variant="secondary" {...offlineProps}>
                <RotateCcw aria-hidden className="size-4" />
                Retry failures
              </Button>
            }
          >
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary" data-autofocus>
                  Not now
                </Button>
              </DialogClose>
              <Button pending={retry.isPending} pendingLabel="Retrying..." onClick={doRetry}>
                Retry failures
              </Button>
            </DialogFooter>
          </Dialog>
        )}
        {unreached > 0 && (
          <Button variant="secondary" pending={downloading} {...offlineProps} onClick={download}>
            <Download aria-hidden className="size-4" />
            Download failures (CSV)
          </Button>
        )}
        {canCancel && (
          <Dialog
            open={asking === 'cancel'}
            onOpenChange={(open) => setAsking(open ? 'cancel' : null)}
            role="alertdialog"
            size="sm"
            title="Cancel this campaign?"
            description="Nobody gets it. It stays in the list as cancelled; to send it later, write it again."
            trigger={
              <Button variant="danger" {...offlineProps}>
                <Ban aria-hidden className="size-4" />
                Cancel campaign
              </Button>
            }
          >
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary" data-autofocus>
                  Keep it scheduled
                </Button>
              </DialogClose>
              <Button
                variant="danger"
                pending={cancel.isPending}
                pendingLabel="Cancelling..."
                onClick={doCancel}
              >
                Cancel campaign
              </Button>
            </DialogFooter>
          </Dialog>
        )}
      </div>
      {offline && (
        <NeedsNetworkNote id={noteId}>
          You are offline. Retrying, downloading and cancelling need a connection.
        </NeedsNetworkNote>
      )}
    </div>
  );
}
