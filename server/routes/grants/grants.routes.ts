import { createRoute } from '@hono/zod-openapi';
import {
  createGrantBody,
  grantDetail,
  grantIdParams,
  grantList,
  grantListPageQuery,
  updateGrantBody,
  type GrantDetail,
  type GrantList,
} from '../../../contract/grants';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { notModifiedResponse, revalidatedJson, revalidationNote } from '../../http/etag';
import { pagedJson, pagedListingNote, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import {
  createGrant,
  deleteGrant,
  getGrant,
  listGrantsJson,
  listGrantsPage,
  updateGrant,
} from './grants.service';

const tags = ['Grants'];

export function createGrantsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The grants, filtered and sorted',
    description:
      'Every matching grant, or one page of them when `limit` or `cursor` is given (see Paging). `country` and `areaOfInterest` match any item of the ' +
      'comma-separated list, trimmed and in any letter case; `category` matches the trimmed category in any ' +
      'case; `publishedFrom`/`publishedTo` are inclusive bounds on postDate; `search` matches word prefixes ' +
      'in title, donor agency, category, countries and areas (every word must match). Blank parameters are ' +
      'ignored. Default order: postDate descending, then id. ' +
      pagedListingNote,
    request: { query: grantListPageQuery },
    responses: pagedListResponses(grantList, 'The grants, or one page of them'),
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One grant with its description, eligibility and links',
    description: revalidationNote,
    request: { params: grantIdParams },
    responses: {
      200: jsonResponse(grantDetail, 'The grant'),
      ...notModifiedResponse,
      ...errors(404),
    },
  });

  const createGrantRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Add a grant (SUPER_ADMIN)',
    security: bearer,
    middleware: [auth, requirePermission('grants:manage')] as const,
    request: { body: jsonBody(createGrantBody) },
    responses: {
      201: jsonResponse(grantDetail, 'The saved grant'),
      ...errors(400, 401, 403),
    },
  });

  const updateGrantRoute = createRoute({
    method: 'patch',
    path: '/{id}',
    tags,
    summary: 'Change some fields of a grant (SUPER_ADMIN)',
    description: 'Only the fields sent change; null or blank clears deadlineDate, imageUrl and the links.',
    security: bearer,
    middleware: [auth, requirePermission('grants:manage')] as const,
    request: { params: grantIdParams, body: jsonBody(updateGrantBody) },
    responses: {
      200: jsonResponse(grantDetail, 'The saved grant'),
      ...errors(400, 401, 403, 404),
    },
  });

  const deleteGrantRoute = createRoute({
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Delete a grant (SUPER_ADMIN)',
    security: bearer,
    middleware: [auth, requirePermission('grants:manage')] as const,
    request: { params: grantIdParams },
    responses: {
      204: { description: 'Deleted; no body' },
      ...errors(401, 403, 404),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return page
        ? pagedJson<GrantList>(c, await listGrantsPage(c.var.db, filters, page))
        : revalidatedJson<GrantList>(c, await listGrantsJson(c.var.db, filters));
    })
    .openapi(getRoute, async (c) => {
      const grant = await getGrant(c.var.db, c.req.valid('param').id);
      return revalidatedJson<GrantDetail>(c, JSON.stringify(grant));
    })
    .openapi(createGrantRoute, async (c) => c.json(await createGrant(c.var.db, c.req.valid('json')), 201))
    .openapi(updateGrantRoute, async (c) =>
      c.json(await updateGrant(c.var.db, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(deleteGrantRoute, async (c) => {
      await deleteGrant(c.var.db, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
