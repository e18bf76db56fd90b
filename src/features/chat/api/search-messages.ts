import type { SearchHit } from '@contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatQueryKeys } from './query-keys';

/** GET /api/chat/search?q=: messages with the words, each hit's body highlighted with « ». */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: chatQueryKeys.search(q),
    queryFn: ({ signal }) => api<SearchHit[]>('/chat/search', { query: { q }, signal }),
    staleTime: 30_000,
  });

export const useSearchMessages = (q: string) =>
  useQuery({ ...searchQueryOptions(q), enabled: q.trim().length > 0 });
