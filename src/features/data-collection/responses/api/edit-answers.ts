import type { Answers } from '@contract/forms/answers';
import type { Submission } from '@contract/forms/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rememberResponse } from './update-cached-response';

/**
 * PUT /forms/{formId}/submissions/{id}/answers (responses:review): the corrected answers, checked by
 * the server as a new send of the response's version; a 400's `fields` name each question's node
 * path ('age', 'member[2]/name'). The answers replaced go to the response's history.
 */
export interface EditAnswersInput {
  answers: Answers;
  comment?: string;
}

export function editAnswers(
  formId: string,
  responseId: string,
  input: EditAnswersInput,
): Promise<Submission> {
  const comment = input.comment?.trim();
  return api<Submission>(
    `/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(responseId)}/answers`,
    { method: 'PUT', body: { answers: input.answers, ...(comment && { comment }) } },
  );
}

export function useEditAnswers(formId: string, responseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditAnswersInput) => editAnswers(formId, responseId, input),
    networkMode: 'always',
    onSuccess: (saved) => rememberResponse(queryClient, formId, saved),
  });
}
