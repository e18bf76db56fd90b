import type { FormSummary } from '@contract/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { formsQueryKeys } from './query-keys';

/** GET /forms: the NGO's forms, newest change first (a volunteer gets the published ones only). */
export async function listForms({ signal }: { signal?: AbortSignal } = {}): Promise<FormSummary[]> {
  const answer = await api<unknown>('/forms', { signal });
  // The schema (and zod with it) loads with the answer, not with the route tree every page loads (ADR 0006).
  const { formList } = await import('@contract/forms/api');
  return formList.parse(answer);
}

export const listFormsQueryOptions = () =>
  queryOptions({
    queryKey: formsQueryKeys.lists(),
    queryFn: ({ signal }) => listForms({ signal }),
  });

export function useFormList() {
  return useQuery(listFormsQueryOptions());
}
