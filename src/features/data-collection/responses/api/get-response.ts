import type { Submission } from '@contract/forms/api';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PagedData } from '@/lib/listing/paged-query';
import { api } from '@/lib/api-client';
import { responsesQueryKeys } from './query-keys';

/** GET /forms/{formId}/submissions/{id}: one response (a volunteer gets only their own). */
export async function getResponse(
  formId: string,
  responseId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Submission> {
  return api<Submission>(
    `/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(responseId)}`,
    { signal },
  );
}

export const responseQueryOptions = (formId: string, responseId: string) =>
  queryOptions({
    queryKey: responsesQueryKeys.detail(formId, responseId),
    queryFn: ({ signal }) => getResponse(formId, responseId, { signal }),
  });

/** The response as a loaded page of the table holds it: shown at once while its own copy loads. */
export function responseFromPages(queryClient: QueryClient, formId: string, responseId: string) {
  for (const [key, data] of queryClient.getQueriesData<PagedData<Submission>>({
    queryKey: responsesQueryKeys.kind('pages'),
  })) {
    if (key[3] !== formId || !data) continue;
    for (const page of data.pages) {
      const found = page.items.find((s) => s.id === responseId);
      if (found) return found;
    }
  }
  return undefined;
}

export function useResponse(formId: string, responseId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...responseQueryOptions(formId, responseId),
    placeholderData: () => responseFromPages(queryClient, formId, responseId),
  });
}
