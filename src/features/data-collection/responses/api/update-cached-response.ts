import type { Submission } from '@contract/forms/api';
import type { QueryClient } from '@tanstack/react-query';
import type { PagedData } from '@/lib/listing/paged-query';
import { responsesQueryKeys } from './query-keys';

/**
 * A response changed (reviewed, corrected): its new state goes into its detail and into every loaded
 * page holding it, at once and without refetching every page of every list; the lists are marked
 * stale (a filtered one may no longer hold it: it is asked again next time it is shown), the summary
 * and the history are asked again.
 */
export async function rememberResponse(queryClient: QueryClient, formId: string, saved: Submission) {
  queryClient.setQueryData(responsesQueryKeys.detail(formId, saved.id), saved);
  queryClient.setQueriesData<PagedData<Submission>>({ queryKey: responsesQueryKeys.kind('pages') }, (data) =>
    data?.pages.some((p) => p.items.some((s) => s.id === saved.id))
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((s) => (s.id === saved.id ? saved : s)),
          })),
        }
      : data,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: responsesQueryKeys.kind('pages'), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: responsesQueryKeys.kind('summary') }),
    queryClient.invalidateQueries({ queryKey: responsesQueryKeys.history(formId, saved.id) }),
  ]);
}
