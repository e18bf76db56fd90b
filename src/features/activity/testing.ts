import type { ActivityReport, HoursSummary } from '@contract/activity-reports';

/** A pending report of Grace's, unless told otherwise. */
export const reportOf = (over: Partial<ActivityReport> = {}): ActivityReport => ({
  id: '7d0c6a52-2f6b-4c1e-9d7e-1a2b3c4d5e6f',
  volunteerId: 'grace',
  volunteerName: 'Grace Volunteer',
  taskId: null,
  taskTitle: null,
  date: '2026-11-20',
  startTime: '09:00',
  endTime: '11:30',
  minutes: 150,
  reportedMinutes: 150,
  category: 'service',
  description: 'Cleaned the river bank with the youth group.',
  location: null,
  photos: [],
  status: 'pending',
  declineReason: null,
  reviewedById: null,
  reviewedByName: '',
  reviewedAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...over,
});

/** Twelve months ending November 2026, with hours in October (service and training) and November. */
export const summaryOf = (over: Partial<HoursSummary> = {}): HoursSummary => ({
  thisMonth: 150,
  thisYear: 990,
  allTime: 1290,
  trainingAllTime: 120,
  trainingThisYear: 120,
  reports: 6,
  pendingReports: 2,
  byMonth: Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(2025, 11 + i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    return {
      month,
      service: month === '2026-10' ? 600 : month === '2026-11' ? 150 : 0,
      training: month === '2026-10' ? 120 : 0,
    };
  }),
  ...over,
});
