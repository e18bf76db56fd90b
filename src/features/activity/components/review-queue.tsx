import { activityErrorCodes, type ActivityReport } from '@contract/activity-reports';
import { useQueryClient } from '@tanstack/react-query';
import { Check, History, Pencil, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { errorMessage } from '@/lib/api-client';
import { useOffline } from '@/lib/connectivity';
import { serverErrorCode } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useEditHours } from '../api/edit-hours';
import { useReports } from '../api/get-reports';
import { activityQueryKeys } from '../api/query-keys';
import { useReviewReports } from '../api/review-reports';
import { EmptyState, ListError, ListLoading, LoadMore } from './list-states';
import { ReportCard } from './report-card';
import { DeclineDialog, EditHoursDialog, HistoryDialog } from './review-dialogs';

const plural = (n: number) => (n === 1 ? '1 report' : `${n} reports`);

/**
 * Staff and admins' queue of pending reports: approve or decline many at once (one request, all or
 * nothing) or one by one, correct the hours, read a report's history. Online only: a review is
 * judged on what the reviewer sees, never kept for later.
 */
export function ReviewQueue() {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const query = useReports({ status: 'pending' });
  const review = useReviewReports();
  const editHours = useEditHours();
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Declining asks why first: the ids wait here while the dialog is open.
  const [declining, setDeclining] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<ActivityReport | null>(null);
  const [history, setHistory] = useState<ActivityReport | null>(null);

  const chosen = items.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allChosen = items.length > 0 && chosen.length === items.length;

  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const decide = (ids: string[], decision: 'approve' | 'decline', reason?: string) =>
    review.mutate(
      { ids, decision, ...(reason && { reason }) },
      {
        onSuccess: ({ reviewed }) => {
          notify.success(`${plural(reviewed.length)} ${decision === 'approve' ? 'approved' : 'declined'}.`);
          setSelected(new Set());
          setDeclining(null);
        },
        onError: (error) => {
          if (serverErrorCode(error) === activityErrorCodes.notPending) {
            notify.error(
              'Someone else reviewed some of these reports already; nothing was changed. The queue is up to date now: check and try again.',
            );
            setSelected(new Set());
            setDeclining(null);
            void queryClient.invalidateQueries({ queryKey: activityQueryKeys.all });
            return;
          }
          notify.error(
            offline
              ? 'You are offline. Reviewing needs a connection.'
              : errorMessage(error, 'The review could not be saved. Try again.'),
          );
        },
      },
    );

  if (query.isError && !query.data)
    return (
      <ListError
        error={query.error}
        fallback="The review queue could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data) return <ListLoading label="Loading the review queue" fetchStatus={query.fetchStatus} />;
  if (items.length === 0)
    return <EmptyState>Nothing to review. New reports from volunteers will show here.</EmptyState>;

  const busy = review.isPending || offline;
  return (
    <div className="flex flex-col gap-3">
      {offline && <NeedsNetworkNote id="review-offline">Reviewing needs a connection.</NeedsNetworkNote>}
      <div
        role="group"
        aria-label="Selected reports"
        className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-950"
      >
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-5"
            checked={allChosen}
            onChange={() => setSelected(allChosen ? new Set() : new Set(items.map((r) => r.id)))}
          />
          Select all loaded
        </label>
        <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {chosen.length ? `${chosen.length} selected` : 'None selected'}
        </span>
        <span className="flex flex-wrap gap-2 sm:ml-auto">
          <Button disabled={!chosen.length || busy} onClick={() => decide(chosen, 'approve')}>
            <Check aria-hidden className="size-4" />
            Approve selected
          </Button>
          <Button variant="secondary" disabled={!chosen.length || busy} onClick={() => setDeclining(chosen)}>
            <X aria-hidden className="size-4" />
            Decline selected
          </Button>
        </span>
      </div>
      <ul aria-label="Reports to review" className="flex flex-col gap-3">
        {items.map((report) => (
          <li key={report.id}>
            <ReportCard
              report={report}
              showVolunteer
              showThumbnails
              leading={
                <input
                  type="checkbox"
                  className="mt-0.5 size-5"
                  aria-label={`Select the report of ${report.volunteerName || 'a former member'}, ${report.date}`}
                  checked={selected.has(report.id)}
                  onChange={() => toggle(report.id)}
                />
              }
              actions={
                <div className="flex flex-wrap gap-2" role="group" aria-label="Review">
                  <Button disabled={busy} onClick={() => decide([report.id], 'approve')}>
                    <Check aria-hidden className="size-4" />
                    Approve
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={() => setDeclining([report.id])}>
                    <X aria-hidden className="size-4" />
                    Decline
                  </Button>
                  <Button variant="ghost" disabled={offline} onClick={() => setEditing(report)}>
                    <Pencil aria-hidden className="size-4" />
                    Edit hours
                  </Button>
                  <Button variant="ghost" onClick={() => setHistory(report)}>
                    <History aria-hidden className="size-4" />
                    History
                  </Button>
                </div>
              }
            />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNext={query.hasNextPage}
        fetching={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
      <DeclineDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        count={declining?.length ?? 0}
        pending={review.isPending}
        onDecline={(reason) => declining && decide(declining, 'decline', reason)}
      />
      <EditHoursDialog
        report={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        pending={editHours.isPending}
        onSave={(body) =>
          editing &&
          editHours.mutate(
            { reportId: editing.id, body },
            {
              onSuccess: () => {
                notify.success('Hours changed.');
                setEditing(null);
              },
              onError: (error) => {
                if (serverErrorCode(error) === activityErrorCodes.notPending) {
                  notify.error('This report was reviewed meanwhile. The queue is up to date now.');
                  setEditing(null);
                  return;
                }
                notify.error(errorMessage(error, 'The hours could not be changed. Try again.'));
              },
            },
          )
        }
      />
      <HistoryDialog report={history} onOpenChange={(open) => !open && setHistory(null)} />
    </div>
  );
}
