import { formDetail, saveFormBody, type FormDetail } from '@contract/forms/api';
import type { FormDefinition } from '@contract/forms/definition';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rememberForm } from './create-form';

/** The body of PUT /forms/{formId}: the whole draft definition. */
export const saveFormInputSchema = saveFormBody;

export const saveFormMutationKey = ['forms', 'save'] as const;

export interface SaveFormInput {
  formId: string;
  definition: FormDefinition;
  idempotencyKey: string;
}

/** PUT /forms/{formId}: replaces the draft; the published version stays until the next publish. */
export async function saveForm({ formId, definition, idempotencyKey }: SaveFormInput): Promise<FormDetail> {
  return formDetail.parse(
    await api<unknown>(`/forms/${encodeURIComponent(formId)}`, {
      method: 'PUT',
      body: { definition },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export const saveFormMutationOptions = () =>
  mutationOptions({
    mutationKey: saveFormMutationKey,
    mutationFn: saveForm,
    // The builder keeps the changes on screen; offline it says so at once instead of waiting.
    networkMode: 'always',
  });

export function useSaveForm() {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveFormMutationOptions(),
    onSuccess: (form) => rememberForm(queryClient, form),
  });
}
