import { messageResponse, signUpBody, type MessageResponse } from '@contract/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const signUpSchema = signUpBody;
export type SignUpFormValues = z.input<typeof signUpSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;

export const signUpMutationKey = ['auth', 'sign-up'] as const;

export async function signUp(input: SignUpInput): Promise<MessageResponse> {
  return messageResponse.parse(await api<unknown>('/auth/signup', { method: 'POST', body: input }));
}

export const signUpMutationOptions = () =>
  mutationOptions({
    mutationKey: signUpMutationKey,
    mutationFn: signUp,
    // Never paused offline: a paused mutation is persisted with its variables, and these hold a password.
    networkMode: 'always',
  });

export function useSignUp() {
  return useMutation(signUpMutationOptions());
}
