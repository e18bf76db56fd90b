import { emailOnlyBody, messageResponse, type MessageResponse } from '@contract/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const resendVerificationSchema = emailOnlyBody;
export type ResendVerificationFormValues = z.input<typeof resendVerificationSchema>;
export type ResendVerificationInput = z.output<typeof resendVerificationSchema>;

export const resendVerificationMutationKey = ['auth', 'resend-verification'] as const;

export async function resendVerification(input: ResendVerificationInput): Promise<MessageResponse> {
  return messageResponse.parse(
    await api<unknown>('/auth/resend-verification', { method: 'POST', body: input }),
  );
}

export const resendVerificationMutationOptions = () =>
  mutationOptions({
    mutationKey: resendVerificationMutationKey,
    mutationFn: resendVerification,
    // The user waits for the answer on screen; a send replayed hours later would only confuse.
    networkMode: 'always',
  });

export function useResendVerification() {
  return useMutation(resendVerificationMutationOptions());
}
