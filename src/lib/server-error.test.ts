import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { readErrorBody, serverError, serverErrorMessage } from './server-error';

function fetchError(status: number | null, data?: unknown) {
  const error = new FetchError('request failed');
  Object.assign(error, { data, response: status === null ? undefined : new Response(null, { status }) });
  return error;
}

const invalid = {
  message: 'Some fields are invalid.',
  code: 'validation_failed',
  fields: { goalMinor: 'Goal is too large.', title: 'Title is required.' },
};

describe('serverError', () => {
  it("reads the api client's FetchError and the outbox's plain error alike", () => {
    expect(serverError(fetchError(400, invalid))).toEqual({ status: 400, ...invalid });
    expect(serverError({ status: 429, message: 'Slow down.' })).toEqual({
      status: 429,
      message: 'Slow down.',
      code: undefined,
      fields: undefined,
    });
    // Any other error's own message is for developers, never the user's alert.
    expect(serverError(new Error('x is undefined'))).toBeNull();
  });

  it('says "network error" for a request that never got an answer', () => {
    expect(serverErrorMessage(fetchError(null), 'Not saved.')).toBe(
      'Network error. Check your connection and try again.',
    );
    expect(serverErrorMessage(new Error('boom'), 'Not saved.')).toBe('Not saved.');
  });
});

describe('readErrorBody', () => {
  it('keeps only what has the shape: string messages, string field messages', () => {
    expect(readErrorBody({ message: 'Nope.', code: 7, fields: { a: 'A is bad.', b: 3 } }, 400)).toEqual({
      status: 400,
      message: 'Nope.',
      fields: { a: 'A is bad.' },
    });
    expect(readErrorBody({ fields: { a: 'A is bad.' } }, 400)).toEqual({
      status: 400,
      message: '',
      fields: { a: 'A is bad.' },
    });
    expect(readErrorBody('<html>Bad gateway</html>', 502)).toBeNull();
  });
});
