import type { ActivityHistoryEntry } from '@contract/activity-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityQueryKeys } from './query-keys';

/** GET /api/activity-reports/{id}/history: who submitted, reviewed or corrected it, when and why. */
export const reportHistoryQueryOptions = (reportId: string) =>
  queryOptions({
    queryKey: activityQueryKeys.history(reportId),
    queryFn: ({ signal }) =>
      api<ActivityHistoryEntry[]>(`/activity-reports/${encodeURIComponent(reportId)}/history`, { signal }),
    staleTime: 0,
  });

export const useReportHistory = (reportId: string) => useQuery(reportHistoryQueryOptions(reportId));
