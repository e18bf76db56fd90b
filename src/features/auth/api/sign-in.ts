import { signInBody, signInResponse, type SignInResponse } from '@contract/auth';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

/** The server validates with the same schema, so the form and the API agree on every message. */
export const signInSchema = signInBody;
export type SignInFormValues = z.input<typeof signInSchema>;
export type SignInInput = z.output<typeof signInSchema>;

export const signInMutationKey = ['auth', 'sign-in'] as const;

export async function signIn(input: SignInInput): Promise<SignInResponse> {
  return signInResponse.parse(await api<unknown>('/auth/signin', { method: 'POST', body: input }));
}

export const signInMutationOptions = () =>
  mutationOptions({
    mutationKey: signInMutationKey,
    mutationFn: signIn,
    // Never paused offline: a paused mutation is persisted with its variables, and these hold a password.
    networkMode: 'always',
  });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    ...signInMutationOptions(),
    onSuccess: ({ token, user }) => {
      saveSession(token, user);
      // A shared phone: a new session must never be shown data cached for the previous user.
      queryClient.removeQueries();
    },
  });
}
