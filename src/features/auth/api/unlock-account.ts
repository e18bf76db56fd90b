import { messageResponse, tokenBody, type MessageResponse } from '@contract/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const unlockAccountSchema = tokenBody;
export type UnlockAccountInput = z.output<typeof unlockAccountSchema>;

export const unlockAccountMutationKey = ['auth', 'unlock'] as const;

/** Spends the emailed unlock token (the link is /signin?unlock=<token>): the account's sign-ins are open again. */
export async function unlockAccount(input: UnlockAccountInput): Promise<MessageResponse> {
  return messageResponse.parse(await api<unknown>('/auth/unlock', { method: 'POST', body: input }));
}

export const unlockAccountMutationOptions = () =>
  mutationOptions({
    mutationKey: unlockAccountMutationKey,
    mutationFn: unlockAccount,
    // Never paused offline: the one-time token must not be persisted, and the screen shows the failure.
    networkMode: 'always',
  });

export function useUnlockAccount() {
  return useMutation(unlockAccountMutationOptions());
}
