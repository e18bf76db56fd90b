import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from './outbox/idempotency-key';

/*
 * The one Idempotency-Key policy of the client (ADR 0024), for outbox forms and online-only
 * retryable writes alike: a key belongs to one write the user is preparing. It is made when the
 * form starts (its first input, or the submit if nothing was typed), every resend of that write
 * carries it (a double tap, a retry after a lost answer or a refusal: the server stores nothing for
 * a non-2xx answer, ADR 0010, so a corrected payload may reuse it), and it is renewed once the
 * server holds the write (2xx) or the outbox does (queued), or when the server says it already
 * holds another payload under it (409).
 */

/** True when an answer with this status ends the key's write: the next submit is a new write. */
export const answerRenewsKey = (status: number | undefined) =>
  status !== undefined && ((status >= 200 && status < 300) || status === 409);

export interface FormIdempotencyKey {
  /** The key of the write being prepared, made on the first call; call it on the form's first input. */
  start(): string;
  /** The key so far; null before the form started. */
  current(): string | null;
  /** The write is done (or kept by the outbox): the next submit gets a new key. */
  renew(): void;
}

export function useIdempotencyKey(): FormIdempotencyKey {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      start: () => (key.current ??= newIdempotencyKey()),
      current: () => key.current,
      renew: () => {
        key.current = null;
      },
    }),
    [],
  );
}
