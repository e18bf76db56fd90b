import { useMemo } from 'react';
import { useOutbox } from '@/lib/outbox';
import { useReports } from '../api/get-reports';
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
  const { waiting, attention } = useOutbox();
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
  return (
    <div className="flex flex-col gap-3">
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
