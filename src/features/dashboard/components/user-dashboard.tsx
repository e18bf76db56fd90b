import {
  CalendarClock,
  ClipboardList,
  HandHeart,
  Landmark,
  MessagesSquare,
  Settings,
  Sparkles,
  UserCog,
  Users,
  BadgeCheck,
} from 'lucide-react';
import { CLOSING_SOON_DAYS, NEW_GRANT_DAYS } from '@contract/dashboard';
import { menuForRole } from '@/config/nav';
import { formatDate, formatNumber, planLabel } from '../format';
import type { DashboardSummary } from '../types';
import { DashboardSection } from './dashboard-section';
import { LatestBlogs } from './latest-blogs';
import { QuickLinks, type QuickLink } from './quick-links';
import { StatCard } from './stat-card';
import { UpcomingDeadlines } from './upcoming-deadlines';
import { VolunteerHoursCard } from './volunteer-hours-card';

const portalLinks: QuickLink[] = [
  { to: '/grants', label: 'Latest Grants', description: 'Find funding to apply for', icon: Landmark },
  {
    to: '/staff-management',
    label: 'Staff Management',
    description: 'Invite and manage your team',
    icon: UserCog,
  },
  { to: '/causes', label: 'Fundraise', description: 'Run causes and take donations', icon: HandHeart },
  {
    to: '/data-collection',
    label: 'Collect Data',
    description: 'Build forms and read responses',
    icon: ClipboardList,
  },
  { to: '/team-chat', label: 'Team Chat', description: 'Talk with your team', icon: MessagesSquare },
  { to: '/settings', label: 'Account Settings', description: 'Profile and organisation', icon: Settings },
];

/** SUPER_ADMIN, ADMIN, STAFF, NGO_ADMIN and any other role (SPEC §2). */
export function UserDashboard({ summary, role }: { summary: DashboardSummary; role: string }) {
  const { ngo, members, grants, blogs, upcomingDeadlines } = summary;
  // Quick links follow the role's menu, so STAFF is not pointed at Staff Management.
  const menuPaths = new Set(menuForRole(role).items.map((i) => i.to));
  const links = portalLinks.filter((l) => menuPaths.has(String(l.to)));
  const since = formatDate(ngo.createdAt);

  return (
    <div data-dashboard="user" className="flex flex-col gap-8">
      <DashboardSection title="Organisation overview">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
          <StatCard
            label="Plan"
            value={planLabel(ngo.plan)}
            hint={since ? `Member since ${since}` : undefined}
            icon={BadgeCheck}
          />
          <StatCard
            label="Team members"
            value={formatNumber(members.total)}
            hint={
              members.unverified > 0
                ? `${formatNumber(members.unverified)} awaiting email verification`
                : 'All verified'
            }
            icon={Users}
          />
          <StatCard
            label="Open grants"
            value={formatNumber(grants.open)}
            hint={`of ${formatNumber(grants.total)} listed`}
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

      <VolunteerHoursCard hours={summary.volunteerHours} own={false} />

      <div className="grid gap-8 lg:grid-cols-2">
        <UpcomingDeadlines deadlines={upcomingDeadlines} />
        <LatestBlogs blogs={blogs.latest} />
      </div>

      {links.length > 0 && (
        <DashboardSection title="Quick links">
          <QuickLinks links={links} label="Quick links into the portal" />
        </DashboardSection>
      )}
    </div>
  );
}
