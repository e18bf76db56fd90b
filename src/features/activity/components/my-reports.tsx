import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { outbox, useOutbox } from '@/lib/outbox';
import { activityQueryKeys } from '../api/query-keys';
import { ACTIVITY_REPORT_KIND } from '../api/submit-report';
import { useReports } from '../api/get-reports';
import { photoUploader } from '../photo-uploader';
import { reportPhotos } from '../report-photos';
import { useLocalPhotos, useUploadingPhoto } from '../use-local-photos';
import { withWaitingReports } from '../waiting-reports';
import { EmptyState, ListError, ListLoading, LoadMore } from './list-states';
import { ReportCard } from './report-card';

/**
 * The volunteer's own reports with their status (pending, approved, declined with the reason), those
 * still on the device first ('Waiting to send'), and each photo not sent yet shown as waiting.
 */
export function MyReports({ viewer }: { viewer: { id: string; name: string } }) {
  const query = useReports();
  const queryClient = useQueryClient();
  const { waiting, attention } = useOutbox();
  // A report sent in the background (back online) and a photo the server took change what the server
  // lists: read it again, so the card shows the server's status and the photo as received.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: activityQueryKeys.all });
    const stopReports = outbox.onEvent((event) => {
      if (event.entry.kind === ACTIVITY_REPORT_KIND) refresh();
    });
    const stopPhotos = photoUploader.onUploaded(refresh);
    return () => {
      stopReports();
      stopPhotos();
    };
  }, [queryClient]);
  const local = useLocalPhotos(viewer.id);
  const uploading = useUploadingPhoto();
  const server = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const shown = useMemo(
    () => withWaitingReports(server, waiting, attention, viewer),
    [server, waiting, attention, viewer],
  );

  if (!query.data && query.isError && shown.length === 0)
    return (
      <ListError
        error={query.error}
        fallback="Your reports could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data && shown.length === 0)
    return <ListLoading label="Loading your reports" fetchStatus={query.fetchStatus} />;
  if (shown.length === 0)
    return <EmptyState>No reports yet. Your reports and their review status will show here.</EmptyState>;
  // Refused photos of reports not listed here (removed unsent from the outbox): theirs to delete.
  const listed = new Set(shown.map((item) => item.report.id));
  const stray = (local ?? []).filter((p) => p.state === 'refused' && !listed.has(p.reportId));
  return (
    <div className="flex flex-col gap-3">
      {stray.length > 0 && (
        <Alert tone="error">
          <p className="font-semibold">Photos not sent</p>
          <ul aria-label="Photos not sent" className="mt-2 flex flex-col gap-2">
            {stray.map((photo) => (
              <li key={photo.key} className="flex flex-wrap items-center gap-2">
                <span className="break-all">
                  {photo.name}: {photo.error}
                </span>
                <Button variant="ghost" onClick={() => void reportPhotos.remove(photo.key)}>
                  <Trash2 aria-hidden className="size-4" />
                  Delete photo
                </Button>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <ul aria-label="Your reports" className="flex flex-col gap-3">
        {shown.map((item) => (
          <li key={item.report.id}>
            <ReportCard
              report={item.report}
              waiting={item.waiting}
              attention={item.attention}
              local={local}
              uploading={uploading}
            />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNext={query.hasNextPage}
        fetching={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </div>
  );
}
