import { createRoute, z } from '@hono/zod-openapi';
import { formIdParams, submissionsQuery } from '../../../contract/forms/api';
import { questionTypes } from '../../../contract/forms/definition';
import { can } from '../../../contract/permissions';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import {
  SUMMARY_BINS_MAX,
  SUMMARY_POINTS_MAX,
  SUMMARY_VALUES_MAX,
  summarizeResponses,
} from './summary.service';

const tags = ['Form responses'];

/** The responses listing's filters, without its paging. */
export const summaryQuery = submissionsQuery.omit({ limit: true, cursor: true });

const count = z.number().int().min(0);

export const questionSummary = z
  .object({
    path: z.string().openapi({ description: 'The question’s names from the form’s root, `/`-separated.' }),
    type: z.enum(questionTypes),
    total: count.openapi({
      description:
        'The responses matched; for a question inside a repeat, the instances of its repeat among them.',
    }),
    answered: count.openapi({ description: 'Of `total`, how many hold a non-blank answer.' }),
    counts: z
      .array(z.object({ value: z.string(), count }))
      .optional()
      .openapi({
        description: `Selects: each choice’s name and how many chose it (a select multiple counts every choice of an answer), most frequent first, at most ${SUMMARY_VALUES_MAX}.`,
      }),
    histogram: z
      .array(z.object({ from: z.number(), to: z.number(), count }))
      .optional()
      .openapi({
        description: `Numbers (integer, decimal, range): at most ${SUMMARY_BINS_MAX} bins of equal width from the smallest answer, each \`from\` ≤ x < \`to\` (the last one includes \`to\`); whole numbers get whole-number bins. Empty bins are listed.`,
      }),
    points: z
      .array(z.tuple([z.number(), z.number()]))
      .optional()
      .openapi({
        description: `Geopoints: [latitude, longitude] of the newest ${SUMMARY_POINTS_MAX.toLocaleString('en')} valid answers at most.`,
      }),
  })
  .openapi('FormQuestionSummary');

export const responsesSummary = z
  .object({
    version: z.number().int().nullable().openapi({
      description: 'The published version whose questions are summarised; null while never published.',
    }),
    responses: count.openapi({ description: 'The responses matched by the filters.' }),
    questions: z.array(questionSummary),
  })
  .openapi('FormResponsesSummary');

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
