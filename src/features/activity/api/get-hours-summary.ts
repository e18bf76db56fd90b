import type { HoursSummary } from '@contract/activity-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { todayCalendarDate } from '@/lib/calendar-date';
import { ACTIVITY_STALE_MS, activityQueryKeys } from './query-keys';

/**
 * GET /api/hours/summary: approved totals and the twelve months ending with the caller's own month
 * (`today` is their day, so "this month" is theirs, not the server's). A volunteer gets their own,
 * staff and readers the organisation's. Trusted, not parsed (a type-only import, ADR 0006).
 */
export const hoursSummaryQueryOptions = (volunteerId?: string) =>
  queryOptions({
    queryKey: activityQueryKeys.summary(volunteerId),
    queryFn: ({ signal }) =>
      api<HoursSummary>('/hours/summary', {
        query: { today: todayCalendarDate(), ...(volunteerId && { volunteerId }) },
        signal,
      }),
    staleTime: ACTIVITY_STALE_MS,
  });

export const useHoursSummary = (volunteerId?: string) => useQuery(hoursSummaryQueryOptions(volunteerId));
