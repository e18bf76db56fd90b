import { passwordSchema, signInBody, signInResponse, signUpBody, type SignInResponse } from '@contract/auth';
import type { InviteAccept } from '@contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

/**
 * The invite page's two forms, with the auth pages' own rules (contract/auth.ts), so they show the
 * sign-up and sign-in messages: a new account gives a name and a new password (sign-up asks for it
 * once, so this does too); an existing account its current password.
 */
export const joinWithNewAccountSchema = z.object({ name: signUpBody.shape.name, password: passwordSchema });
export type JoinWithNewAccountValues = z.input<typeof joinWithNewAccountSchema>;
export const joinWithAccountSchema = z.object({ password: signInBody.shape.password });
export type JoinWithAccountValues = z.input<typeof joinWithAccountSchema>;

/** POST /api/invites/accept (public): answers a session exactly like sign-in does. */
export async function acceptInvite(body: InviteAccept): Promise<SignInResponse> {
  const answer = await api<unknown>('/invites/accept', {
    method: 'POST',
    body,
    // A wrong password here is the form's to show, not a session that expired: this call opts out of
    // the client's 401 rule (sign out and go to /signin), as the sign-in page is exempt from it.
    onResponseError: () => {},
  });
  return signInResponse.parse(answer);
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    // Never paused offline: a paused mutation is persisted with its variables, and these hold a password.
    networkMode: 'always',
    // Stored as sign-in stores it (lib/session saveSession); a shared phone must never show the new
    // session data cached for whoever used it before, as sign-in ensures too.
    onSuccess: ({ token, user }) => {
      saveSession(token, user);
      queryClient.removeQueries();
    },
  });
}
