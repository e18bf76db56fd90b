import { formDetail, type FormDetail } from '@contract/forms/api';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rememberForm } from './create-form';

/**
 * POST /forms/{formId}/publish | close | open (forms:publish). Publishing makes the saved draft the
 * next version (a 400 `form_invalid` names each question's problem) and opens the form; closing
 * stops the fill link taking responses; opening takes them again.
 */
export type FormAction = 'publish' | 'close' | 'open';

export const formActionMutationKey = ['forms', 'action'] as const;

export interface FormActionInput {
  formId: string;
  action: FormAction;
  idempotencyKey: string;
}

export async function runFormAction({
  formId,
  action,
  idempotencyKey,
}: FormActionInput): Promise<FormDetail> {
  return formDetail.parse(
    await api<unknown>(`/forms/${encodeURIComponent(formId)}/${action}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export const formActionMutationOptions = () =>
  mutationOptions({
    mutationKey: formActionMutationKey,
    mutationFn: runFormAction,
    // Asked now, answered now: a publish replayed later would surprise whoever asked.
    networkMode: 'always',
  });

export function useFormAction() {
  const queryClient = useQueryClient();
  return useMutation({
    ...formActionMutationOptions(),
    onSuccess: (form) => rememberForm(queryClient, form),
  });
}
