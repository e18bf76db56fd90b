import { CalendarClock, Landmark, MailWarning, Newspaper, Sparkles, Users } from 'lucide-react';
import { CLOSING_SOON_DAYS, NEW_GRANT_DAYS } from '@contract/dashboard';
import { Card } from '@/components/ui/card';
import { formatNumber, roleBreakdown } from '../format';
import type { DashboardSummary } from '../types';
import { DashboardSection } from './dashboard-section';
import { LatestBlogs } from './latest-blogs';
import { StatCard } from './stat-card';
import { UpcomingDeadlines } from './upcoming-deadlines';
import { VolunteerHoursCard } from './volunteer-hours-card';

function RoleBreakdown({ byRole }: { byRole: Record<string, number> }) {
  const rows = roleBreakdown(byRole);
  if (rows.length === 0) {
    return <p className="p-4 text-sm text-slate-600 dark:text-slate-300">No members yet.</p>;
  }
  return (
    <ul aria-label="Members by role" className="flex flex-col gap-3 p-4">
      {rows.map((row) => (
        <li key={row.role} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-900 dark:text-white">{row.label}</span>
            <span className="text-slate-700 tabular-nums dark:text-slate-200">
              {formatNumber(row.count)}{' '}
              <span className="text-slate-600 dark:text-slate-400">({row.percent}%)</span>
            </span>
          </div>
          {/* The bar repeats the figures beside it, so it is hidden from assistive tech. */}
          <div aria-hidden className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
            <div
              className="h-full rounded-full bg-brand-600 dark:bg-brand-500"
              style={{ width: `${row.percent}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The analytical, read-only dashboard of ANALYST and VIEWER (SPEC §2). */
export function AdminDashboard({ summary }: { summary: DashboardSummary }) {
  const { members, grants, blogs, upcomingDeadlines } = summary;
  return (
    <div data-dashboard="admin" className="flex flex-col gap-8">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A read-only view of your organisation&apos;s figures.
      </p>

      <div className="grid gap-8 lg:grid-cols-2">
        <DashboardSection title="Members">
          <div className="grid grid-cols-2 gap-3">
            <StatCard label="Total members" value={formatNumber(members.total)} icon={Users} />
            <StatCard
              label="Awaiting verification"
              value={formatNumber(members.unverified)}
              hint="Not yet verified their email"
              icon={MailWarning}
            />
          </div>
          <Card className="p-0">
            <h3 className="px-4 pt-4 text-sm font-semibold text-slate-900 dark:text-white">
              Members by role
            </h3>
            <RoleBreakdown byRole={members.byRole} />
          </Card>
        </DashboardSection>

        <DashboardSection title="Grants pipeline">
          <div className="grid grid-cols-2 gap-3">
            <StatCard label="Grants listed" value={formatNumber(grants.total)} icon={Landmark} />
            <StatCard
              label="Open grants"
              value={formatNumber(grants.open)}
              hint="Open or rolling deadline"
              icon={Landmark}
            />
            <StatCard
              label="Closing soon"
              value={formatNumber(grants.closingSoon)}
              hint={`Deadline within ${CLOSING_SOON_DAYS} days`}
              icon={CalendarClock}
            />
            <StatCard
              label="New this month"
              value={formatNumber(grants.newThisMonth)}
              hint={`Posted in the last ${NEW_GRANT_DAYS} days`}
              icon={Sparkles}
            />
          </div>
        </DashboardSection>
      </div>

      <VolunteerHoursCard hours={summary.volunteerHours} own={false} />

      <div className="grid gap-8 lg:grid-cols-2">
        <UpcomingDeadlines deadlines={upcomingDeadlines} />
        <DashboardSection title="Content">
          <StatCard label="Blog posts" value={formatNumber(blogs.total)} icon={Newspaper} />
          <LatestBlogs blogs={blogs.latest} level={3} />
        </DashboardSection>
      </div>
    </div>
  );
}
