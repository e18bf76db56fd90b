import { inviteCreate, type Invite, type InviteCreate } from '@contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { membersQueryKeys } from './query-keys';

/** The server validates with the same schema, so the dialog and the API agree on every message. */
export const inviteFormSchema = inviteCreate;
export type InviteFormValues = z.input<typeof inviteFormSchema>;

export interface CreateInviteInput {
  body: InviteCreate;
  /** One per invitation being written (lib/idempotency.ts): a double tap sends one mail. */
  idempotencyKey: string;
}

/** POST /api/invites: mails the link and answers the pending invitation. */
export const createInvite = ({ body, idempotencyKey }: CreateInviteInput) =>
  api<Invite>('/invites', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** Sends an invitation; the invitations and the seats (a pending one holds a seat) are asked again. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.invites() }),
        queryClient.invalidateQueries({ queryKey: membersQueryKeys.seats() }),
      ]),
  });
}
