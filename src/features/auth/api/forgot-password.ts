import { emailOnlyBody, messageResponse, type MessageResponse } from '@contract/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const forgotPasswordSchema = emailOnlyBody;
export type ForgotPasswordFormValues = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

export const forgotPasswordMutationKey = ['auth', 'forgot-password'] as const;

export async function forgotPassword(input: ForgotPasswordInput): Promise<MessageResponse> {
  return messageResponse.parse(await api<unknown>('/auth/forgot-password', { method: 'POST', body: input }));
}

export const forgotPasswordMutationOptions = () =>
  mutationOptions({
    mutationKey: forgotPasswordMutationKey,
    mutationFn: forgotPassword,
    // The user waits for the answer on screen; a reset link sent hours later would only confuse.
    networkMode: 'always',
  });

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}
