import { causeDetail, type CauseDetail, type CreateCauseBody } from '@contract/causes';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { causesQueryKeys } from './query-keys';

export const createCauseMutationKey = ['causes', 'create'] as const;

export interface CreateCauseInput {
  body: CreateCauseBody;
  idempotencyKey: string;
}

export async function createCause({ body, idempotencyKey }: CreateCauseInput): Promise<CauseDetail> {
  return causeDetail.parse(
    await api<unknown>('/causes', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export const createCauseMutationOptions = () =>
  mutationOptions({
    mutationKey: createCauseMutationKey,
    mutationFn: createCause,
    // The form waits for the new cause's page; offline it says so at once and keeps what was typed.
    networkMode: 'always',
  });

export function useCreateCause() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createCauseMutationOptions(),
    onSuccess: (cause) => {
      queryClient.setQueryData(causesQueryKeys.detail(cause.id), cause);
      void queryClient.invalidateQueries({ queryKey: causesQueryKeys.lists() });
    },
  });
}
