import { describe, expect, it } from 'vitest';
import { dashboardKindForRole, isActivePath, menuForRole, portalLabel } from './nav';

const labels = (role: string) => menuForRole(role).items.map((i) => i.label);

describe('menus by role (SPEC §6, exact order and wording)', () => {
  it('SUPER_ADMIN', () => {
    expect(labels('SUPER_ADMIN')).toEqual([
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
    ]);
    expect(menuForRole('SUPER_ADMIN').tools).toEqual({
      heading: 'SuperAdmin Tools',
      items: [
        { label: 'Users', to: '/users' },
        { label: 'NGOs', to: '/ngos' },
        { label: 'API Usage', to: '/api-usage' },
        { label: 'API Providers', to: '/api-providers' },
        { label: 'Marketing', to: '/marketing' },
      ],
    });
  });

  it.each(['ADMIN', 'admin'])('%s: the general list without Latest Blog, then Admin Tools', (role) => {
    expect(labels(role)).toEqual(labels('SUPER_ADMIN').filter((l) => l !== 'Latest Blog'));
    expect(menuForRole(role).tools?.heading).toBe('Admin Tools');
    expect(menuForRole(role).tools?.items.map((i) => i.label)).toEqual([
      'Users',
      'NGOs',
      'Analytics',
      'Report Stats',
    ]);
  });

  it('STAFF has no staff management and no tools', () => {
    expect(labels('STAFF')).toEqual([
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
    ]);
    expect(menuForRole('STAFF').tools).toBeUndefined();
  });

  it('VOLUNTEER', () => {
    expect(labels('VOLUNTEER')).toEqual([
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
    ]);
  });

  it.each(['NGO_ADMIN', 'ANALYST', 'VIEWER', 'SOMETHING_ELSE', ''])('%s gets the NGO admin menu', (role) => {
    expect(labels(role)).toEqual([
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
    ]);
  });
});

describe('portal label, dashboard choice and active item', () => {
  it.each([
    ['SUPER_ADMIN', 'SuperAdmin Portal'],
    ['ADMIN', 'Admin Portal'],
    ['admin', 'Admin Portal'],
    ['STAFF', 'Staff Portal'],
    ['VOLUNTEER', 'Volunteer Portal'],
    ['NGO_ADMIN', 'NGO Admin Portal'],
    ['ANALYST', 'NGO Admin Portal'],
  ])('%s → %s', (role, label) => expect(portalLabel(role)).toBe(label));

  it.each([
    ['VOLUNTEER', 'volunteer'],
    ['ANALYST', 'admin'],
    ['VIEWER', 'admin'],
    ['SUPER_ADMIN', 'user'],
    ['STAFF', 'user'],
    ['ADMIN', 'user'],
    ['admin', 'user'],
    ['NGO_ADMIN', 'user'],
  ])('%s sees the %s dashboard', (role, kind) => expect(dashboardKindForRole(role)).toBe(kind));

  it('marks the item whose path the current path starts with', () => {
    expect(isActivePath('/grants/abc', '/grants')).toBe(true);
    expect(isActivePath('/dashboard', '/grants')).toBe(false);
  });
});
