import { createRoute } from '@hono/zod-openapi';
import {
  createFolderBody,
  folderDetail,
  folderIdParams,
  folderListQuery,
  storageItem,
  storageItemList,
  TRASH_RETENTION_DAYS,
  updateFolderBody,
  type StorageItem,
} from '../../../contract/files';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import { callerOf, filePagingNote, ownerNote, removeNote, tenantNote } from './files.routes';
import {
  createFolder,
  getFolder,
  listFolderPage,
  purgeItem,
  restoreItem,
  trashItem,
  updateItem,
} from './files.service';

const tags = ['Files'];

export function createFoldersRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const createFolderRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Make a folder (files:write)',
    description: 'At the root without parentId. A name already used in the parent is a 409.',
    security: bearer,
    middleware: [auth, requirePermission('files:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(createFolderBody) },
    responses: {
      201: jsonResponse(storageItem, 'The folder'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The folders of a folder (the root without parentId), by name',
    description: `For a folder picker; GET /files lists folders and files together.${filePagingNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    request: { query: folderListQuery },
    responses: {
      ...pagedListResponses(storageItemList, 'One page of folders'),
      ...errors(400, 401, 403, 404),
    },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{folderId}',
    tags,
    summary: 'A folder with its breadcrumbs',
    description: `${tenantNote} SUPER_ADMIN reads any organisation’s folder by id (ADR 0020).`,
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    request: { params: folderIdParams },
    responses: { 200: jsonResponse(folderDetail, 'The folder'), ...errors(401, 403, 404) },
  });

  const updateRoute = createRoute({
    method: 'patch',
    path: '/{folderId}',
    tags,
    summary: 'Rename a folder or move it (parentId; null is the root) (files:write)',
    description: `${ownerNote} Moving a folder into itself or below itself is a 400; a name already used in the target is a 409. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: folderIdParams, body: jsonBody(updateFolderBody) },
    responses: {
      200: jsonResponse(storageItem, 'The folder'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const trashRoute = createRoute({
    method: 'delete',
    path: '/{folderId}',
    tags,
    summary: 'Move a folder, with everything in it, to the trash',
    description: `${removeNote} Restorable for ${TRASH_RETENTION_DAYS} days. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:delete-own'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: folderIdParams },
    responses: {
      200: jsonResponse(storageItem, 'The folder, in the trash'),
      ...errors(401, 403, 404),
      ...idempotentResponses,
    },
  });

  const restoreRoute = createRoute({
    method: 'post',
    path: '/{folderId}/restore',
    tags,
    summary: 'Bring a folder, with everything in it, back from the trash',
    description: `${removeNote} It returns to its parent, or to the root when that is gone; a name clash there is a 409. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:delete-own'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: folderIdParams },
    responses: {
      200: jsonResponse(storageItem, 'The folder'),
      ...errors(401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const purgeRoute = createRoute({
    method: 'delete',
    path: '/trash/{folderId}',
    tags,
    summary: 'Delete a folder in the trash for good, with everything in it, freeing their bytes',
    description: `${removeNote} A folder not in the trash is a 409. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:delete-own')] as const,
    request: { params: folderIdParams },
    responses: { 204: { description: 'Deleted; no body' }, ...errors(401, 403, 404, 409) },
  });

  return createRouter()
    .openapi(createFolderRoute, async (c) =>
      c.json(await createFolder(c.var.db, callerOf(c), c.req.valid('json')), 201),
    )
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      const { parentId, search } = filters;
      return pagedJson<StorageItem[]>(
        c,
        await listFolderPage(
          c.var.db,
          c.var.tenant,
          { folderId: parentId, search, sortBy: 'name', sortOrder: undefined },
          page ?? { limit: undefined },
          ['folder'],
        ),
        PER_USER,
      );
    })
    .openapi(purgeRoute, async (c) => {
      await purgeItem(c.var.db, deps.storage, callerOf(c), 'folder', c.req.valid('param').folderId);
      return c.body(null, 204);
    })
    .openapi(getRoute, async (c) =>
      c.json(await getFolder(c.var.db, c.var.tenant, c.req.valid('param').folderId), 200),
    )
    .openapi(updateRoute, async (c) => {
      const body = c.req.valid('json');
      const item = await updateItem(c.var.db, callerOf(c), 'folder', c.req.valid('param').folderId, {
        name: body.name,
        place: body.parentId,
      });
      return c.json(item, 200);
    })
    .openapi(trashRoute, async (c) =>
      c.json(await trashItem(c.var.db, callerOf(c), 'folder', c.req.valid('param').folderId), 200),
    )
    .openapi(restoreRoute, async (c) =>
      c.json(await restoreItem(c.var.db, callerOf(c), 'folder', c.req.valid('param').folderId), 200),
    );
}
