import { publicFormDefinition, type PublicFormDefinition } from '@contract/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The fill page's own key root: persisted for offline filling (fill/offline.ts), apart from the staff screens'. */
export const formFillQueryKeys = {
  all: ['form-fill'] as const,
  definition: (formId: string) => ['form-fill', 'definition', formId] as const,
};

export async function getPublicDefinition(formId: string): Promise<PublicFormDefinition> {
  return publicFormDefinition.parse(await api<unknown>(`/forms/${encodeURIComponent(formId)}/definition`));
}

export const publicDefinitionQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: formFillQueryKeys.definition(formId),
    queryFn: () => getPublicDefinition(formId),
    // A volunteer in the field fills from the copy saved on the phone; it is refreshed when online.
    staleTime: 60_000,
    gcTime: Infinity,
  });

export const usePublicDefinition = (formId: string) => useQuery(publicDefinitionQueryOptions(formId));
