import { can } from '@contract/permissions';
import { cn } from '@/components/ui/cn';
import type { HoursSearch, HoursTab } from '../activity-search';
import { HoursOverview } from './hours-overview';
import { ReviewQueue } from './review-queue';
import { VolunteersTable } from './volunteers-table';

export interface HoursScreenProps {
  search: HoursSearch;
  onSearchChange: (patch: Partial<HoursSearch>) => void;
  viewer: { id: string; role: string };
}

const tabLabels: Record<HoursTab, string> = {
  review: 'Review queue',
  totals: 'Totals',
  volunteers: 'Volunteers',
};

/**
 * /volunteer/hours. A volunteer sees their approved hours; staff and admins also review reports;
 * analysts and viewers read the organisation's totals and each volunteer's, changing nothing.
 */
export function HoursScreen({ search, onSearchChange, viewer }: HoursScreenProps) {
  const own = can(viewer.role, 'activity:submit');
  const reviews = can(viewer.role, 'activity:review');
  const tabs: HoursTab[] = own ? [] : reviews ? ['review', 'totals', 'volunteers'] : ['totals', 'volunteers'];
  const tab = tabs.includes(search.tab as HoursTab) ? (search.tab as HoursTab) : tabs[0];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Approved Hours</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {own
            ? 'Your hours your organisation has approved.'
            : reviews
              ? 'Review volunteers’ reports and follow the hours they gave.'
              : 'The hours your organisation’s volunteers gave, as approved.'}
        </p>
      </header>
      {tabs.length > 0 && (
        <nav
          aria-label="Hours views"
          className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
        >
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              aria-current={t === tab ? 'page' : undefined}
              onClick={() => onSearchChange({ tab: t })}
              className={cn(
                'min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold',
                t === tab
                  ? 'border-brand-600 text-brand-700 dark:text-brand-100'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {tabLabels[t]}
            </button>
          ))}
        </nav>
      )}
      {own || tab === 'totals' ? (
        <HoursOverview own={own} />
      ) : tab === 'review' ? (
        <ReviewQueue />
      ) : (
        <VolunteersTable />
      )}
    </div>
  );
}
