import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKeys } from './query-keys';

/** DELETE /api/invites/{inviteId}: the link stops working at once (204). */
export const revokeInvite = (inviteId: string) =>
  api<void>(`/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });

/** Revokes an invitation; its seat is free again. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.invites() }),
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.seats() }),
      ]),
  });
}
