import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { ZodError } from 'zod';
import { ApiError, defaultCodeOf } from '../services/api-error';

/** The one error body every endpoint answers with. */
export interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

export function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: ZodError): ApiError {
  return new ApiError(400, 'Some fields are invalid.', {
    code: 'validation_failed',
    fields: fieldsFromZod(error),
  });
}

export function errorResponse(c: Context, err: Error, logger: Logger) {
  if (err instanceof ApiError) {
    const body: ErrorBody = {
      message: err.message,
      code: err.code,
      ...(err.fields && { fields: err.fields }),
    };
    return c.json(body, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message = err.message || (status === 413 ? 'The request body is too large.' : 'Request failed.');
    return c.json<ErrorBody>({ message, code: defaultCodeOf(status) }, status);
  }
  logger.error({ err, requestId: c.get('requestId') }, 'unhandled error');
  return c.json<ErrorBody>({ message: 'Something went wrong on our side.', code: 'internal_error' }, 500);
}
