import type { ReviewStatus, Submission } from '@contract/forms/api';
import { Check, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { NeedsNetworkNote } from '@/components/ui/needs-network';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useOffline } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { serverError, serverErrorMessage } from '@/lib/server-error';
import { reviewInputProblem, useReviewResponse } from '../api/review-response';
import { ReviewStatusBadge } from './review-status-badge';

const done: Record<ReviewStatus, string> = {
  approved: 'Response approved.',
  rejected: 'Response rejected.',
  received: 'Response marked as received.',
};

/**
 * The response's review state, and for reviewers (responses:review) Approve, Reject (saying why) and
 * Mark as received, with an optional comment. Asked of the server at once: offline, the buttons
 * wait with the reason shown.
 */
export function ReviewPanel({
  formId,
  response,
  canReview,
}: {
  formId: string;
  response: Submission;
  canReview: boolean;
}) {
  const review = useReviewResponse(formId, response.id);
  const offline = useOffline();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string>();
  const [alert, setAlert] = useState<string | null>(null);
  const [asked, setAsked] = useState<ReviewStatus | null>(null);
  const noteId = useId();
  const headingId = useId();

  const decide = async (reviewStatus: ReviewStatus) => {
    setAlert(null);
    const problem = reviewInputProblem({ reviewStatus, comment });
    setCommentError(problem);
    if (problem) {
      document.getElementById(`${noteId}-comment`)?.focus();
      return;
    }
    setAsked(reviewStatus);
    try {
      await review.mutateAsync({ reviewStatus, comment });
      setComment('');
      notify.success(done[reviewStatus]);
    } catch (failure) {
      const fieldMessage = serverError(failure)?.fields?.comment;
      if (fieldMessage) setCommentError(fieldMessage);
      else setAlert(serverErrorMessage(failure, 'The review could not be saved.'));
    }
  };

  const busy = review.isPending;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-bold">
        Review
      </h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Status:</span>
        <ReviewStatusBadge status={response.reviewStatus} />
      </div>
      {response.reviewComment && (
        <p className="text-sm">
          <span className="font-medium">Comment: </span>
          {response.reviewComment}
        </p>
      )}
      {canReview && (
        <>
          {alert && <Alert tone="error">{alert}</Alert>}
          <TextAreaField
            id={`${noteId}-comment`}
            label="Review comment"
            hint="Optional, except to reject: say what is wrong."
            rows={2}
            maxLength={2000}
            value={comment}
            error={commentError}
            onChange={(e) => {
              setComment(e.target.value);
              if (commentError && e.target.value.trim()) setCommentError(undefined);
            }}
          />
          {offline && (
            <NeedsNetworkNote id={noteId}>You are offline. Reviewing needs a connection.</NeedsNetworkNote>
          )}
          <div className="flex flex-wrap gap-2">
            {response.reviewStatus !== 'approved' && (
              <Button
                disabled={offline || busy}
                pending={busy && asked === 'approved'}
                aria-describedby={offline ? noteId : undefined}
                onClick={() => void decide('approved')}
              >
                <Check aria-hidden className="size-4" />
                Approve
              </Button>
            )}
            {response.reviewStatus !== 'rejected' && (
              <Button
                variant="danger"
                disabled={offline || busy}
                pending={busy && asked === 'rejected'}
                aria-describedby={offline ? noteId : undefined}
                onClick={() => void decide('rejected')}
              >
                <X aria-hidden className="size-4" />
                Reject
              </Button>
            )}
            {response.reviewStatus !== 'received' && (
              <Button
                variant="secondary"
                disabled={offline || busy}
                pending={busy && asked === 'received'}
                aria-describedby={offline ? noteId : undefined}
                onClick={() => void decide('received')}
              >
                <RotateCcw aria-hidden className="size-4" />
                Mark as received
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
