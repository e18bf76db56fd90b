import { outbox as pageOutbox } from './default-outbox';
import type { EnqueueOptions, Outbox } from './outbox';
import type { OutboxAction, OutboxBody, SubmitResult } from './types';

export interface DefinedOutboxAction<Body extends OutboxBody> extends OutboxAction {
  submit(body: Body, options: EnqueueOptions): Promise<SubmitResult>;
  enqueue(body: Body, options: EnqueueOptions): Promise<unknown>;
}

/**
 * How a feature declares a write that may start offline. A form sends it through
 * `useOutboxSubmit`; `enqueue` is for a write that only has to arrive some time (the outbox
 * sends it). `box` is the page's outbox; tests pass their own.
 */
export function defineOutboxAction<Body extends OutboxBody>(
  action: OutboxAction,
  box: Outbox = pageOutbox,
): DefinedOutboxAction<Body> {
  return {
    ...action,
    submit: (body, options) => box.submit(action, body, options),
    enqueue: (body, options) => box.enqueue(action, body, options),
  };
}
