import { formatMinutes } from '@contract/activity-reports';
import { useHoursVolunteers } from '../api/get-hours-volunteers';
import { CsvButton } from './csv-button';
import { EmptyState, ListError, ListLoading } from './list-states';

/** Each volunteer's approved totals (staff and readers), with the CSV of every approved report. */
export function VolunteersTable() {
  const query = useHoursVolunteers();
  if (query.isError && !query.data)
    return (
      <ListError
        error={query.error}
        fallback="The volunteers' hours could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data) return <ListLoading label="Loading volunteers" fetchStatus={query.fetchStatus} />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <CsvButton />
      </div>
      {query.data.length === 0 ? (
        <EmptyState>No volunteers yet. Invite volunteers in Staff Management.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Approved hours per volunteer</caption>
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Volunteer
                </th>
                <th scope="col" className="px-3 py-2">
                  This month
                </th>
                <th scope="col" className="px-3 py-2">
                  This year
                </th>
                <th scope="col" className="px-3 py-2">
                  All time
                </th>
                <th scope="col" className="px-3 py-2">
                  Training
                </th>
                <th scope="col" className="px-3 py-2">
                  Reports
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((v) => (
                <tr key={v.volunteerId} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {v.volunteerName || v.email}
                  </th>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(v.thisMonth)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(v.thisYear)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(v.allTime)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatMinutes(v.trainingAllTime)}</td>
                  <td className="px-3 py-2 tabular-nums">{v.reports}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
