import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountQueryKeys } from './get-phone';

export const removePhoneMutationKey = ['account', 'remove-phone'] as const;

/** DELETE /api/me/phone: no more text messages. Takes no input. */
export const removePhone = async () => {
  await api('/me/phone', { method: 'DELETE' });
};

export const removePhoneMutationOptions = () =>
  mutationOptions({
    mutationKey: removePhoneMutationKey,
    mutationFn: removePhone,
    // Online only, like saving: the member sees at once whether the number is gone.
    networkMode: 'always',
  });

export function useRemovePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    ...removePhoneMutationOptions(),
    onSuccess: () => queryClient.setQueryData(accountQueryKeys.phone(), { phone: null }),
  });
}
