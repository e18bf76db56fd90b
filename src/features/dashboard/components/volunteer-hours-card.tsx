import { Link } from '@tanstack/react-router';
import { Award, ChevronRight, Clock } from 'lucide-react';
import { formatMinutes } from '@contract/activity-reports';
import { can } from '@contract/permissions';
import { Card } from '@/components/ui/card';
import { getStoredRole } from '@/lib/session';
import type { DashboardSummary } from '../types';
import { DashboardSection, sectionLinkClass } from './dashboard-section';

const pendingLine = (n: number, waiting: boolean) =>
  n === 0
    ? waiting
      ? 'No reports waiting for review'
      : 'No reports to review'
    : waiting
      ? `${n} ${n === 1 ? 'report' : 'reports'} waiting for review`
      : `${n} ${n === 1 ? 'report' : 'reports'} to review`;

/**
 * Approved volunteer hours (issue 15): a volunteer's own ("Your approved hours"), or the
 * organisation's ("Volunteer hours") with the reports waiting for review and the certificates.
 */
export function VolunteerHoursCard({
  hours,
  own,
  level = 2,
}: {
  hours: DashboardSummary['volunteerHours'];
  own: boolean;
  level?: 2 | 3;
}) {
  // Readers (analysts, viewers) see the count but review nothing: their link opens the totals.
  const reviews = !own && can(getStoredRole(), 'activity:review');
  const figures = [
    { label: 'This month', minutes: hours.thisMonth },
    { label: 'This year', minutes: hours.thisYear },
    { label: 'All time', minutes: hours.allTime },
  ];
  return (
    <DashboardSection
      title={own ? 'Your approved hours' : 'Volunteer hours'}
      level={level}
      action={
        <Link to="/volunteer/hours" className={sectionLinkClass}>
          {own ? 'See your hours' : 'See all hours'}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      }
    >
      <Card className="flex flex-col gap-3 p-4">
        <dl className="grid grid-cols-3 gap-2">
          {figures.map((f) => (
            <div key={f.label} className="flex min-w-0 flex-col">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{f.label}</dt>
              <dd className="text-lg font-bold break-words text-slate-900 tabular-nums sm:text-xl dark:text-white">
                {formatMinutes(f.minutes)}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/volunteer/hours" search={reviews ? { tab: 'review' } : {}} className={sectionLinkClass}>
            <Clock aria-hidden className="size-4" />
            {pendingLine(hours.pendingReports, !reviews)}
          </Link>
          {!own && (
            <Link to="/volunteer/certificates" className={sectionLinkClass}>
              <Award aria-hidden className="size-4" />
              Certificates &amp; letters
            </Link>
          )}
        </div>
      </Card>
    </DashboardSection>
  );
}
