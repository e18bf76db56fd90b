import { causeDetail, type CauseDetail, type UpdateCauseBody } from '@contract/causes';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { causesQueryKeys } from './query-keys';

export const updateCauseMutationKey = ['causes', 'update'] as const;

export interface UpdateCauseInput {
  id: string;
  body: UpdateCauseBody;
  idempotencyKey: string;
}

export async function updateCause({ id, body, idempotencyKey }: UpdateCauseInput): Promise<CauseDetail> {
  return causeDetail.parse(
    await api<unknown>(`/causes/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export const updateCauseMutationOptions = () =>
  mutationOptions({
    mutationKey: updateCauseMutationKey,
    mutationFn: updateCause,
    networkMode: 'always',
  });

export function useUpdateCause() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateCauseMutationOptions(),
    onSuccess: (cause) => {
      queryClient.setQueryData(causesQueryKeys.detail(cause.id), cause);
      void queryClient.invalidateQueries({ queryKey: causesQueryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: causesQueryKeys.public(cause.id) });
    },
  });
}
