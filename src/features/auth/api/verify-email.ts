import { messageResponse, tokenBody, type MessageResponse } from '@contract/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const verifyEmailSchema = tokenBody;
export type VerifyEmailInput = z.output<typeof verifyEmailSchema>;

export const verifyEmailMutationKey = ['auth', 'verify-email'] as const;

export async function verifyEmail(input: VerifyEmailInput): Promise<MessageResponse> {
  return messageResponse.parse(await api<unknown>('/auth/verify-email', { method: 'POST', body: input }));
}

export const verifyEmailMutationOptions = () =>
  mutationOptions({
    mutationKey: verifyEmailMutationKey,
    mutationFn: verifyEmail,
    // Never paused offline: the one-time token must not be persisted, and the screen shows the failure.
    networkMode: 'always',
  });

export function useVerifyEmail() {
  return useMutation(verifyEmailMutationOptions());
}
