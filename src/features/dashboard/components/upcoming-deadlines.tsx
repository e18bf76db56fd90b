import { Link } from '@tanstack/react-router';
import { CalendarClock, ChevronRight } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { daysLeftLabel, daysUntil, formatDate } from '../format';
import type { UpcomingDeadline } from '../types';
import { DashboardSection, sectionLinkClass } from './dashboard-section';

function DaysLeft({ deadlineDate }: { deadlineDate: string }) {
  const days = daysUntil(deadlineDate);
  if (days === null) return null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        days >= 0 && days <= 7
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {daysLeftLabel(days)}
    </span>
  );
}

export function UpcomingDeadlines({
  deadlines,
  title = 'Upcoming deadlines',
  limit,
  level,
  className,
}: {
  deadlines: UpcomingDeadline[];
  title?: string;
  limit?: number;
  level?: 2 | 3;
  className?: string;
}) {
  const shown = limit === undefined ? deadlines : deadlines.slice(0, limit);
  return (
    <DashboardSection
      title={title}
      level={level}
      className={className}
      action={
        <Link to="/grants" className={sectionLinkClass}>
          View all grants
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      }
    >
      <Card className="p-0">
        {shown.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-300">No upcoming grant deadlines.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((grant) => (
              <li key={grant.id} className="flex flex-col gap-1 p-4">
                <div className="flex items-start justify-between gap-3">
                  <Link
                    to="/grants/$id"
                    params={{ id: grant.id }}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-100"
                  >
                    {grant.title}
                  </Link>
                  <DaysLeft deadlineDate={grant.deadlineDate} />
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {[grant.donorAgency, grant.grantSize].filter(Boolean).join(' · ')}
                </p>
                <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
                  <CalendarClock aria-hidden className="size-4" />
                  Deadline <time dateTime={grant.deadlineDate}>{formatDate(grant.deadlineDate)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </DashboardSection>
  );
}
