import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  emptiedTrash,
  fileIdParams,
  listQuery,
  SMALL_UPLOAD_MAX_BYTES,
  storageItem,
  storageItemList,
  storageUsage,
  trashQuery,
  TRASH_RETENTION_DAYS,
  updateFileBody,
  uploadQuery,
  type StorageItem,
} from '../../../contract/files';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { fileResponse, thumbnailResponse } from '../../http/file-download';
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
import { ApiError } from '../../services/api-error';
import {
  emptyTrash,
  getFile,
  getUsage,
  listFolderPage,
  listTrashPage,
  purgeItem,
  readableFile,
  restoreItem,
  trashItem,
  updateItem,
  uploadSmallFile,
  type Caller,
} from './files.service';

export const tags = ['Files'];
export const tenantNote = 'Another organisation’s item answers 404.';
const byIdNote = `${tenantNote} SUPER_ADMIN reads any organisation’s item by id (ADR 0020).`;
export const ownerNote =
  'Its owner may do this while their role may write files; ADMIN, NGO_ADMIN and SUPER_ADMIN may for anyone’s item (403 otherwise).';
export const removeNote =
  'Its owner (any role) or ADMIN, NGO_ADMIN and SUPER_ADMIN (403 otherwise); a folder only when everything in it is the owner’s, unless the caller is one of those.';

/** The single-request upload's path; app.ts gives it its own body limit. */
export const SMALL_UPLOAD_PATH = '/api/files';

/** What a paged file listing says about paging: always paged, unlike the older public listings. */
export const filePagingNote =
  ' Always one page: `limit` 1 to 100 (default 25); `Next-Cursor` names the next page (absent on the last), ' +
  'sent back as `cursor` with the same filters. A cursor made for other filters is a 400 naming `cursor`. ' +
  'Carries an ETag; `If-None-Match` with it answers 304. Never cached (`Cache-Control: private, no-store`).';

export const callerOf = (c: Context<AppBindings>): Caller => ({
  tenant: c.var.tenant,
  userId: c.var.user.id,
  role: c.var.user.role,
});

/** The Content-Length of an upload: the declared size the quota holds and the bytes must match. */
function declaredLength(c: Context<AppBindings>): number {
  const header = c.req.header('content-length')?.trim();
  if (header === undefined || !/^\d{1,16}$/.test(header))
    throw new ApiError(411, 'Send the file with its length (a Content-Length header).', {
      code: 'length_required',
    });
  const declared = Number(header);
  // The body limit middleware refuses this first; this keeps the rule where the route is.
  if (declared > SMALL_UPLOAD_MAX_BYTES)
    throw new ApiError(413, 'Files over 10 MB are uploaded with the resumable upload.', {
      code: 'payload_too_large',
    });
  return declared;
}

