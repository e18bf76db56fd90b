/** The server's one error shape (`{ message, code?, fields? }`), whoever carried it to the client. */
export interface ServerError {
  status?: number;
  /** '' when the answer had none; callers fall back to their own words. */
  message: string;
  code?: string;
  /** Per-field messages of a 400, named after the request body's fields. */
  fields?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Reads an error answer's JSON body, leaving out whatever is not of the shape (a proxy's HTML page,
 * a field message that is not a string). Used by the outbox on raw answers and by `serverError`.
 */
export function readErrorBody(body: unknown, status?: number): ServerError | null {
  if (!isRecord(body)) return null;
  const fields = isRecord(body.fields)
    ? Object.fromEntries(
        Object.entries(body.fields).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
      )
    : {};
  return {
    status: typeof body.status === 'number' ? body.status : status,
    message: typeof body.message === 'string' ? body.message : '',
    ...(typeof body.code === 'string' && { code: body.code }),
    ...(Object.keys(fields).length > 0 && { fields }),
  };
}

/**
 * The server's error from what a write failed with: the api client's FetchError (the body is its
 * `data`) or an outbox refusal (a plain `OutboxError`). FetchError is recognised by name, not
 * class, so the landing page's outbox forms do not load ofetch for it. Any other error (a bug, a
 * parse failure) is null: its message is for developers, not for the user's alert.
 */
export function serverError(error: unknown): ServerError | null {
  if (error instanceof Error) {
    const fetchError = error as Error & { data?: unknown; statusCode?: number; response?: Response };
    const status = fetchError.statusCode ?? fetchError.response?.status;
    return error.name === 'FetchError' ? readErrorBody(fetchError.data, status) : null;
  }
  return readErrorBody(error);
}

export const serverErrorCode = (error: unknown) => serverError(error)?.code;

/**
 * The text for a form's alert: the server's message, a plain word for a request that never got an
 * answer, or the caller's fallback (an answer without message, a broken storage).
 */
export function serverErrorMessage(error: unknown, fallback: string): string {
  const message = serverError(error)?.message;
  if (message) return message;
  const noAnswer =
    error instanceof Error && error.name === 'FetchError' && !(error as { response?: unknown }).response;
  return noAnswer ? 'Network error. Check your connection and try again.' : fallback;
}
