import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppBindings } from './context';
import { validationError } from './errors';

/** Every router validates the same way: a failed zod check becomes a 400 with field messages. */
export function createRouter() {
  return new OpenAPIHono<AppBindings>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export const errorResponses = {
  400: 'Invalid input; `fields` maps each bad field to its message',
  401: 'Missing, invalid or revoked bearer token',
  402: 'The organisation’s plan allowance for this month is used up (`plan_limit_reached`); the message says when it resets',
  403: 'The role may not do this',
  404: 'Not found (or belongs to another organisation)',
  409: 'Conflicts with existing data',
  411: 'The request must declare its length (Content-Length)',
  413: 'Too large: the body passes its limit, or the organisation’s storage quota (`storage_quota_exceeded`)',
  415: 'The body is not of a type this route takes',
  416: 'The byte range asked for is outside the file; Content-Range names its size',
  429: 'Too many attempts; see Retry-After',
  502: 'An upstream service (the AI provider) failed or timed out',
  503: 'The feature is not configured on this server',
} as const;
