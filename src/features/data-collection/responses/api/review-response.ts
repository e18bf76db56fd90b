import type { ReviewStatus, Submission } from '@contract/forms/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rememberResponse } from './update-cached-response';

/** POST /forms/{formId}/submissions/{id}/review (responses:review): approve, reject (with why) or back to received. */
export interface ReviewInput {
  reviewStatus: ReviewStatus;
  comment?: string;
}

/** The contract's rule (reviewBody), checked before sending: a rejection says why. */
export function reviewInputProblem(input: ReviewInput): string | undefined {
  return input.reviewStatus === 'rejected' && !input.comment?.trim()
    ? 'Say why the response is rejected.'
    : undefined;
}

export function reviewResponse(formId: string, responseId: string, input: ReviewInput): Promise<Submission> {
  const comment = input.comment?.trim();
  return api<Submission>(
    `/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(responseId)}/review`,
    { method: 'POST', body: { reviewStatus: input.reviewStatus, ...(comment && { comment }) } },
  );
}

export function useReviewResponse(formId: string, responseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => reviewResponse(formId, responseId, input),
    // A review is decided at a desk with the response on screen: asked now, answered now, never queued.
    networkMode: 'always',
    onSuccess: (saved) => rememberResponse(queryClient, formId, saved),
  });
}
