import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { phoneAnswer, phonePut } from '../../../contract/phone';
import { users } from '../../db/schema/users';
import { requireAuth } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';

const tags = ['Account'];

/**
 * /api/me/phone (issue 16, contract/phone.ts): the caller's own number for text messages. Every role
 * may keep one; no route reads or writes anyone else's.
 */
export function createPhoneRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const getRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The caller’s phone number for text messages (E.164), or null',
    security: bearer,
    middleware: [auth] as const,
    responses: { 200: jsonResponse(phoneAnswer, 'The number'), ...errors(401) },
  });

  const putRoute = createRoute({
    method: 'put',
    path: '/',
    tags,
    summary: 'Set the caller’s phone number for text messages',
    description:
      'Spaces, dashes and parentheses are dropped; a national Rwandan number (0 and nine digits) gets +250. ' +
      'The result must be E.164 (+ and 8 to 15 digits), else a 400 naming `phone`. Answers the stored form.',
    security: bearer,
    middleware: [auth] as const,
    request: { body: jsonBody(phonePut) },
    responses: { 200: jsonResponse(phoneAnswer, 'The number as stored'), ...errors(400, 401) },
  });

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/',
    tags,
    summary: 'Remove the caller’s phone number (no text messages any more)',
    security: bearer,
    middleware: [auth] as const,
    responses: { 204: { description: 'Removed' }, ...errors(401) },
  });

  return createRouter()
    .openapi(getRoute, async (c) => {
      const [row] = await c.var.db
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.id, c.var.user.id))
        .limit(1);
      return c.json({ phone: row?.phone ?? null }, 200);
    })
    .openapi(putRoute, async (c) => {
      const { phone } = c.req.valid('json');
      await c.var.db.update(users).set({ phone }).where(eq(users.id, c.var.user.id));
      return c.json({ phone }, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await c.var.db.update(users).set({ phone: null }).where(eq(users.id, c.var.user.id));
      return c.body(null, 204);
    });
}
