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
  action: OutboxAction & {
    /** The entry's order key from its body (OutboxEntry.orderKey), unless the caller gives one. */
    orderKey?: (body: Body) => string | undefined;
  },
  box: Outbox = pageOutbox,
): DefinedOutboxAction<Body> {
  const { orderKey, ...plain } = action;
  const withKey = (body: Body, options: EnqueueOptions): EnqueueOptions => {
    const key = options.orderKey ?? orderKey?.(body);
    return key === undefined ? options : { ...options, orderKey: key };
  };
  return {
    ...plain,
    submit: (body, options) => box.submit(plain, body, withKey(body, options)),
    enqueue: (body, options) => box.enqueue(plain, body, withKey(body, options)),
  };
}
