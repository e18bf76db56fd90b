import { z } from '@hono/zod-openapi';
import { errorBody } from '../../contract/errors';
import { text } from '../../contract/storable';
import { errorResponses } from './router';

type Status = keyof typeof errorResponses;

/** The documented error answers of a route, all in the one error shape. */
export function errors(...statuses: Status[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: errorResponses[s], content: { 'application/json': { schema: errorBody } } },
    ]),
  ) as Record<Status, { description: string; content: { 'application/json': { schema: typeof errorBody } } }>;
}

export const jsonBody = <T>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const bearer = [{ bearerAuth: [] }];

/** The request header of a route behind the idempotency middleware (server/http/idempotency.ts). */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': text('Idempotency-Key')
    .max(255)
    .optional()
    .openapi({
      description:
        'Optional. A client-made unique key (a UUID) for this write, kept at least 30 days. Sent again with the ' +
        'same body, the first successful answer is replayed (header `Idempotent-Replayed: true`) and nothing ' +
        'is written twice; with a different body it is a 409 `idempotency_key_reused`. Answers other than 2xx ' +
        'are not stored, so a corrected retry may reuse the key.',
      example: '2f1c9b0e-8d4a-4c1e-9a63-5b7e2d0f4a11',
    }),
});

/** The answers the idempotency middleware adds to a route's documented ones. */
export const idempotentResponses = {
  409: {
    description:
      'The Idempotency-Key was already used with a different payload (`idempotency_key_reused`); or a ' +
      'malformed key is a 400 `idempotency_key_invalid`',
    content: { 'application/json': { schema: errorBody } },
  },
};
