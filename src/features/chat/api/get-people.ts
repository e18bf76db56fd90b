import type { ChatPerson } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatQueryKeys } from './query-keys';

/** GET /api/chat/people: the NGO's active members, for direct messages and @mentions. */
export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: chatQueryKeys.people(),
    queryFn: ({ signal }) => api<ChatPerson[]>('/chat/people', { signal }),
    staleTime: 5 * 60_000,
  });

export const usePeople = (enabled = true) => useQuery({ ...peopleQueryOptions(), enabled });
