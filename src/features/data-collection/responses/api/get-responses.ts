import type { Submission } from '@contract/forms/api';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchListingPage, type ListingPage } from '@/lib/listing/paged-query';
import { apiQueryOf, type ResponsesFilter } from '../responses-filter';
import { responsesQueryKeys } from './query-keys';

/** Responses carry every answer: 50 a page keeps one page small on 2G and fills a tall screen. */
export const RESPONSES_PAGE_SIZE = 50;

/*
 * GET /forms/{formId}/submissions, page by page (Next-Cursor), newest first, through the listings'
 * page fetcher (lib/listing). Not a `defineListing` listing: its path is per form and its days are
 * sent as instants, so the key holds the form and the URL's filter, and the query what the API takes.
 * Answers are trusted, not parsed: a type-only contract import keeps zod off the route (ADR 0006).
 */
export const responsesQueryOptions = (formId: string, filter: ResponsesFilter) =>
  infiniteQueryOptions({
    queryKey: responsesQueryKeys.pages(formId, filter),
    queryFn: ({ pageParam, signal, queryKey }) =>
      fetchListingPage<Submission>(`/forms/${encodeURIComponent(formId)}/submissions`, {
        queryKey,
        query: apiQueryOf(filter),
        cursor: pageParam || undefined,
        limit: RESPONSES_PAGE_SIZE,
        signal,
      }),
    // '' rather than undefined: page params are persisted as JSON.
    initialPageParam: '',
    getNextPageParam: (last: ListingPage<Submission>) => last.nextCursor,
    // A stale infinite query refetches every page it holds: a reviewer 10 pages down would pay 10
    // round trips on each focus. New responses show on a filter change, a review, or Refresh.
    staleTime: 60_000,
  });

export const useResponses = (formId: string, filter: ResponsesFilter) =>
  useInfiniteQuery(responsesQueryOptions(formId, filter));
