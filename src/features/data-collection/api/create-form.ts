import { formDetail, saveFormBody, type FormDetail, type SaveFormBody } from '@contract/forms/api';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { formsQueryKeys } from './query-keys';

/** The body of POST /forms: the draft's whole definition (an empty one for a new form). */
export const createFormInputSchema = saveFormBody;

export const createFormMutationKey = ['forms', 'create'] as const;

export interface CreateFormInput {
  body: SaveFormBody;
  idempotencyKey: string;
}

export async function createForm({ body, idempotencyKey }: CreateFormInput): Promise<FormDetail> {
  return formDetail.parse(
    await api<unknown>('/forms', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

/** A form the server answered with: its detail cached, the lists to refetch. */
export function rememberForm(queryClient: QueryClient, form: FormDetail) {
  queryClient.setQueryData(formsQueryKeys.detail(form.id), form);
  void queryClient.invalidateQueries({ queryKey: formsQueryKeys.lists() });
}

export const createFormMutationOptions = () =>
  mutationOptions({
    mutationKey: createFormMutationKey,
    mutationFn: createForm,
    // The screen waits for the new form's builder; offline it says so at once.
    networkMode: 'always',
  });

export function useCreateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createFormMutationOptions(),
    onSuccess: (form) => rememberForm(queryClient, form),
  });
}
