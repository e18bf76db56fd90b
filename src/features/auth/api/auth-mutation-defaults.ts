import type { QueryClient } from '@tanstack/react-query';
import { forgotPasswordMutationOptions } from './forgot-password';
import { resendVerificationMutationOptions } from './resend-verification';
import { resetPasswordMutationOptions } from './reset-password';
import { signInMutationOptions } from './sign-in';
import { signUpMutationOptions } from './sign-up';
import { unlockAccountMutationOptions } from './unlock-account';
import { verifyEmailMutationOptions } from './verify-email';

/**
 * House rule: every mutation key has its function registered. The auth mutations use
 * networkMode 'always', so they are never paused and never restored from IndexedDB; the
 * registration keeps the rule uniform and makes `networkMode` apply to any caller of the key.
 */
export function registerAuthMutationDefaults(queryClient: QueryClient) {
  const { mutationKey: signInKey, ...signIn } = signInMutationOptions();
  queryClient.setMutationDefaults(signInKey, signIn);
  const { mutationKey: signUpKey, ...signUp } = signUpMutationOptions();
  queryClient.setMutationDefaults(signUpKey, signUp);
  const { mutationKey: verifyKey, ...verify } = verifyEmailMutationOptions();
  queryClient.setMutationDefaults(verifyKey, verify);
  const { mutationKey: resendKey, ...resend } = resendVerificationMutationOptions();
  queryClient.setMutationDefaults(resendKey, resend);
  const { mutationKey: forgotKey, ...forgot } = forgotPasswordMutationOptions();
  queryClient.setMutationDefaults(forgotKey, forgot);
  const { mutationKey: resetKey, ...reset } = resetPasswordMutationOptions();
  queryClient.setMutationDefaults(resetKey, reset);
  const { mutationKey: unlockKey, ...unlock } = unlockAccountMutationOptions();
  queryClient.setMutationDefaults(unlockKey, unlock);
}
