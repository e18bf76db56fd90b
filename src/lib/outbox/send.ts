import { readErrorBody } from '../server-error';
import { parseRetryAfter } from './backoff';
import type { OutboxEntry, OutboxError, SendOutcome } from './types';

// A send that hangs (a stalled "online" connection) must end, or it would hold the entry's lock.
const SEND_TIMEOUT_MS = 60_000;

export interface SendContext {
  baseUrl: string;
  /** The bearer token, only when the entry belongs to the signed-in user. */
  token: string | null;
  now: number;
  fetch?: typeof fetch;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(status: number, body: unknown): OutboxError {
  const read = readErrorBody(body, status);
  const message = read?.message || `The server answered ${status}.`;
  return read?.fields ? { status, message, fields: read.fields } : { status, message };
}

/**
 * One attempt at one entry. 408 and 429 say "later", not "wrong", so they are retried like a 5xx
 * (429 after its Retry-After). So is 401: the session ended, not the write; the entry waits until
 * its user signs in again (the flush skips entries of a user who is not signed in). Every other
 * 4xx, 409 included, needs the user.
 */
export async function sendEntry(entry: OutboxEntry, context: SendContext): Promise<SendOutcome> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': entry.id,
  };
  if (context.token) headers.Authorization = `Bearer ${context.token}`;
  let response: Response;
  try {
    // Looked up at call time, so a stub installed after start-up (tests) is the one used.
    const doFetch = context.fetch ?? globalThis.fetch;
    response = await doFetch(`${context.baseUrl}${entry.url}`, {
      method: entry.method,
      headers,
      body: JSON.stringify(entry.body),
      credentials: 'include',
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    });
  } catch {
    return { type: 'retry', error: { message: 'Network error. The device seems to be offline.' } };
  }
  const body = await readBody(response);
  if (response.ok) return { type: 'sent', status: response.status, response: body };
  const error = errorFrom(response.status, body);
  if (response.status >= 500 || [401, 408, 429].includes(response.status)) {
    return {
      type: 'retry',
      error,
      retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), context.now),
    };
  }
  return { type: 'rejected', error };
}
