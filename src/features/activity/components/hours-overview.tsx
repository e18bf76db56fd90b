import { useHoursSummary } from '../api/get-hours-summary';
import { CsvButton } from './csv-button';
import { HoursChart } from './hours-chart';
import { HoursTotalsCards } from './hours-totals';
import { ListError, ListLoading } from './list-states';

/** The approved totals and the twelve-month chart: the volunteer's own, or the organisation's. */
export function HoursOverview({ own }: { own: boolean }) {
  const query = useHoursSummary();
  if (query.isError && !query.data)
    return (
      <ListError
        error={query.error}
        fallback="The hours could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data) return <ListLoading label="Loading hours" fetchStatus={query.fetchStatus} />;
  const summary = query.data;
  return (
    <div className="flex flex-col gap-5">
      <HoursTotalsCards totals={summary} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {summary.pendingReports > 0
          ? `${summary.pendingReports} ${summary.pendingReports === 1 ? 'report is' : 'reports are'} waiting for review (not counted yet).`
          : 'No reports waiting for review.'}
        {summary.allTime === 0 &&
          (own
            ? ' Your hours count once your organisation approves your reports.'
            : ' Hours count once reports are approved.')}
      </p>
      <section aria-labelledby="by-month" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="by-month" className="text-lg font-semibold">
            By month
          </h2>
          <CsvButton />
        </div>
        <HoursChart byMonth={summary.byMonth} />
      </section>
    </div>
  );
}
