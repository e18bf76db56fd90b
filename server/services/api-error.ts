import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The error a service throws to answer the client with a status, a message and a code. It lives here,
 * not in http/, so domain code can refuse a request without depending on the HTTP layer; the one
 * `onError` in http/errors.ts renders it as `{ message, code, fields? }`.
 */

const defaultCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'too_many_requests',
  502: 'bad_gateway',
  503: 'unavailable',
};

/** The `code` an answer of this status carries when the thrower names none. */
export const defaultCodeOf = (status: number): string => defaultCodes[status] ?? 'error';

export class ApiError extends HTTPException {
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { code?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(status, { message });
    this.code = options.code ?? defaultCodeOf(status);
    this.fields = options.fields;
    this.headers = options.headers;
  }
}
