import type { ReviewStatus, Submission, SubmissionEdit } from '@contract/forms/api';
import { answerChanges, type AnswerChange } from './answer-tree';

/*
 * A response's history holds, for each change, the state it replaced. What a change made is the
 * state the next change (of the same kind) replaced, or for the newest one the response as it is now.
 */

export interface ReviewState {
  reviewStatus: ReviewStatus | null;
  reviewComment: string | null;
}

export type HistoryEntry =
  | { edit: SubmissionEdit; kind: 'answers'; changes: AnswerChange[] }
  | { edit: SubmissionEdit; kind: 'review'; before: ReviewState; after: ReviewState };

const reviewStateOf = (value: unknown): ReviewState => {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    reviewStatus: typeof v.reviewStatus === 'string' ? (v.reviewStatus as ReviewStatus) : null,
    reviewComment: typeof v.reviewComment === 'string' ? v.reviewComment : null,
  };
};

/** The history (newest first, as the API answers it) with what each change made. */
export function historyEntries(current: Submission, history: readonly SubmissionEdit[]): HistoryEntry[] {
  let answersAfter: unknown = current.answers;
  let reviewAfter: ReviewState = { reviewStatus: current.reviewStatus, reviewComment: current.reviewComment };
  return history.map((edit) => {
    if (edit.kind === 'answers') {
      const entry: HistoryEntry = {
        edit,
        kind: 'answers',
        changes: answerChanges(edit.previous, answersAfter),
      };
      answersAfter = edit.previous;
      return entry;
    }
    const before = reviewStateOf(edit.previous);
    const entry: HistoryEntry = { edit, kind: 'review', before, after: reviewAfter };
    reviewAfter = before;
    return entry;
  });
}
