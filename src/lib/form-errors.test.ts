import { FetchError } from 'ofetch';
import { describe, expect, it, vi } from 'vitest';
import { applyServerError } from './form-errors';

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

describe('applyServerError', () => {
  it('maps body fields onto differently named inputs and focuses the first input of the form', () => {
    const setError = vi.fn();
    const alert = applyServerError(fetchError(400, invalid), setError, { title: 'title', goalMinor: 'goal' });
    expect(alert).toBeNull();
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'Title is required.' }, { shouldFocus: true }],
      ['goal', { type: 'server', message: 'Goal is too large.' }, { shouldFocus: false }],
    ]);
  });

  it("gives the alert the messages of fields the form has no input for, or else the server's message", () => {
    const setError = vi.fn();
    expect(applyServerError(fetchError(400, invalid), setError, ['title'], 'Not saved.')).toBe(
      'Goal is too large.',
    );
    expect(applyServerError(fetchError(403, { message: 'Forbidden.' }), setError, ['title'])).toBe(
      'Forbidden.',
    );
    expect(applyServerError(new Error('boom'), setError, ['title'], 'Not saved.')).toBe('Not saved.');
  });

  it('without setError, every field message goes to the alert', () => {
    expect(applyServerError(fetchError(400, invalid), undefined, [], 'Not saved.')).toBe(
      'Goal is too large. Title is required.',
    );
  });
});
