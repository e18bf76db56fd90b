import type { Invite } from '@contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKeys } from './query-keys';

/** POST /api/invites/{inviteId}/resend: a new link, mailed, valid for a new week. */
export const resendInvite = (inviteId: string) =>
  api<Invite>(`/invites/${encodeURIComponent(inviteId)}/resend`, { method: 'POST' });

/** Resends an invitation; an expired one is pending again, so the seats are asked again too. */
export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.invites() }),
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.seats() }),
      ]),
  });
}
