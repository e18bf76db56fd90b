import { reportStatuses, reportStatusLabels } from '@contract/activity-reports';
import { Link } from '@tanstack/react-router';
import { ListChecks } from 'lucide-react';
import { useMemo } from 'react';
import { buttonClass } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { useHoursVolunteers } from '../api/get-hours-volunteers';
import { useReports } from '../api/get-reports';
import type { ActivityReportSearch } from '../activity-search';
import { EmptyState, ListError, ListLoading, LoadMore } from './list-states';
import { ReportCard } from './report-card';

/**
 * The organisation's reports for staff and readers, filtered by status and volunteer (in the URL),
 * read only here: reviewers are pointed to the review queue.
 */
export function StaffReports({
  search,
  onSearchChange,
  canReview,
}: {
  search: ActivityReportSearch;
  onSearchChange: (patch: Partial<ActivityReportSearch>) => void;
  canReview: boolean;
}) {
  const query = useReports(search);
  const volunteers = useHoursVolunteers();
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const filtered = Boolean(search.status || search.volunteerId);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="Status"
          value={search.status ?? ''}
          onChange={(e) =>
            onSearchChange({ status: (e.target.value || undefined) as ActivityReportSearch['status'] })
          }
        >
          <option value="">All</option>
          {reportStatuses.map((s) => (
            <option key={s} value={s}>
              {reportStatusLabels[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Volunteer"
          value={search.volunteerId ?? ''}
          onChange={(e) => onSearchChange({ volunteerId: e.target.value || undefined })}
        >
          <option value="">All volunteers</option>
          {volunteers.data?.map((v) => (
            <option key={v.volunteerId} value={v.volunteerId}>
              {v.volunteerName || v.email}
            </option>
          ))}
        </SelectField>
        {canReview && (
          <Link
            to="/volunteer/hours"
            search={{ tab: 'review' }}
            className={buttonClass('secondary', 'sm:ml-auto')}
          >
            <ListChecks aria-hidden className="size-4" />
            Open the review queue
          </Link>
        )}
      </div>
      {query.isError && !query.data ? (
        <ListError
          error={query.error}
          fallback="The reports could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !query.data ? (
        <ListLoading label="Loading reports" fetchStatus={query.fetchStatus} />
      ) : items.length === 0 ? (
        <EmptyState>
          {filtered
            ? 'No reports match these filters.'
            : 'No activity reports yet. Volunteers’ reports will show here.'}
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Activity reports" className="flex flex-col gap-3">
            {items.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} showVolunteer />
              </li>
            ))}
          </ul>
          <LoadMore
            hasNext={query.hasNextPage}
            fetching={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
