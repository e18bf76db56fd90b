import type { Member, MemberChange } from '@contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PagedData } from '@/lib/listing/paged-query';
import { membersQueryKeys } from './query-keys';

export interface MemberUpdate {
  memberId: string;
  /** A role, a status, or both (contract memberChange). */
  change: MemberChange;
}

/** PATCH /api/members/{memberId}: the member as changed. Trusted, not parsed (a type-only import). */
export const updateMember = ({ memberId, change }: MemberUpdate) =>
  api<Member>(`/members/${encodeURIComponent(memberId)}`, { method: 'PATCH', body: change });

/**
 * Changes a member's role or status. The changed member replaces the old one in every cached list at
 * once; then the lists (a filter may no longer match) and the seats (a status moves one) are asked
 * again, after a refusal too: a 409 means the screen was behind the server.
 */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    // Online only: admins act with a connection, and the screen disables these offline.
    networkMode: 'always',
    onSuccess: (member) =>
      queryClient.setQueriesData<PagedData<Member>>({ queryKey: membersQueryKeys.pages() }, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                items: page.items.map((m) => (m.id === member.id ? member : m)),
              })),
            }
          : old,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.pages() }),
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.seats() }),
      ]),
  });
}
