import { z } from 'zod';

/** GET /api/dashboard/summary: live figures for the caller's organisation. */
export const dashboardSummary = z.object({
  ngo: z.object({
    id: z.string(),
    name: z.string(),
    plan: z.string(),
    /** ISO 8601 timestamp (UTC). */
    createdAt: z.string(),
  }),
  members: z.object({
    total: z.number().int(),
    /** Every known role with its count (0 when none), plus any other role found in the data. */
    byRole: z.record(z.string(), z.number().int()),
    /** Members whose email address is not verified yet. */
    unverified: z.number().int(),
  }),
  grants: z.object({
    /** Deadline today or later, or no deadline (rolling). */
    open: z.number().int(),
    /** Deadline from today to 14 days ahead, inclusive. */
    closingSoon: z.number().int(),
    /** Posted in the last 30 days. */
    newThisMonth: z.number().int(),
    total: z.number().int(),
  }),
  blogs: z.object({
    total: z.number().int(),
    /** The 3 most recent posts, newest first. */
    latest: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        category: z.string(),
        /** YYYY-MM-DD */
        postDate: z.string(),
      }),
    ),
  }),
  /**
   * Approved volunteer hours in minutes (issue 15), summed in SQL from approved activity reports: a
   * volunteer's own, the organisation's for every other role. Months and years are the server's (UTC).
   */
  volunteerHours: z.object({
    thisMonth: z.number().int(),
    thisYear: z.number().int(),
    allTime: z.number().int(),
    /** Reports waiting for review (the volunteer's own, or the organisation's). */
    pendingReports: z.number().int(),
  }),
  /** The 5 open grants with the nearest deadlines (grants without a deadline are left out). */
  upcomingDeadlines: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      donorAgency: z.string(),
      /** YYYY-MM-DD */
      deadlineDate: z.string(),
      grantSize: z.string(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** Days ahead that count as "closing soon". */
export const CLOSING_SOON_DAYS = 14;
/** Days back that count as "new this month". */
export const NEW_GRANT_DAYS = 30;
