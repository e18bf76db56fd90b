import { phonePut, type PhoneAnswer, type PhonePut } from '@contract/phone';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountQueryKeys } from './get-phone';

/** The server validates PUT /api/me/phone with the same schema (normalising to E.164), so both agree. */
export const setPhoneInputSchema = phonePut;

export const setPhoneMutationKey = ['account', 'set-phone'] as const;

export const setPhone = (input: PhonePut) => api<PhoneAnswer>('/me/phone', { method: 'PUT', body: input });

export const setPhoneMutationOptions = () =>
  mutationOptions({
    mutationKey: setPhoneMutationKey,
    mutationFn: setPhone,
    // The member watches the form for the answer; offline they are told at once instead of a save
    // that happens some time later, or never.
    networkMode: 'always',
  });

export function useSetPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setPhoneMutationOptions(),
    onSuccess: (answer) => queryClient.setQueryData(accountQueryKeys.phone(), answer),
  });
}
