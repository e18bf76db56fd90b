import type { SubmissionBody } from '@contract/forms/api';
import { defineOutboxAction } from '@/lib/outbox';

/**
 * A filled form goes through the outbox (issue 14): queued at once on the device, sent when there is
 * a connection, retried until the server has it. Its instance id is both the outbox entry's key and
 * the body's `instanceId`, which the server stores once: a retry after a lost answer is the same record.
 */
export const submitResponseAction = defineOutboxAction<SubmissionBody>({
  kind: 'form-response',
  method: 'POST',
  url: '/forms',
  label: 'Form response',
});

export const submissionUrl = (formId: string) => `/forms/${encodeURIComponent(formId)}/submissions`;

/** Queues the response; the outbox sends it now if it can. */
export function queueResponse(formId: string, body: SubmissionBody) {
  return submitResponseAction.enqueue(body, { idempotencyKey: body.instanceId, url: submissionUrl(formId) });
}
