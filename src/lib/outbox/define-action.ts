import { outbox } from './default-outbox';
import type { EnqueueOptions } from './outbox';
import type { OutboxAction, OutboxBody } from './types';

/**
 * How a feature declares a write that may start offline. `submit` is for a user waiting on a
 * form; `enqueue` for a write that only has to arrive some time (the outbox sends it).
 */
export function defineOutboxAction<Body extends OutboxBody>(action: OutboxAction) {
  return {
    ...action,
    submit: (body: Body, options: EnqueueOptions) => outbox.submit(action, body, options),
    enqueue: (body: Body, options: EnqueueOptions) => outbox.enqueue(action, body, options),
  };
}
