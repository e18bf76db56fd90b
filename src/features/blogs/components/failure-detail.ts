import { FetchError } from 'ofetch';
import { apiErrorBody, errorStatus } from '@/lib/api-client';

/**
 * A second sentence under the spec's failure message, when the server's says something the spec's
 * does not: AI switched off on this server (503), a refusal such as a missing permission (4xx), or
 * no connection. A 502's 'please try again' would only repeat the spec's message.
 */
export function failureDetail(error: unknown): string | null {
  if (error instanceof FetchError && !error.response)
    return 'Network error. Check your connection and try again.';
  const status = errorStatus(error);
  const message = apiErrorBody(error)?.message;
  if (!status || !message) return null;
  return status === 503 || (status >= 400 && status < 500 && status !== 401) ? message : null;
}
