import type { DashboardKind } from '@/config/nav';

export interface RoleGuide {
  /** The role as stored and sent by the server. */
  role: string;
  /** Anchor of the section. */
  id: string;
  title: string;
  purpose: string;
  tips: string[];
}

/** What each role is for. Menus and portal labels are not written here: they come from src/config/nav.ts. */
export const roleGuides: RoleGuide[] = [
  {
    role: 'SUPER_ADMIN',
    id: 'role-super-admin',
    title: 'Super admin',
    purpose:
      'Runs the platform itself, across every organisation: accounts, organisations, AI usage and providers, the blog and the marketing site.',
    tips: [
      'Only a super admin sees Latest Blog and can add, generate, paste or delete blog posts.',
      'Use Users and NGOs to help an organisation that is locked out or needs its plan changed.',
    ],
  },
  {
    role: 'ADMIN',
    id: 'role-admin',
    title: 'Admin',
    purpose:
      'Supports organisations on behalf of the platform team: looks after users and organisations and follows usage through analytics and report statistics.',
    tips: [],
  },
  {
    role: 'NGO_ADMIN',
    id: 'role-ngo-admin',
    title: 'NGO admin',
    purpose:
      'Leads one organisation in the portal. The person who signs the organisation up becomes its NGO admin, invites the team, chooses everyone’s role and owns the plan.',
    tips: [
      'Invite your team from Staff Management; each invited person counts towards your plan’s member limit.',
      'Fundraise is where you create causes and follow donations as they are verified.',
    ],
  },
  {
    role: 'STAFF',
    id: 'role-staff',
    title: 'Staff',
    purpose:
      'Does the day-to-day work of the organisation: collecting data, writing reports with the AI assistant, running fundraising causes and social media, and following grants.',
    tips: [
      'Tickets and Requests is where you raise a question or request for your NGO admin or our support team.',
    ],
  },
  {
    role: 'VOLUNTEER',
    id: 'role-volunteer',
    title: 'Volunteer',
    purpose:
      'Helps in the field: works through assigned tasks, reports activities, and keeps track of approved hours and certificates.',
    tips: ['Certificates / Letters holds the documents your organisation has issued to you.'],
  },
  {
    role: 'ANALYST',
    id: 'role-analyst',
    title: 'Analyst',
    purpose:
      'Studies the organisation’s figures: members, grants and content, to prepare reports and spot trends.',
    tips: [],
  },
  {
    role: 'VIEWER',
    id: 'role-viewer',
    title: 'Viewer',
    purpose:
      'Follows the organisation’s work without changing it, for example a board member or a partner who needs to stay informed.',
    tips: [],
  },
];

export const dashboardDescriptions: Record<DashboardKind, string> = {
  volunteer: 'Volunteer dashboard: your tasks and hours for the day, and news from your organisation.',
  admin: 'Overview dashboard: members, the grants pipeline and content at a glance.',
  user: 'Organisation dashboard: an overview of your organisation with quick links to everyday work.',
};
