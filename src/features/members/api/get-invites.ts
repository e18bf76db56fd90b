import type { Invite } from '@contract/members';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchListingPage, type ListingPage } from '@/lib/listing/paged-query';
import { membersQueryKeys, STAFF_STALE_MS } from './query-keys';

/** An NGO's invitations fit a page or two: the plan's limit caps the pending ones. */
export const INVITES_PAGE_SIZE = 50;

/**
 * GET /api/invites, newest first, page by page (Next-Cursor), through the listings' page fetcher.
 * Not a `defineListing` listing: it has no filters to narrow or to answer offline from a superset.
 */
export const invitesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: membersQueryKeys.invites(),
    queryFn: ({ pageParam, signal, queryKey }) =>
      fetchListingPage<Invite>('/invites', {
        queryKey,
        query: {},
        cursor: pageParam || undefined,
        limit: INVITES_PAGE_SIZE,
        signal,
      }),
    // '' rather than undefined: page params are persisted as JSON.
    initialPageParam: '',
    getNextPageParam: (last: ListingPage<Invite>) => last.nextCursor,
    staleTime: STAFF_STALE_MS,
  });

export const useInvites = (enabled = true) => useInfiniteQuery({ ...invitesQueryOptions(), enabled });
