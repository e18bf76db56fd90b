import { createRoute } from '@hono/zod-openapi';
import { dashboardSummary } from '../../../contract/dashboard';
import { requireAuth } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { getDashboardSummary } from './dashboard.service';

export function createDashboardRouter(deps: AppDeps) {
  const getSummary = createRoute({
    method: 'get',
    path: '/summary',
    tags: ['Dashboard'],
    summary: "Live figures for the caller's organisation",
    description:
      "Members are counted for the caller's organisation only; grants and blogs are the shared catalogue. " +
      'Any signed-in role may read it, since the spec gives every role a dashboard.',
    security: bearer,
    middleware: [requireAuth(deps)] as const,
    responses: {
      200: jsonResponse(dashboardSummary, 'The dashboard figures'),
      ...errors(401),
    },
  });

  return createRouter().openapi(getSummary, async (c) => {
    const summary = await getDashboardSummary(c.var.db, c.var.tenant, new Date(), c.var.user);
    return c.json(summary, 200);
  });
}
