import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorBody, errorMessage } from '@/lib/api-client';

/**
 * Puts the server's per-field messages on the matching form fields and returns the text for the
 * form's alert. Field messages with no field on the form (the token of a link, say) are more
 * useful than the generic 'Some fields are invalid.', so they replace it.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  {
    setError,
    fields = [],
    fallback,
  }: { setError?: UseFormSetError<T>; fields?: readonly Path<T>[]; fallback: string },
): string {
  const unmatched: string[] = [];
  for (const [name, message] of Object.entries(apiErrorBody(error)?.fields ?? {})) {
    const field = fields.find((f) => f === name);
    if (field && setError) setError(field, { type: 'server', message }, { shouldFocus: true });
    else unmatched.push(message);
  }
  return unmatched.length ? unmatched.join(' ') : errorMessage(error, fallback);
}

export const serverErrorCode = (error: unknown) => apiErrorBody(error)?.code;
