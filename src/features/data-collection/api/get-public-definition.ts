import type { PublicFormDefinition } from '@contract/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The fill page's own key root: persisted for offline filling (fill/offline.ts), apart from the staff screens'. */
export const formFillQueryKeys = {
  all: ['form-fill'] as const,
  definition: (formId: string) => ['form-fill', 'definition', formId] as const,
};

/**
 * The published definition as the server wrote it (it checked it when publishing). Not parsed again
 * with zod here: on a slow phone that took 80–120 ms of the page's start for a 200-question form
 * (docs/performance.md), and it is what the server's own engine validates answers against.
 */
export function getPublicDefinition(formId: string): Promise<PublicFormDefinition> {
  return api<PublicFormDefinition>(`/forms/${encodeURIComponent(formId)}/definition`);
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
