import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../http/context';
import { createRouter } from '../../http/router';
import { jsonResponse } from '../../http/openapi-helpers';

const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

const getHealth = createRoute({
  method: 'get',
  path: '/',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  responses: {
    200: jsonResponse(healthResponse, 'The API and its database answer'),
    503: jsonResponse(healthResponse, 'The database does not answer'),
  },
});

export function createHealthRouter(deps: Pick<AppDeps, 'ping'>) {
  return createRouter().openapi(getHealth, async (c) => {
    try {
      await deps.ping();
      return c.json({ status: 'ok' as const, database: 'up' as const }, 200);
    } catch {
      return c.json({ status: 'degraded' as const, database: 'down' as const }, 503);
    }
  });
}