export function createFilesRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const uploadRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Upload a small file in one request (files:write)',
    description:
      `The body is the file's bytes (at most ${SMALL_UPLOAD_MAX_BYTES} bytes; larger files take the resumable ` +
      'upload); `Content-Length` is required and must be the exact size. The organisation’s storage holds that ' +
      'length before a byte is read: past its plan’s limit the answer is 413 `storage_quota_exceeded` and ' +
      'nothing is written. A body longer or shorter than declared is a 400 `upload_size_mismatch`, and nothing ' +
      'is kept. The content type is sniffed from the bytes; the request’s own Content-Type is ignored. ' +
      'Zero-byte files are accepted. A name already used in the folder is a 409.',
    security: bearer,
    middleware: [auth, requirePermission('files:write')] as const,
    request: {
      query: uploadQuery,
      body: {
        required: true,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    },
    responses: {
      201: jsonResponse(storageItem, 'The stored file'),
      ...errors(400, 401, 403, 404, 409, 411, 413),
    },
  });

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'A folder’s folders and files (the root without folderId)',
    description:
      'Folders first, then files. `sortBy` name (default, A to Z), created or size (newest and largest first ' +
      'by default; `sortOrder` turns it); `search` keeps the items whose name contains it, in any case. ' +
      `A folder in the trash or of another organisation answers 404.${filePagingNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    request: { query: listQuery },
    responses: {
      ...pagedListResponses(storageItemList, 'One page of the items'),
      ...errors(400, 401, 403, 404),
    },
  });

  const usageRoute = createRoute({
    method: 'get',
    path: '/usage',
    tags,
    summary: 'The organisation’s storage: used (trash included), held by uploads in flight, and the limit',
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    responses: { 200: jsonResponse(storageUsage, 'The usage'), ...errors(401, 403) },
  });

  const trashRoute = createRoute({
    method: 'get',
    path: '/trash',
    tags,
    summary: 'What is in the organisation’s trash, most recently deleted first',
    description:
      `Items stay ${TRASH_RETENTION_DAYS} days, restorable, and still count towards the storage used; then ` +
      `they are purged.${filePagingNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    request: { query: trashQuery },
    responses: { ...pagedListResponses(storageItemList, 'One page of the trash'), ...errors(401, 403) },
  });

  const emptyTrashRoute = createRoute({
    method: 'delete',
    path: '/trash',
    tags,
    summary: 'Empty the trash: all of it for ADMIN, NGO_ADMIN and SUPER_ADMIN, one’s own items otherwise',
    description:
      'Frees the bytes of what is removed. A folder holding other members’ items stays for an admin.',
    security: bearer,
    middleware: [auth, requirePermission('files:delete-own')] as const,
    responses: { 200: jsonResponse(emptiedTrash, 'What was removed'), ...errors(401, 403) },
  });

  const purgeRoute = createRoute({
    method: 'delete',
    path: '/trash/{fileId}',
    tags,
    summary: 'Delete a file in the trash for good, freeing its bytes',
    description: `${removeNote} A file not in the trash is a 409. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:delete-own')] as const,
    request: { params: fileIdParams },
    responses: { 204: { description: 'Deleted; no body' }, ...errors(401, 403, 404, 409) },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{fileId}',
    tags,
    summary: 'A file’s details',
    description: byIdNote,
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    request: { params: fileIdParams },
    responses: { 200: jsonResponse(storageItem, 'The file'), ...errors(401, 403, 404) },
  });

  const contentRoute = createRoute({
    method: 'get',
    path: '/{fileId}/content',
    tags,
    summary: 'A file’s bytes, whole or one range',
    description:
      'Always `Content-Disposition: attachment` (the name in RFC 5987 form too), `X-Content-Type-Options: ' +
      "nosniff` and `Content-Security-Policy: sandbox; default-src 'none'`, so an uploaded HTML or SVG file " +
      'never runs on this origin. `Range: bytes=a-b`, `a-` or `-n` answers 206 (one range; several are ' +
      'answered whole); a range past the end is a 416 naming the size. The ETag is the SHA-256 of the bytes: ' +
      `\`If-None-Match\` answers 304 and \`If-Range\` keeps a resumed download consistent. ${byIdNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    request: { params: fileIdParams },
    responses: {
      200: {
        description: 'The bytes',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      206: { description: 'The range asked for (Content-Range)' },
      304: { description: 'Not modified: the ETag in If-None-Match is current' },
      ...errors(401, 403, 404, 416),
    },
  });

  const thumbnailRoute = createRoute({
    method: 'get',
    path: '/{fileId}/thumbnail',
    tags,
    summary: 'A picture’s thumbnail (WebP, 320 px at most)',
    description:
      'What a phone on a slow connection loads instead of the picture: made on first request for PNG, JPEG, ' +
      'WebP, GIF, AVIF and TIFF files up to 40 MB, kept beside the file and removed with it. The ETag follows ' +
      `the file's checksum (\`If-None-Match\` answers 304). Any other file is a 404 \`no_thumbnail\`. ${byIdNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:read')] as const,
    request: { params: fileIdParams },
    responses: {
      200: {
        description: 'The thumbnail',
        content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
      },
      304: { description: 'Not modified: the ETag in If-None-Match is current' },
      ...errors(401, 403, 404),
    },
  });

  const updateRoute = createRoute({
    method: 'patch',
    path: '/{fileId}',
    tags,
    summary: 'Rename a file or move it to another folder (files:write)',
    description: `${ownerNote} A name already used in the target folder is a 409. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: fileIdParams, body: jsonBody(updateFileBody) },
    responses: {
      200: jsonResponse(storageItem, 'The file'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const trashFileRoute = createRoute({
    method: 'delete',
    path: '/{fileId}',
    tags,
    summary: 'Move a file to the trash',
    description: `${removeNote} Restorable for ${TRASH_RETENTION_DAYS} days; its bytes still count until purged. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:delete-own'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: fileIdParams },
    responses: {
      200: jsonResponse(storageItem, 'The file, in the trash'),
      ...errors(401, 403, 404),
      ...idempotentResponses,
    },
  });

  const restoreRoute = createRoute({
    method: 'post',
    path: '/{fileId}/restore',
    tags,
    summary: 'Bring a file back from the trash',
    description:
      `${removeNote} It returns to its folder, or to the root when that folder is gone; a live item of the ` +
      `same name there is a 409. A file not in the trash is a 409. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:delete-own'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: fileIdParams },
    responses: {
      200: jsonResponse(storageItem, 'The file'),
      ...errors(401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  return (
    createRouter()
      .openapi(uploadRoute, async (c) => {
        const { name, folderId } = c.req.valid('query');
        const item = await uploadSmallFile(c.var.db, deps.storage, callerOf(c), {
          name,
          folderId: folderId ?? null,
          declared: declaredLength(c),
          body: c.req.raw.body,
        });
        return c.json(item, 201);
      })
      .openapi(listRoute, async (c) => {
        const { filters, page } = splitPageQuery(c.req.valid('query'));
        return pagedJson<StorageItem[]>(
          c,
          await listFolderPage(c.var.db, c.var.tenant, filters, page ?? { limit: undefined }),
          PER_USER,
        );
      })
      // The fixed paths come before /{fileId}, which would otherwise take 'usage' and 'trash' for ids.
      .openapi(usageRoute, async (c) => c.json(await getUsage(c.var.db, c.var.tenant), 200))
      .openapi(trashRoute, async (c) => {
        const { filters, page } = splitPageQuery(c.req.valid('query'));
        return pagedJson<StorageItem[]>(
          c,
          await listTrashPage(c.var.db, c.var.tenant, filters, page ?? { limit: undefined }),
          PER_USER,
        );
      })
      .openapi(emptyTrashRoute, async (c) =>
        c.json(await emptyTrash(c.var.db, deps.storage, callerOf(c)), 200),
      )
      .openapi(purgeRoute, async (c) => {
        await purgeItem(c.var.db, deps.storage, callerOf(c), 'file', c.req.valid('param').fileId);
        return c.body(null, 204);
      })
      .openapi(getRoute, async (c) =>
        c.json(await getFile(c.var.db, c.var.tenant, c.req.valid('param').fileId), 200),
      )
      .openapi(contentRoute, async (c) => {
        const file = await readableFile(c.var.db, c.var.tenant, c.req.valid('param').fileId);
        // The bytes are typed by the OpenAPI document, not by Hono's JSON inference.
        return (await fileResponse(c, deps.storage, file)) as never;
      })
      .openapi(thumbnailRoute, async (c) => {
        const file = await readableFile(c.var.db, c.var.tenant, c.req.valid('param').fileId);
        return (await thumbnailResponse(c, deps.storage, file)) as never;
      })
      .openapi(updateRoute, async (c) => {
        const body = c.req.valid('json');
        const item = await updateItem(c.var.db, callerOf(c), 'file', c.req.valid('param').fileId, {
          name: body.name,
          place: body.folderId,
        });
        return c.json(item, 200);
      })
      .openapi(trashFileRoute, async (c) =>
        c.json(await trashItem(c.var.db, callerOf(c), 'file', c.req.valid('param').fileId), 200),
      )
      .openapi(restoreRoute, async (c) =>
        c.json(await restoreItem(c.var.db, callerOf(c), 'file', c.req.valid('param').fileId), 200),
      )
  );
}
