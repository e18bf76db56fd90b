import type { OutboxError } from './types';

/** Thrown by a mutation function when the server refused a submit, for onError handlers. */
export class OutboxRejectedError extends Error {
  readonly status: number | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(readonly detail: OutboxError) {
    super(detail.message);
    this.name = 'OutboxRejectedError';
    this.status = detail.status;
    this.fields = detail.fields;
  }
}
