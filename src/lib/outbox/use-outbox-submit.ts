import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerError, type ServerFieldMap } from '../form-errors';
import { answerRenewsKey, useIdempotencyKey } from '../idempotency';
import type { DefinedOutboxAction } from './define-action';
import { startOutbox } from './start';
import type { OutboxBody, OutboxError } from './types';

/** What became of a form's write, for the form to tell the user. */
export type OutboxSubmitOutcome<Response> =
  | { status: 'sent'; response: Response }
  /** Kept on the device and sent when the connection is back: 'offline' (network error) or 'server' (5xx). */
  | { status: 'queued'; reason: 'offline' | 'server' }
  /**
   * Refused (a 4xx) or not kept at all (storage refused): the user has to act. Field messages are
   * already on their inputs; `alert` is what the form shows besides them (null: nothing more).
   */
  | { status: 'attention'; error: OutboxError; alert: string | null };

export interface OutboxSubmitOptions<Values extends FieldValues, Response> {
  /** react-hook-form's setError: a 400's `fields` land on these inputs. */
  setError?: UseFormSetError<Values>;
  /** The inputs those fields land on (see ServerFieldMap); others go to `alert`. */
  fields?: ServerFieldMap<Values>;
  /** The alert's text when there is no better one (IndexedDB refused, a refusal without message). */
  fallback: string;
  /** Checks the server's 2xx answer (a zod schema's parse); the raw JSON otherwise. */
  parseResponse?: (raw: unknown) => Response;
}

/**
 * The one way a form sends a write that may start offline (ADR 0024): it owns the write's
 * Idempotency-Key (the shared policy of lib/idempotency: made when the form starts, kept for a
 * resend, renewed once the server or the outbox holds the write), turns the outbox's answer into
 * an outcome, and puts a refusal's field messages on the form's inputs.
 */
export function useOutboxSubmit<
  Body extends OutboxBody,
  Values extends FieldValues = FieldValues,
  Response = unknown,
>(action: DefinedOutboxAction<Body>, options: OutboxSubmitOptions<Values, Response>) {
  const key = useIdempotencyKey();
  const [pending, setPending] = useState(false);
  // A second submit while the first is out (a double tap) is the same write: it gets its answer.
  const inFlight = useRef<Promise<OutboxSubmitOutcome<Response>> | null>(null);

  // Wherever a write can start, the queue is sent too (idempotent if the page's entry started it).
  useEffect(startOutbox, []);

  async function run(body: Body): Promise<OutboxSubmitOutcome<Response>> {
    const { setError, fields, fallback, parseResponse } = options;
    try {
      const result = await action.submit(body, { idempotencyKey: key.start() });
      if (result.status === 'rejected') {
        if (answerRenewsKey(result.error.status)) key.renew();
        return {
          status: 'attention',
          error: result.error,
          alert: applyServerError(result.error, setError, fields, fallback),
        };
      }
      key.renew();
      if (result.status === 'queued') return result;
      const response = parseResponse ? parseResponse(result.response) : (result.response as Response);
      return { status: 'sent', response };
    } catch {
      // IndexedDB refused (private mode quota, a blocked upgrade), or an answer of an unexpected
      // shape: the form says it failed and keeps the input.
      return { status: 'attention', error: { message: fallback }, alert: fallback };
    }
  }

  const send = (body: Body): Promise<OutboxSubmitOutcome<Response>> => {
    if (inFlight.current) return inFlight.current;
    setPending(true);
    const current = run(body).finally(() => {
      inFlight.current = null;
      setPending(false);
    });
    inFlight.current = current;
    return current;
  };

  return {
    send,
    /** Call on the form's first input (`onInput`), so the key dates from when the write began. */
    start: key.start,
    /** True while a send is out. */
    pending,
    /** The key of the write being prepared; null before the form started. */
    currentKey: key.current,
  };
}
