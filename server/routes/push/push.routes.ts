import { createRoute } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { pushKey, pushSubscriptionDelete, pushSubscriptionPut } from '../../../contract/push';
import { pushSubscriptions } from '../../db/schema/push';
import { requireAuth } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { ApiError } from '../../services/api-error';
import { pushEndpointAllowed } from '../../services/push/push-sender';

const tags = ['Web Push'];

/** /api/push (issue 16, contract/push.ts): the VAPID key and this device's subscription. */
export function createPushRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const allowPrivate = deps.env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true';

  const keyRoute = createRoute({
    method: 'get',
    path: '/key',
    tags,
    summary: 'The server’s VAPID public key, which PushManager.subscribe needs',
    security: bearer,
    middleware: [auth] as const,
    responses: { 200: jsonResponse(pushKey, 'The key (base64url)'), ...errors(401) },
  });

  const putRoute = createRoute({
    method: 'put',
    path: '/subscriptions',
    tags,
    summary: 'Keep this device’s push subscription for the caller',
    description:
      'Mentions and direct messages are then pushed to it. The same endpoint again replaces its keys; a ' +
      'device signed in as someone else now pushes to them. The endpoint must be https to a named host.',
    security: bearer,
    middleware: [auth] as const,
    request: { body: jsonBody(pushSubscriptionPut) },
    responses: { 204: { description: 'Kept' }, ...errors(400, 401) },
  });

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/subscriptions',
    tags,
    summary: 'Forget this device’s push subscription (the caller’s own; none is fine)',
    security: bearer,
    middleware: [auth] as const,
    request: { body: jsonBody(pushSubscriptionDelete) },
    responses: { 204: { description: 'Forgotten' }, ...errors(400, 401) },
  });

  return createRouter()
    .openapi(keyRoute, (c) => c.json({ publicKey: deps.push!.publicKey }, 200))
    .openapi(putRoute, async (c) => {
      const { endpoint, keys } = c.req.valid('json');
      if (!pushEndpointAllowed(endpoint, allowPrivate)) {
        const message = 'Endpoint must be an https address of a push service.';
        throw new ApiError(400, message, { fields: { endpoint: message } });
      }
      const user = c.var.user;
      await c.var.db
        .insert(pushSubscriptions)
        .values({ endpoint, userId: user.id, ngoId: user.ngoId, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: user.id,
            ngoId: user.ngoId,
            p256dh: keys.p256dh,
            auth: keys.auth,
            createdAt: sql`now()`,
          },
        });
      return c.body(null, 204);
    })
    .openapi(deleteRoute, async (c) => {
      const { endpoint } = c.req.valid('json');
      await c.var.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, c.var.user.id)));
      return c.body(null, 204);
    });
}
