import type { FormDetail } from '@contract/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { formsQueryKeys } from './query-keys';

/** GET /forms/{formId}: the form's summary and its draft definition. */
export async function getForm(
  formId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FormDetail> {
  const answer = await api<unknown>(`/forms/${encodeURIComponent(formId)}`, { signal });
  // The schema (and zod with it) loads with the answer, not with the route tree every page loads (ADR 0006).
  const { formDetail } = await import('@contract/forms/api');
  return formDetail.parse(answer);
}

export const getFormQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: formsQueryKeys.detail(formId),
    queryFn: ({ signal }) => getForm(formId, { signal }),
  });

export function useFormDetail(formId: string) {
  return useQuery(getFormQueryOptions(formId));
}
