import { createRoute } from '@hono/zod-openapi';
import { formIdParams } from '../../../contract/forms/api';
import { responsesSummary, summaryQuery } from '../../../contract/forms/summary';
import { can } from '../../../contract/permissions';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { summarizeResponses } from './summary.service';

const tags = ['Form responses'];

/** GET /api/forms/{formId}/summary: what a form's responses say, question by question (issue 14). */
export function createSummaryRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const summaryRoute = createRoute({
    method: 'get',
    path: '/{formId}/summary',
    tags,
    summary: 'A form’s responses summed up per question',
    description:
      'Per question of the published version (groups, repeats, notes and device metadata left out), in form ' +
      'order: how many answered, counts of each choice, histograms of numbers and GPS positions, computed by ' +
      'the database over every matching response. Questions inside a repeat are counted over every instance. ' +
      'Filters as the responses listing: `from`/`to` (received), `submittedBy`, `reviewStatus`, `question` ' +
      'with `value`. Members with responses:read sum up every response; a volunteer their own. A form of ' +
      'another NGO answers 404.',
    security: bearer,
    middleware: [auth, requirePermission('forms:read')] as const,
    request: { params: formIdParams, query: summaryQuery },
    responses: { 200: jsonResponse(responsesSummary, 'The summary'), ...errors(400, 401, 403, 404) },
  });

  return createRouter().openapi(summaryRoute, async (c) => {
    const user = c.var.user;
    const summary = await summarizeResponses(
      c.var.db,
      c.var.tenant,
      c.req.valid('param').formId,
      c.req.valid('query'),
      // A member without responses:read (a volunteer) sums up only their own responses.
      can(user.role, 'responses:read') ? null : user.id,
    );
    c.header('Cache-Control', 'private, no-cache');
    return c.json(summary, 200);
  });
}
