import { createRoute, z } from '@hono/zod-openapi';
import {
  HOURS_CSV_COLUMNS,
  hoursExportQuery,
  hoursSummary,
  hoursSummaryQuery,
  hoursVolunteersQuery,
  volunteerHours,
} from '../../../contract/activity-reports';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { activityCallerOf } from './activity-reports.routes';
import { utcDay } from './activity-reports.service';
import { hoursCsv, hoursSummary as summaryOf, volunteersHours } from './hours.service';

const tags = ['Approved hours'];

const todayNote =
  ' `today` is the caller’s own day (their time zone), which sets “this month” and “this year”; the ' +
  'server’s UTC day when absent. Only approved reports count.';

export function createHoursRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const summaryRoute = createRoute({
    method: 'get',
    path: '/summary',
    tags,
    summary: 'Approved hours: totals, the last twelve months, pending reports',
    description:
      'A VOLUNTEER gets their own; every other role the organisation’s, or one volunteer’s with `volunteerId` ' +
      `(404 when not a member).${todayNote}`,
    security: bearer,
    middleware: [auth, requirePermission('hours:read')] as const,
    request: { query: hoursSummaryQuery },
    responses: { 200: jsonResponse(hoursSummary, 'The hours'), ...errors(400, 401, 403, 404) },
  });

  const volunteersRoute = createRoute({
    method: 'get',
    path: '/volunteers',
    tags,
    summary: 'Each active volunteer of the organisation with their approved hours, by name',
    description: `Staff, admins, analysts and viewers; a VOLUNTEER gets 403. \`q\` searches names and addresses.${todayNote}`,
    security: bearer,
    middleware: [auth, requirePermission('hours:read')] as const,
    request: { query: hoursVolunteersQuery },
    responses: { 200: jsonResponse(z.array(volunteerHours), 'The volunteers'), ...errors(400, 401, 403) },
  });

  const exportRoute = createRoute({
    method: 'get',
    path: '/export.csv',
    tags,
    summary: 'The approved reports as a CSV download',
    description:
      `Columns: ${HOURS_CSV_COLUMNS.join(', ')}; UTF-8 with a byte order mark, RFC 4180 quoting, CRLF lines; ` +
      'a text cell starting with = + - or @ is prefixed with an apostrophe (no spreadsheet formulas). ' +
      'A VOLUNTEER gets their own reports; staff the organisation’s, or one volunteer’s with `volunteerId`. ' +
      '`from`/`to` keep days in that inclusive range (all time when absent).',
    security: bearer,
    middleware: [auth, requirePermission('hours:read')] as const,
    request: { query: hoursExportQuery },
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' as const } } } },
      ...errors(400, 401, 403, 404),
    },
  });

  return createRouter()
    .openapi(summaryRoute, async (c) => {
      const { volunteerId, today } = c.req.valid('query');
      return c.json(
        await summaryOf(c.var.db, activityCallerOf(c), { volunteerId, today: today ?? utcDay(new Date()) }),
        200,
      );
    })
    .openapi(volunteersRoute, async (c) => {
      const { today, q } = c.req.valid('query');
      return c.json(
        await volunteersHours(c.var.db, activityCallerOf(c), { today: today ?? utcDay(new Date()), q }),
        200,
      );
    })
    .openapi(exportRoute, async (c) => {
      const csv = await hoursCsv(c.var.db, activityCallerOf(c), c.req.valid('query'));
      const day = utcDay(new Date());
      // The text is typed by the OpenAPI document, not by Hono's JSON inference.
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="volunteer-hours-${day}.csv"`,
        'cache-control': 'private, no-store',
      }) as never;
    });
}
