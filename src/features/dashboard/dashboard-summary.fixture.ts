import type { DashboardSummary } from './types';

/** 'YYYY-MM-DD' of the local day `offset` days from today, as the API sends calendar dates. */
export function localDay(offset: number, now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A summary whose figures are all different, so a test can tell them apart. */
export function makeDashboardSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    ngo: { id: '01NGO', name: 'Kigali Water Trust', plan: 'starter', createdAt: '2024-02-10T08:30:00.000Z' },
    members: {
      total: 17,
      byRole: { SUPER_ADMIN: 0, ADMIN: 0, NGO_ADMIN: 1, STAFF: 4, VOLUNTEER: 10, ANALYST: 2, VIEWER: 0 },
      unverified: 3,
    },
    grants: { open: 42, closingSoon: 6, newThisMonth: 9, total: 58 },
    blogs: {
      total: 23,
      latest: [
        { id: '01BLOGA', title: 'Clean water for 40 villages', category: 'Water', postDate: '2025-05-02' },
        { id: '01BLOGB', title: 'Our volunteers in numbers', category: 'Community', postDate: '2025-04-18' },
      ],
    },
    // Minutes, all different: 12 h 30 min this month, 80 h this year, 200 h 15 min in all.
    volunteerHours: { thisMonth: 750, thisYear: 4800, allTime: 12015, pendingReports: 4 },
    upcomingDeadlines: [
      {
        id: '01GRANTA',
        title: 'Rural Sanitation Challenge Fund',
        donorAgency: 'Wellspring Health Foundation',
        deadlineDate: localDay(5),
        grantSize: '$50,000',
      },
      {
        id: '01GRANTB',
        title: 'Girls Education Fund',
        donorAgency: 'Lumen Education Trust',
        deadlineDate: localDay(21),
        grantSize: '$120,000',
      },
      {
        id: '01GRANTC',
        title: 'Climate-Smart Agriculture Grants',
        donorAgency: 'Nordic Partnership for Development',
        deadlineDate: localDay(0),
        grantSize: '$15,000',
      },
      {
        id: '01GRANTD',
        title: 'Community Radio Awards',
        donorAgency: 'Open Voices Fund',
        deadlineDate: localDay(30),
        grantSize: '$8,000',
      },
    ],
    ...overrides,
  };
}
