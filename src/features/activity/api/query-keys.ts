/** What one list of reports is asked with (GET /api/activity-reports): blanks left out, one cache entry. */
export interface ReportListFilter {
  status?: 'pending' | 'approved' | 'declined';
  volunteerId?: string;
}

/**
 * The activity feature's query keys: ['activity', kind, …] (offline.ts persists the reports lists,
 * the hours summary, the volunteers' totals and the volunteer's task options). A list's third
 * element is its filter: the unfiltered list is always kept offline, the filtered ones (the review
 * queue is status=pending) the newest few.
 */
export const activityQueryKeys = {
  all: ['activity'] as const,
  reportLists: () => ['activity', 'reports'] as const,
  reports: (filter: ReportListFilter) => ['activity', 'reports', filter] as const,
  summary: (volunteerId?: string) => ['activity', 'summary', volunteerId ? { volunteerId } : {}] as const,
  summaries: () => ['activity', 'summary'] as const,
  volunteers: () => ['activity', 'volunteers'] as const,
  history: (reportId: string) => ['activity', 'history', reportId] as const,
  /** The tasks a volunteer may name in a report: their own assignments. */
  taskOptions: () => ['activity', 'task-options'] as const,
  thumbnail: (fileId: string) => ['activity', 'thumbnail', fileId] as const,
};

/** Reviews happen under a volunteer's eyes: asked again on open. */
export const ACTIVITY_STALE_MS = 30_000;

/** Blank fields dropped: `{}` and `{ status: undefined }` are one list, one cache entry. */
export function normaliseReportFilter(filter: ReportListFilter): ReportListFilter {
  const out: ReportListFilter = {};
  if (filter.status) out.status = filter.status;
  if (filter.volunteerId) out.volunteerId = filter.volunteerId;
  return out;
}
