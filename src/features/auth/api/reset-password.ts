import { messageResponse, resetPasswordBody, type MessageResponse } from '@contract/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const resetPasswordSchema = resetPasswordBody;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** The form asks for the password twice; the token comes from the link, not from a field. */
export const resetPasswordFormSchema = resetPasswordBody
  .pick({ password: true })
  .extend({ confirmPassword: z.string().min(1, 'Confirm the new password.') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

export const resetPasswordMutationKey = ['auth', 'reset-password'] as const;

export async function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return messageResponse.parse(await api<unknown>('/auth/reset-password', { method: 'POST', body: input }));
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({
    mutationKey: resetPasswordMutationKey,
    mutationFn: resetPassword,
    // Never paused offline: a paused mutation is persisted with its variables, and these hold a password.
    networkMode: 'always',
  });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
