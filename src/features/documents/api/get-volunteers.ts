import type { Member } from '@contract/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentsQueryKeys } from './query-keys';

/**
 * GET /api/members?role=VOLUNTEER&status=active: who a document may be issued to. A plan holds at
 * most 100 members, so one page of 100 holds every volunteer. Trusted, not parsed.
 */
export const documentVolunteersQueryOptions = () =>
  queryOptions({
    queryKey: documentsQueryKeys.volunteers(),
    queryFn: ({ signal }) =>
      api<Member[]>('/members', {
        query: { role: 'VOLUNTEER', status: 'active', sortBy: 'name', sortOrder: 'asc', limit: 100 },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export const useDocumentVolunteers = (enabled = true) =>
  useQuery({ ...documentVolunteersQueryOptions(), enabled });
