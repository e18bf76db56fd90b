import type { CreatedShare, CreateShareBody, ShareLink } from '@contract/shares';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storageQueryKeys } from './query-keys';

/** A file's share links, newest first, revoked ones included (never their tokens). */
export const shareLinksQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: storageQueryKeys.shares(fileId),
    queryFn: ({ signal }) => api<ShareLink[]>('/shares', { query: { fileId }, signal }),
    // Visitors move the counters from elsewhere: each opening of the dialog asks again.
    staleTime: 0,
  });

export const useShareLinks = (fileId: string) => useQuery(shareLinksQueryOptions(fileId));

/**
 * Makes a link; the answer carries its address, which the server cannot give again (it keeps only
 * the token's hash), so the caller must show it now.
 */
export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareBody) => api<CreatedShare>('/shares', { method: 'POST', body }),
    // Offline the dialog disables the button; a request that fails anyway is an error to show, not a
    // paused mutation that would hand out a link minutes later in a closed dialog.
    networkMode: 'always',
    onSettled: (_share, _error, body) =>
      queryClient.invalidateQueries({ queryKey: storageQueryKeys.shares(body.fileId) }),
  });
}

/** Ends a link at once; it stays in the list as revoked. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: Pick<ShareLink, 'id' | 'fileId'>) =>
      api<ShareLink>(`/shares/${encodeURIComponent(link.id)}`, { method: 'DELETE' }),
    networkMode: 'always',
    onSettled: (_revoked, _error, link) =>
      queryClient.invalidateQueries({ queryKey: storageQueryKeys.shares(link.fileId) }),
  });
}
