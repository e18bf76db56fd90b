import { CalendarClock, Clock, FilePen, ListChecks, MessagesSquare, Users } from 'lucide-react';
import { CLOSING_SOON_DAYS } from '@contract/dashboard';
import { formatNumber } from '../format';
import type { DashboardSummary } from '../types';
import { DashboardSection } from './dashboard-section';
import { QuickLinks, type QuickLink } from './quick-links';
import { StatCard } from './stat-card';
import { UpcomingDeadlines } from './upcoming-deadlines';
import { VolunteerHoursCard } from './volunteer-hours-card';

const volunteerLinks: QuickLink[] = [
  {
    to: '/volunteer/tasks',
    label: 'Assigned Tasks',
    description: 'See what you have been asked to do',
    icon: ListChecks,
  },
  {
    to: '/volunteer/activity-report',
    label: 'Submit Activity Report',
    description: 'Tell your team what you did',
    icon: FilePen,
  },
  {
    to: '/volunteer/hours',
    label: 'Approved Hours',
    description: 'Hours your NGO has signed off',
    icon: Clock,
  },
  { to: '/team-chat', label: 'Team Chat', description: 'Talk with your team', icon: MessagesSquare },
];

/** The VOLUNTEER dashboard (SPEC §2): the volunteer's day first, then the organisation around them. */
export function VolunteerDashboard({ summary }: { summary: DashboardSummary }) {
  const { members, grants, upcomingDeadlines } = summary;
  return (
    <div data-dashboard="volunteer" className="flex flex-col gap-8">
      <DashboardSection title="Your day">
        <VolunteerHoursCard hours={summary.volunteerHours} own level={3} />
        <QuickLinks links={volunteerLinks} label="Volunteer shortcuts" />
      </DashboardSection>

      <DashboardSection title="Your organisation">
        <div className="grid grid-cols-2 gap-3">
          <StatCard
            label="Team size"
            value={formatNumber(members.total)}
            hint="Members of your NGO"
            icon={Users}
          />
          <StatCard
            label="Grants closing soon"
            value={formatNumber(grants.closingSoon)}
            hint={`Deadline within ${CLOSING_SOON_DAYS} days`}
            icon={CalendarClock}
          />
        </div>
        <UpcomingDeadlines deadlines={upcomingDeadlines} limit={3} level={3} />
      </DashboardSection>
    </div>
  );
}
