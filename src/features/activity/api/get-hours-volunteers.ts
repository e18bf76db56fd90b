import type { VolunteerHours } from '@contract/activity-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { todayCalendarDate } from '@/lib/calendar-date';
import { ACTIVITY_STALE_MS, activityQueryKeys } from './query-keys';

/** GET /api/hours/volunteers: each volunteer's approved totals, by name (staff and readers). */
export const hoursVolunteersQueryOptions = () =>
  queryOptions({
    queryKey: activityQueryKeys.volunteers(),
    queryFn: ({ signal }) =>
      api<VolunteerHours[]>('/hours/volunteers', { query: { today: todayCalendarDate() }, signal }),
    staleTime: ACTIVITY_STALE_MS,
  });

export const useHoursVolunteers = (enabled = true) => useQuery({ ...hoursVolunteersQueryOptions(), enabled });
