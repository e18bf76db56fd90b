import { createRoute, type z } from '@hono/zod-openapi';
import './openapi-refs';
import {
  formDetail,
  formIdParams,
  formList,
  publicFormDefinition,
  saveFormBody,
} from '../../../contract/forms/api';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { revalidatedJson, revalidationNote, notModifiedResponse } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import {
  createForm,
  deleteForm,
  getForm,
  getPublicDefinition,
  listForms,
  publishForm,
  saveDraft,
  setFormOpen,
} from './forms.service';

const tags = ['Forms'];
const tenantNote = 'Scoped to the caller’s NGO: a form of another NGO answers 404.';

/** /api/forms: the NGO's forms, their drafts, versions and the public definition (issue 14). */
export function createFormsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The NGO’s forms with status, response count and last submission',
    description: 'Newest change first. Volunteers see the published forms only (the ones they fill).',
    security: bearer,
    middleware: [auth, requirePermission('forms:read')] as const,
    responses: { 200: jsonResponse(formList, 'The forms'), ...errors(401, 403) },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{formId}',
    tags,
    summary: 'One form with its draft definition',
    description: tenantNote,
    security: bearer,
    middleware: [auth, requirePermission('forms:read')] as const,
    request: { params: formIdParams },
    responses: { 200: jsonResponse(formDetail, 'The form'), ...errors(401, 403, 404) },
  });

  const createFormRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Start a form as a draft (NGO_ADMIN, ADMIN, STAFF)',
    security: bearer,
    middleware: [auth, requirePermission('forms:build'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(saveFormBody) },
    responses: {
      201: jsonResponse(formDetail, 'The saved draft'),
      ...errors(400, 401, 403),
      ...idempotentResponses,
    },
  });

  const saveRoute = createRoute({
    method: 'put',
    path: '/{formId}',
    tags,
    summary: 'Save the draft definition (NGO_ADMIN, ADMIN, STAFF)',
    description: `The published version is untouched until the next publish. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('forms:build'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: formIdParams, body: jsonBody(saveFormBody) },
    responses: { 200: jsonResponse(formDetail, 'The saved draft'), ...errors(400, 401, 403, 404) },
  });

  const action = (path: string, summary: string, description: string, statuses: (400 | 409)[]) =>
    createRoute({
      method: 'post',
      path: `/{formId}/${path}`,
      tags,
      summary,
      description: `${description} ${tenantNote}`,
      security: bearer,
      middleware: [auth, requirePermission('forms:publish'), idem] as const,
      request: { headers: idempotencyKeyHeaders, params: formIdParams },
      responses: { 200: jsonResponse(formDetail, 'The form'), ...errors(401, 403, 404, ...statuses) },
    });
  const publishRoute = action(
    'publish',
    'Publish the draft and open the form (NGO_ADMIN, ADMIN)',
    'The draft becomes the next version when it differs from the last one; responses record the version they were filled against. A draft with problems (an unknown `${name}`, a missing choice list, a bad expression) is a 400 `form_invalid` whose `fields` name each question and field.',
    [400],
  );
  const closeRoute = action(
    'close',
    'Close the form: the fill link takes no more responses (NGO_ADMIN, ADMIN)',
    'A form never published answers 409 `form_not_published`.',
    [409],
  );
  const openRoute = action(
    'open',
    'Open a closed form again (NGO_ADMIN, ADMIN)',
    'A form never published answers 409 `form_not_published`.',
    [409],
  );

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/{formId}',
    tags,
    summary: 'Delete a form without responses (NGO_ADMIN, ADMIN)',
    description: `A form with responses answers 409 \`form_has_responses\`: close it instead. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('forms:publish'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: formIdParams },
    responses: { 204: { description: 'Deleted; no body' }, ...errors(401, 403, 404, 409) },
  });

  const definitionRoute = createRoute({
    method: 'get',
    path: '/{formId}/definition',
    tags,
    summary: 'The published version the public fill page renders',
    description: `No token needed. A form never published (or unknown) answers 404; a closed one answers with \`status: closed\`. ${revalidationNote}`,
    request: { params: formIdParams },
    responses: {
      200: jsonResponse(publicFormDefinition, 'The published definition'),
      ...notModifiedResponse,
      ...errors(404),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listForms(c.var.db, c.var.tenant, c.var.user.role), 200))
    .openapi(definitionRoute, async (c) =>
      revalidatedJson<z.infer<typeof publicFormDefinition>>(
        c,
        JSON.stringify(await getPublicDefinition(c.var.db, c.req.valid('param').formId)),
      ),
    )
    .openapi(getRoute, async (c) =>
      c.json(await getForm(c.var.db, c.var.tenant, c.req.valid('param').formId), 200),
    )
    .openapi(createFormRoute, async (c) =>
      c.json(await createForm(c.var.db, c.var.tenant, c.var.user.id, c.req.valid('json').definition), 201),
    )
    .openapi(saveRoute, async (c) =>
      c.json(
        await saveDraft(c.var.db, c.var.tenant, c.req.valid('param').formId, c.req.valid('json').definition),
        200,
      ),
    )
    .openapi(publishRoute, async (c) =>
      c.json(await publishForm(c.var.db, c.var.tenant, c.var.user.id, c.req.valid('param').formId), 200),
    )
    .openapi(closeRoute, async (c) =>
      c.json(await setFormOpen(c.var.db, c.var.tenant, c.req.valid('param').formId, false), 200),
    )
    .openapi(openRoute, async (c) =>
      c.json(await setFormOpen(c.var.db, c.var.tenant, c.req.valid('param').formId, true), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteForm(c.var.db, c.var.tenant, c.req.valid('param').formId);
      return c.body(null, 204);
    });
}
