import type { ReportStatus } from '@contract/activity-reports';

/*
 * The two screens' search params, read by hand (ADR 0006: no zod in route files). Anything unknown is
 * dropped, so an old or mistyped link opens the screen unfiltered.
 */

const STATUSES: readonly string[] = ['pending', 'approved', 'declined'];

export interface ActivityReportSearch {
  status?: ReportStatus;
  volunteerId?: string;
}

export const HOURS_TABS = ['review', 'totals', 'volunteers'] as const;
export type HoursTab = (typeof HOURS_TABS)[number];

export interface HoursSearch {
  tab?: HoursTab;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function parseActivityReportSearch(search: Record<string, unknown>): ActivityReportSearch {
  const out: ActivityReportSearch = {};
  const status = text(search.status);
  if (status && STATUSES.includes(status)) out.status = status as ReportStatus;
  const volunteerId = text(search.volunteerId);
  if (volunteerId && /^[A-Za-z0-9_]{1,64}$/.test(volunteerId)) out.volunteerId = volunteerId;
  return out;
}

export function parseHoursSearch(search: Record<string, unknown>): HoursSearch {
  const tab = text(search.tab);
  return tab && (HOURS_TABS as readonly string[]).includes(tab) ? { tab: tab as HoursTab } : {};
}
