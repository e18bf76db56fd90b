import { normalizeRole } from '@contract/roles';

export interface NavItem {
  label: string;
  to: string;
}

export interface NavMenu {
  items: NavItem[];
  /** The role's tools section, under its heading ('SuperAdmin Tools' / 'Admin Tools'). */
  tools?: { heading: string; items: NavItem[] };
}

const item = (label: string, to: string): NavItem => ({ label, to });

const dashboard = item('Dashboard', '/dashboard');
const entrepriseAi = item('Entreprise AI', '/chat-with-ai');
const aiAssistant = item('AI Assistant', '/reporting-tool');
const collectData = item('Collect Data', '/data-collection');
const cloudStorage = item('Cloud Storage', '/storage');
const fundraise = item('Fundraise', '/causes');
const socialMedia = item('Manage Social Media', '/social-media');
const staffManagement = item('Staff Management', '/staff-management');
const teamChat = item('Team Chat', '/team-chat');
const sendNotification = item('Send Notification', '/admin/bulk-email');
const allTickets = item('All Tickets & Feedback', '/admin/all-tickets');
const latestGrants = item('Latest Grants', '/grants');
const latestBlog = item('Latest Blog', '/blogs');
const accountSettings = item('Account Settings', '/settings');
const ticketsAndRequests = item('Tickets and Requests', '/feedback-requests');
const users = item('Users', '/users');
const ngos = item('NGOs', '/ngos');

// Orders and wording are SPEC §6, to the letter.
const superAdminGeneral = [
  dashboard,
  entrepriseAi,
  aiAssistant,
  collectData,
  cloudStorage,
  fundraise,
  socialMedia,
  staffManagement,
  teamChat,
  sendNotification,
  allTickets,
  latestGrants,
  latestBlog,
  accountSettings,
];

const menus = {
  SUPER_ADMIN: {
    items: superAdminGeneral,
    tools: {
      heading: 'SuperAdmin Tools',
      items: [
        users,
        ngos,
        item('API Usage', '/api-usage'),
        item('API Providers', '/api-providers'),
        item('Marketing', '/marketing'),
      ],
    },
  },
  ADMIN: {
    items: superAdminGeneral.filter((i) => i !== latestBlog),
    tools: {
      heading: 'Admin Tools',
      items: [users, ngos, item('Analytics', '/analytics'), item('Report Stats', '/report-stats')],
    },
  },
  STAFF: {
    items: [
      dashboard,
      entrepriseAi,
      aiAssistant,
      collectData,
      cloudStorage,
      fundraise,
      socialMedia,
      teamChat,
      latestGrants,
      ticketsAndRequests,
      accountSettings,
    ],
  },
  VOLUNTEER: {
    items: [
      dashboard,
      entrepriseAi,
      aiAssistant,
      collectData,
      cloudStorage,
      item('Assigned Tasks', '/volunteer/tasks'),
      item('Submit Activity Report', '/volunteer/activity-report'),
      item('Approved Hours', '/volunteer/hours'),
      item('Certificates / Letters', '/volunteer/certificates'),
      teamChat,
      accountSettings,
    ],
  },
  DEFAULT: {
    items: [
      dashboard,
      entrepriseAi,
      aiAssistant,
      collectData,
      cloudStorage,
      fundraise,
      socialMedia,
      staffManagement,
      teamChat,
      latestGrants,
      ticketsAndRequests,
      accountSettings,
    ],
  },
} satisfies Record<string, NavMenu>;

/** Every entry of every role's menu, once each (the page titles follow them). */
export function allNavItems(): NavItem[] {
  const all = Object.values(menus).flatMap((menu: NavMenu) => [...menu.items, ...(menu.tools?.items ?? [])]);
  return [...new Map(all.map((i) => [i.to, i])).values()];
}

/** Any role not named in the spec (NGO_ADMIN, ANALYST, VIEWER, unknown) gets the NGO admin menu. */
export function menuForRole(role: string | null | undefined): NavMenu {
  const r = normalizeRole(role);
  if (r === 'SUPER_ADMIN' || r === 'ADMIN' || r === 'STAFF' || r === 'VOLUNTEER') return menus[r];
  return menus.DEFAULT;
}

export function portalLabel(role: string | null | undefined): string {
  switch (normalizeRole(role)) {
    case 'SUPER_ADMIN':
      return 'SuperAdmin Portal';
    case 'ADMIN':
      return 'Admin Portal';
    case 'STAFF':
      return 'Staff Portal';
    case 'VOLUNTEER':
      return 'Volunteer Portal';
    default:
      return 'NGO Admin Portal';
  }
}

export type DashboardKind = 'volunteer' | 'admin' | 'user';

/** SPEC §2: VOLUNTEER → volunteer; ANALYST and VIEWER → admin-style; everyone else → user. */
export function dashboardKindForRole(role: string | null | undefined): DashboardKind {
  const r = normalizeRole(role);
  if (r === 'VOLUNTEER') return 'volunteer';
  if (r === 'ANALYST' || r === 'VIEWER') return 'admin';
  return 'user';
}

/** The active item is the one whose path the current path starts with. */
export function isActivePath(currentPath: string, itemPath: string): boolean {
  return currentPath.startsWith(itemPath);
}
