import { expect, test, type DemoRole } from './support/fixtures';

// SPEC §6, written out independently of src/config/nav.ts so a drift in either is caught.
const general = [
  'Dashboard',
  'Entreprise AI',
  'AI Assistant',
  'Collect Data',
  'Cloud Storage',
  'Fundraise',
  'Manage Social Media',
  'Staff Management',
  'Team Chat',
  'Send Notification',
  'All Tickets & Feedback',
  'Latest Grants',
  'Latest Blog',
  'Account Settings',
];
const ngoAdminMenu = [
  'Dashboard',
  'Entreprise AI',
  'AI Assistant',
  'Collect Data',
  'Cloud Storage',
  'Fundraise',
  'Manage Social Media',
  'Staff Management',
  'Team Chat',
  'Latest Grants',
  'Tickets and Requests',
  'Account Settings',
];
const expected: Record<DemoRole, { heading?: string; menu: string[]; dashboard: RegExp }> = {
  SUPER_ADMIN: {
    heading: 'SuperAdmin Tools',
    menu: [...general, 'Users', 'NGOs', 'API Usage', 'API Providers', 'Marketing'],
    dashboard: /Welcome back, Sam Super/,
  },
  ADMIN: {
    heading: 'Admin Tools',
    menu: [...general.filter((l) => l !== 'Latest Blog'), 'Users', 'NGOs', 'Analytics', 'Report Stats'],
    dashboard: /Welcome back, Ada Admin/,
  },
  NGO_ADMIN: { menu: ngoAdminMenu, dashboard: /Welcome back, Nadia Uwase/ },
  STAFF: {
    menu: [
      'Dashboard',
      'Entreprise AI',
      'AI Assistant',
      'Collect Data',
      'Cloud Storage',
      'Fundraise',
      'Manage Social Media',
      'Team Chat',
      'Latest Grants',
      'Tickets and Requests',
      'Account Settings',
    ],
    dashboard: /Welcome back, Eric Staff/,
  },
  VOLUNTEER: {
    menu: [
      'Dashboard',
      'Entreprise AI',
      'AI Assistant',
      'Collect Data',
      'Cloud Storage',
      'Assigned Tasks',
      'Submit Activity Report',
      'Approved Hours',
      'Certificates / Letters',
      'Team Chat',
      'Account Settings',
    ],
    dashboard: /Welcome back, Grace Volunteer/,
  },
  ANALYST: { menu: ngoAdminMenu, dashboard: /Welcome back, Amani Analyst/ },
  VIEWER: { menu: ngoAdminMenu, dashboard: /Welcome back, Victor Viewer/ },
};

for (const [role, want] of Object.entries(expected) as [DemoRole, (typeof expected)[DemoRole]][]) {
  test(`${role} sees its own portal label, menu and dashboard`, async ({ page, signIn }) => {
    await signIn(role);
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Portal' });
    // The labels alone: an entry may also carry an unread count (Team Chat), which is not part of its label.
    const labels = () =>
      nav
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((link) => link.querySelector('[data-nav-label]')?.textContent ?? link.textContent),
        );
    await expect.poll(labels).toEqual(want.menu);
    if (want.heading) await expect(nav.getByRole('heading')).toHaveText(want.heading);
    else await expect(nav.getByRole('heading')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: want.dashboard })).toBeVisible();
  });
}
