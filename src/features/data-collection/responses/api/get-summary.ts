import type { QuestionType } from '@contract/forms/definition';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiQueryOf, type ResponsesFilter } from '../responses-filter';
import { responsesQueryKeys } from './query-keys';

/*
 * GET /forms/{formId}/summary: per question of the published version, computed by the database over
 * every response the filter matches. The shape is server/routes/forms/summary.routes.ts's
 * (responsesSummary), written here as types until it moves to the contract.
 */

export interface QuestionSummary {
  /** Names from the form's root, '/'-separated. */
  path: string;
  type: QuestionType;
  /** Responses matched, or for a question inside a repeat, its repeat's instances. */
  total: number;
  answered: number;
  /** Selects: each choice name and how many chose it, most frequent first. */
  counts?: { value: string; count: number }[];
  /** Numbers: equal bins, `from` ≤ x < `to` (the last includes `to`). */
  histogram?: { from: number; to: number; count: number }[];
  /** Geopoints: [latitude, longitude], the newest 5,000 at most. */
  points?: [number, number][];
}

export interface ResponsesSummary {
  version: number | null;
  responses: number;
  questions: QuestionSummary[];
}

export async function getSummary(
  formId: string,
  filter: ResponsesFilter,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ResponsesSummary> {
  return api<ResponsesSummary>(`/forms/${encodeURIComponent(formId)}/summary`, {
    query: apiQueryOf(filter),
    signal,
  });
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
