import type { InviteLookup } from '@contract/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKeys } from './query-keys';

/**
 * GET /api/invites/lookup/{token} (public): the organisation, the address and the role an invitation
 * link names, or 404 `invite_invalid` for a link unknown, used, revoked or expired. Trusted, not parsed:
 * the route warms it, and zod stays off the route tree (ADR 0006).
 */
export const inviteLookupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: membersQueryKeys.lookup(token),
    queryFn: ({ signal }) => api<InviteLookup>(`/invites/lookup/${encodeURIComponent(token)}`, { signal }),
    // What the link names changes only when it is used, and then this page is left.
    staleTime: Infinity,
  });

export const useInviteLookup = (token: string) => useQuery(inviteLookupQueryOptions(token));
