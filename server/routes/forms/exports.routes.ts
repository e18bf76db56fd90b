import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { formIdParams, reviewStatuses, XLSX_CONTENT_TYPE } from '../../../contract/forms/api';
import { can } from '../../../contract/permissions';
import { instantOrBlank, opaqueId, text } from '../../../contract/storable';
import { appUrlOf } from '../../http/app-url';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { attachmentDisposition } from '../../http/file-download';
import { bearer, errors } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { CSV_CONTENT_TYPE } from '../../services/forms/exports/csv-writer';
import {
  exportResponses,
  type ExportFormat,
  type ExportRequest,
} from '../../services/forms/exports/export-responses';
import { GEOJSON_CONTENT_TYPE } from '../../services/forms/exports/geojson-writer';

const tags = ['Form responses'];

/** The header naming the repeat tables `?repeat=` takes, comma-separated (empty without repeats). */
export const REPEAT_TABLES_HEADER = 'X-Repeat-Tables';

const exportQuery = z.object({
  from: instantOrBlank('From').optional(),
  to: instantOrBlank('To').optional(),
  reviewStatus: z.enum(reviewStatuses).optional(),
  submittedBy: opaqueId('Submitter').optional(),
  labels: z
    .enum(['true', 'false'], { error: 'Labels must be true or false.' })
    .optional()
    .openapi({ description: '`true`: question labels as headers and choice labels as values, not names.' }),
  language: text('Language')
    .max(100)
    .optional()
    .openapi({ description: 'The labels’ language, as the form names it; the form’s first by default.' }),
});
const csvQuery = exportQuery.extend({
  repeat: text('Repeat')
    .max(1_000)
    .optional()
    .openapi({
      description: `A repeat’s table instead of the main one: a name from \`${REPEAT_TABLES_HEADER}\`.`,
    }),
});
const geojsonQuery = exportQuery.extend({
  question: text('Question')
    .max(1_000)
    .optional()
    .openapi({ description: 'The geopoint question (its name or `group/name` path); the first by default.' }),
});

const common =
  'Streamed as it is read, so any number of responses downloads in constant memory. Columns follow the ' +
  'latest published version’s questions, then questions only older versions asked; groups flatten as ' +
  '`group/question`. Each select multiple has its raw answer and a 1/0 column per choice (`q/choice`); a ' +
  'geopoint its answer and `q/latitude`, `q/longitude`, `q/altitude`, `q/precision`; a media answer is a ' +
  'link to the file. Metadata columns: `_id`, `_instance_id`, `_version`, `_submitted_at`, `_received_at`, ' +
  '`_submitted_by`, `_review_status`, `_index`. Repeat tables are long format: one row per repeat instance with ' +
  '`_parent_id` (the response’s `_id`, or for a nested repeat its parent row’s `_index`), `_parent_index` ' +
  '(the parent row’s `_index`), `_index` and `_submission_id`. Filters as the responses listing: ' +
  '`from`/`to` (received), `reviewStatus`, `submittedBy`; a volunteer exports their own responses only. ' +
  'A form of another NGO answers 404.';

/** GET /api/forms/{formId}/exports/{csv|xlsx|geojson}: a form's responses as files (issue 14). */
export function createExportsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const exportRoute = <Q extends typeof exportQuery>(
    format: ExportFormat,
    summary: string,
    description: string,
    contentType: string,
    query: Q,
  ) =>
    createRoute({
      method: 'get',
      path: `/{formId}/exports/${format}`,
      tags,
      summary,
      description: `${description} ${common}`,
      security: bearer,
      middleware: [auth, requirePermission('forms:read')] as const,
      request: { params: formIdParams, query },
      responses: {
        200: {
          description: 'The file, as an attachment named after the form',
          headers: {
            [REPEAT_TABLES_HEADER]: {
              description: 'The form’s repeat tables, comma-separated, as `?repeat=` names them',
              schema: { type: 'string' as const },
            },
          },
          content: { [contentType]: { schema: { type: 'string' as const, format: 'binary' } } },
        },
        ...errors(400, 401, 403, 404),
      },
    });

  const csvRoute = exportRoute(
    'csv',
    'A form’s responses as CSV',
    'RFC 4180, UTF-8 with a byte-order mark, a formula-like cell (starting with =, +, -, @, tab or CR, ' +
      "not a plain number) prefixed with `'`. One table per file: the main table by default, or a repeat’s " +
      `with \`repeat\`; \`${REPEAT_TABLES_HEADER}\` lists them.`,
    CSV_CONTENT_TYPE,
    csvQuery,
  );
  const xlsxRoute = exportRoute(
    'xlsx',
    'A form’s responses as an Excel workbook',
    'A sheet for the main table, then one per repeat (named after it, cut to 31 characters). Numbers are ' +
      'numbers; a text longer than Excel’s 32,767 characters is cut.',
    XLSX_CONTENT_TYPE,
    exportQuery,
  );
  const geojsonRoute = exportRoute(
    'geojson',
    'A form’s GPS points as GeoJSON',
    'A FeatureCollection: a Point ([longitude, latitude(, altitude)]) per response with a valid answer to ' +
      '`question` (per repeat instance for a geopoint in a repeat), its properties the row’s other columns. ' +
      'A form without a geopoint answers 400.',
    GEOJSON_CONTENT_TYPE,
    geojsonQuery,
  );

  const answer = async (
    c: Context<AppBindings>,
    format: ExportFormat,
    query: z.output<typeof exportQuery> & { repeat?: string; question?: string },
    formId: string,
  ) => {
    const user = c.var.user;
    const request: ExportRequest = {
      format,
      labels: query.labels === 'true',
      language: query.language,
      repeat: query.repeat,
      question: query.question,
      filters: {
        from: query.from || undefined,
        to: query.to || undefined,
        reviewStatus: query.reviewStatus,
        submittedBy: query.submittedBy,
      },
      // A member without responses:read (a volunteer) exports only their own responses.
      ownOnly: can(user.role, 'responses:read') ? null : user.id,
      appUrl: appUrlOf(c, deps.env),
      onError: (err) => deps.logger.error({ err, requestId: c.get('requestId') }, 'export failed mid-stream'),
    };
    const file = await exportResponses(c.var.db, c.var.tenant, formId, request);
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentDisposition(file.fileName),
      'Cache-Control': 'private, no-store',
      [REPEAT_TABLES_HEADER]: file.repeatTables.join(','),
    });
  };

  return createRouter()
    .openapi(csvRoute, (c) => answer(c, 'csv', c.req.valid('query'), c.req.valid('param').formId))
    .openapi(xlsxRoute, (c) => answer(c, 'xlsx', c.req.valid('query'), c.req.valid('param').formId))
    .openapi(geojsonRoute, (c) => answer(c, 'geojson', c.req.valid('query'), c.req.valid('param').formId));
}
