import type { FormSummary } from '@contract/forms/api';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { formsQueryKeys } from './query-keys';

export const deleteFormMutationKey = ['forms', 'delete'] as const;

export interface DeleteFormInput {
  formId: string;
  idempotencyKey: string;
}

/** DELETE /forms/{formId}: 204, or 409 `form_has_responses` (close the form instead). */
export async function deleteForm({ formId, idempotencyKey }: DeleteFormInput): Promise<void> {
  await api(`/forms/${encodeURIComponent(formId)}`, {
    method: 'DELETE',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const deleteFormMutationOptions = () =>
  mutationOptions({
    mutationKey: deleteFormMutationKey,
    mutationFn: deleteForm,
    // Confirmed now: a delete replayed later, after the admin has moved on, would surprise.
    networkMode: 'always',
  });

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteFormMutationOptions(),
    onSuccess: (_data, { formId }) => {
      // Out of the list at once, so it never flickers back before the refetch.
      queryClient.setQueryData<FormSummary[]>(formsQueryKeys.lists(), (forms) =>
        forms?.filter((f) => f.id !== formId),
      );
      queryClient.removeQueries({ queryKey: formsQueryKeys.detail(formId) });
    },
    // After a failure too: a 404 means someone else deleted it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: formsQueryKeys.lists() }),
  });
}
