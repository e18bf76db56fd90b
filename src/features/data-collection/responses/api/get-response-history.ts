import type { SubmissionEdit } from '@contract/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { responsesQueryKeys } from './query-keys';

/** GET /forms/{formId}/submissions/{id}/history (responses:read): each change, newest first. */
export async function getResponseHistory(
  formId: string,
  responseId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubmissionEdit[]> {
  return api<SubmissionEdit[]>(
    `/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(responseId)}/history`,
    { signal },
  );
}

export const responseHistoryQueryOptions = (formId: string, responseId: string) =>
  queryOptions({
    queryKey: responsesQueryKeys.history(formId, responseId),
    queryFn: ({ signal }) => getResponseHistory(formId, responseId, { signal }),
  });

export const useResponseHistory = (formId: string, responseId: string, enabled: boolean) =>
  useQuery({ ...responseHistoryQueryOptions(formId, responseId), enabled });
