import { useRef } from 'react';
import { newIdempotencyKey } from './outbox/idempotency-key';

/**
 * The Idempotency-Key of a retryable write started from a form or button: the same payload sent
 * again (a double tap, a retry after a timeout) reuses its key, so the server answers once; a
 * changed payload gets a new key instead of the 409 the server gives a reused key with new data.
 */
export function useIdempotencyKey(): (payload: unknown) => string {
  const last = useRef<{ payload: string; key: string } | null>(null);
  return (payload) => {
    const json = JSON.stringify(payload);
    if (last.current?.payload !== json) last.current = { payload: json, key: newIdempotencyKey() };
    return last.current.key;
  };
}
