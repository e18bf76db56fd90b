import { responsesSummary, type ResponsesSummary } from '@contract/forms/summary';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiQueryOf, type ResponsesFilter } from '../responses-filter';
import { responsesQueryKeys } from './query-keys';

/** GET /forms/{formId}/summary: per question of the published version, over every response the filter matches. */
export async function getSummary(
  formId: string,
  filter: ResponsesFilter,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ResponsesSummary> {
  return responsesSummary.parse(
    await api<unknown>(`/forms/${encodeURIComponent(formId)}/summary`, { query: apiQueryOf(filter), signal }),
  );
}

export const summaryQueryOptions = (formId: string, filter: ResponsesFilter) =>
  queryOptions({
    queryKey: responsesQueryKeys.summary(formId, filter),
    queryFn: ({ signal }) => getSummary(formId, filter, { signal }),
    staleTime: 60_000,
  });

export const useSummary = (formId: string, filter: ResponsesFilter) =>
  // Another filter keeps the charts on screen until its numbers arrive.
  useQuery({ ...summaryQueryOptions(formId, filter), placeholderData: keepPreviousData });
