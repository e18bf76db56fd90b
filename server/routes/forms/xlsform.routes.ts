import { createRoute } from '@hono/zod-openapi';
import {
  formDetail,
  formIdParams,
  XLSFORM_MAX_BYTES,
  XLSX_CONTENT_TYPE,
  xlsFormIssueKey,
  type XlsFormIssue,
} from '../../../contract/forms/api';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonResponse,
} from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { ApiError } from '../../services/api-error';
import { exportXlsForm } from '../../services/forms/xlsform-export';
import { importXlsForm } from '../../services/forms/xlsform-import';
import { createForm, getForm } from './forms.service';

const tags = ['Forms'];

/** The import's problems in the one error shape: `fields` keyed `sheet:row:column` (contract/forms/api.ts). */
function issuesError(issues: XlsFormIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = xlsFormIssueKey(issue);
    fields[key] = fields[key] ? `${fields[key]} ${issue.message}` : issue.message;
  }
  return new ApiError(
    400,
    `The workbook has ${issues.length === 1 ? 'a problem' : `${issues.length} problems`} to fix.`,
    {
      code: 'xlsform_invalid',
      fields,
    },
  );
}

/** XLSForm in and out (issue 14): forms move between this product and KoboToolbox or ODK. */
export function createXlsFormRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const importRoute = createRoute({
    method: 'post',
    path: '/import',
    tags,
    summary: 'Start a draft from an XLSForm workbook (NGO_ADMIN, ADMIN, STAFF)',
    description:
      'The body is the .xlsx file itself (`Content-Type: ' +
      XLSX_CONTENT_TYPE +
      `\`, at most ${XLSFORM_MAX_BYTES / 1024 / 1024} MB) with the survey, choices and settings sheets as ` +
      'xlsform.org describes them. A workbook with problems (an unknown type, a missing list, a bad expression, ' +
      'a feature this product does not support) starts nothing: 400 `xlsform_invalid` whose `fields` are keyed ' +
      '`sheet:row:column` (row 1-based, the column by its header) with each problem.',
    security: bearer,
    middleware: [auth, requirePermission('forms:build'), idempotency()] as const,
    request: {
      headers: idempotencyKeyHeaders,
      body: {
        required: true,
        content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
      },
    },
    responses: {
      201: jsonResponse(formDetail, 'The new draft'),
      ...errors(400, 401, 403, 413, 415),
      ...idempotentResponses,
    },
  });

  const exportRoute = createRoute({
    method: 'get',
    path: '/{formId}/xlsform',
    tags,
    summary: 'The form’s draft as an XLSForm workbook',
    description: 'Scoped to the caller’s NGO: a form of another NGO answers 404.',
    security: bearer,
    middleware: [auth, requirePermission('forms:read')] as const,
    request: { params: formIdParams },
    responses: {
      200: {
        description: 'The .xlsx workbook',
        content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
      },
      ...errors(401, 403, 404),
    },
  });

  return createRouter()
    .openapi(importRoute, async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== XLSX_CONTENT_TYPE && type !== 'application/octet-stream')
        throw new ApiError(415, 'Send the workbook as an .xlsx file.', { code: 'unsupported_media_type' });
      const result = await importXlsForm(await c.req.arrayBuffer());
      if (!result.ok) throw issuesError(result.issues);
      return c.json(await createForm(c.var.db, c.var.tenant, c.var.user.id, result.definition), 201);
    })
    .openapi(exportRoute, async (c) => {
      const form = await getForm(c.var.db, c.var.tenant, c.req.valid('param').formId);
      const bytes = await exportXlsForm(form.draft, {
        formId: form.id,
        ...(form.publishedVersion !== null && { version: String(form.publishedVersion) }),
      });
      const name =
        form.title
          .replace(/[^\p{L}\p{N} _-]+/gu, '')
          .trim()
          .slice(0, 80) || 'form';
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': XLSX_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="form.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`,
      });
    });
}
