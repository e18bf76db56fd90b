import type { DashboardSummary } from '@contract/dashboard';

export type { DashboardSummary };
export type UpcomingDeadline = DashboardSummary['upcomingDeadlines'][number];
export type LatestBlog = DashboardSummary['blogs']['latest'][number];
