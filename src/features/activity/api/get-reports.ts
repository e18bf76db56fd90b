import type { ActivityReport } from '@contract/activity-reports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchListingPage, type ListingPage } from '@/lib/listing/paged-query';
import {
  ACTIVITY_STALE_MS,
  activityQueryKeys,
  normaliseReportFilter,
  type ReportListFilter,
} from './query-keys';

export type { ReportListFilter };

export const REPORTS_PAGE_SIZE = 50;

/**
 * GET /api/activity-reports for one filter, a page at a time (Next-Cursor), newest day first. A
 * volunteer gets only their own; the review queue is status=pending. Trusted, not parsed (ADR 0006).
 */
export const reportsQueryOptions = (filter: ReportListFilter = {}) => {
  const normalised = normaliseReportFilter(filter);
  return infiniteQueryOptions({
    queryKey: activityQueryKeys.reports(normalised),
    queryFn: ({ pageParam, signal, queryKey }) =>
      fetchListingPage<ActivityReport>('/activity-reports', {
        queryKey,
        query: { ...normalised },
        cursor: pageParam,
        limit: REPORTS_PAGE_SIZE,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ListingPage<ActivityReport>) => last.nextCursor,
    staleTime: ACTIVITY_STALE_MS,
  });
};

export const useReports = (filter: ReportListFilter = {}) => useInfiniteQuery(reportsQueryOptions(filter));
