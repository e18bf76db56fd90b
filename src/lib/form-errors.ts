import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverError, serverErrorMessage } from './server-error';

// The forms' one import for a server refusal: how to read it and where to put it.
export { serverError, serverErrorCode, serverErrorMessage, type ServerError } from './server-error';

/**
 * Which inputs of the form a server field lands on: a list when the form names its inputs like the
 * request body, a map (body field → input) when it does not (the cause form types 'goal', the
 * body carries 'goalMinor'). The order is the form's, so the first invalid input gets the focus.
 */
export type ServerFieldMap<T extends FieldValues> = readonly Path<T>[] | Readonly<Record<string, Path<T>>>;

const inputsOf = <T extends FieldValues>(fields: ServerFieldMap<T>): Array<[string, Path<T>]> =>
  Array.isArray(fields)
    ? (fields as readonly Path<T>[]).map((name) => [name, name])
    : (Object.entries(fields) as Array<[string, Path<T>]>);

/**
 * Puts a refusal's per-field messages on the form's inputs (react-hook-form's `setError`, so each
 * input gets aria-invalid and its message) and focuses the first of them in the form's order.
 * Returns what is left for the form's alert: the messages of fields the form has no input for
 * (the token of a link, say; more useful than a generic 'Some fields are invalid.'), or, when no
 * message landed on an input, the server's message or `fallback`; null when every message sits on
 * an input.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields: ServerFieldMap<T> = [],
  fallback = 'Something went wrong. Please try again.',
): string | null {
  const messages = Object.entries(serverError(error)?.fields ?? {});
  const inputs = setError ? inputsOf(fields) : [];
  const placed = inputs.flatMap(([bodyField, input]) => {
    const message = messages.find(([name]) => name === bodyField)?.[1];
    return message === undefined ? [] : [{ input, message }];
  });
  placed.forEach(({ input, message }, index) =>
    setError?.(input, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  const unmatched = messages.filter(([name]) => !inputs.some(([bodyField]) => bodyField === name));
  if (unmatched.length) return unmatched.map(([, message]) => message).join(' ');
  return placed.length ? null : serverErrorMessage(error, fallback);
}
