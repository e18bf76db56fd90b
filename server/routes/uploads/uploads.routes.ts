import type { OpenAPIHono } from '@hono/zod-openapi';
import { Server, type ServerOptions } from '@tus/server';
import { ERRORS, Metadata } from '@tus/utils';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { errorBody } from '../../../contract/errors';
import { itemName } from '../../../contract/files';
import {
  UPLOAD_CHUNK_MAX_BYTES,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_FILE_ID_HEADER,
  UPLOAD_MAX_BYTES,
} from '../../../contract/uploads';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { withNodeBody } from '../../http/node-body';
import { ApiError } from '../../services/api-error';
import { uploadLockerFor } from '../../services/storage/upload-locker';
import { uploadBackendFor, type UploadBackend, type UploadsDeps } from '../../services/storage/upload-store';
import { callerOf } from '../files/files.routes';
import type { Caller } from '../files/files.service';
import {
  createInspectAlong,
  inspectingWrites,
  type InspectAlong,
} from '../../services/storage/inspect-along';
import { completeUpload, createUpload, ownUpload, releaseUpload, type UploadRow } from './uploads.service';

/** Mounted at this path; app.ts gives it the chunk's body limit instead of the JSON one. */
export const UPLOADS_PATH = '/api/uploads';

/** What the tus hooks learn of the request they serve (tus hands them the same Request object). */
interface UploadRequest {
  caller: Caller;
  db: AppBindings['Variables']['db'];
  /** POST: the id this request's upload was given (the tus naming function returns it). */
  createdId?: string;
  /** Set when the request completed the upload: its tus bytes go once tus has answered. */
  fileId?: string;
  completedId?: string;
}

const TUS_VERSION = '1.0.0';
const uploadIdPattern = /^[A-Za-z0-9]{1,64}$/;

const notFound = () => new ApiError(404, 'Upload not found.', { code: 'not_found' });

/** tus' own refusals (plain text) in the API's one error shape, by their status. */
const tusCodes: Record<number, string> = {
  400: 'invalid_upload_request',
  403: 'forbidden',
  404: 'not_found',
  409: 'upload_offset_conflict',
  410: 'upload_expired',
  412: 'tus_version_required',
  413: 'upload_too_large',
  415: 'unsupported_media_type',
  423: 'upload_locked',
  460: 'checksum_mismatch',
};

const messages: Record<string, string> = {
  upload_offset_conflict:
    'The upload is not at the offset sent (Upload-Offset); ask for the offset with HEAD and resume from there.',
  upload_too_large:
    'More bytes were sent than the upload’s declared length (Upload-Length). Nothing was kept.',
  upload_locked: 'This upload is busy with another request; try again shortly.',
  tus_version_required: `Send Tus-Resumable: ${TUS_VERSION}.`,
};

/** A hook's refusal as tus expects one (status_code and body), carrying our JSON body. */
function tusError(err: unknown) {
  if (err instanceof ApiError)
    return {
      status_code: err.status,
      body: JSON.stringify({
        message: err.message,
        code: err.code,
        ...(err.fields && { fields: err.fields }),
      }),
    };
  return err;
}

/** Makes the tus server once per app: its store may need an import (S3), so it is built on first use. */
function tusServerOf(deps: AppDeps, contexts: WeakMap<Request, UploadRequest>, along: InspectAlong) {
  let made: Promise<{ server: Server; uploads: UploadsDeps }> | undefined;
  return () =>
    (made ??= (async () => {
      const uploads: UploadsDeps = deps.uploads ?? {
        backend: await uploadBackendFor(deps.env, deps.storage),
        locker: uploadLockerFor(deps.db),
      };
      const options: ServerOptions & { datastore: UploadBackend['store'] } = {
        path: UPLOADS_PATH,
        // Per process: the chunks this process saw, inspected on their way in (inspect-along.ts).
        datastore: inspectingWrites(uploads.backend.store, along),
        locker: uploads.locker,
        // Location is /api/uploads/<id>: right behind any proxy, so forwarded headers need no trust.
        relativeLocation: true,
        respectForwardedHeaders: false,
        maxSize: UPLOAD_MAX_BYTES,
        // The API is same-origin: no Access-Control-Allow-Origin for other sites.
        allowedOrigins: () => false,
        exposedHeaders: [UPLOAD_FILE_ID_HEADER],
        disableTerminationForFinishedUploads: true,
        // A body cut mid-chunk (the usual case on 2G) or a request told to let go of the lock: what
        // arrived is kept, so the client resumes from HEAD's offset. A store failing to write says the
        // same to the client, and is logged.
        onResponseError: (_req, err) => {
          if (err !== ERRORS.ABORTED && err !== ERRORS.FILE_WRITE_ERROR) return undefined;
          if (err === ERRORS.FILE_WRITE_ERROR) deps.logger.warn('an upload chunk was not written whole');
          return {
            status_code: 400,
            body: JSON.stringify({
              message:
                'The chunk was interrupted. What arrived is kept: ask for the offset (HEAD) and resume.',
              code: 'upload_interrupted',
            }),
          };
        },
        namingFunction: (req) => {
          const id = contexts.get(req as unknown as Request)?.createdId;
          if (!id) throw new Error('An upload was created without its row');
          return id;
        },
        onUploadFinish: async (req, upload) => {
          const context = contexts.get(req as unknown as Request);
          if (!context) throw new Error('An upload finished outside a request');
          // PATCH unlocks before this hook: take the lock again, so a retried last PATCH, a DELETE or
          // the purge waits for the file's row rather than racing it.
          const lock = uploads.locker.newLock(upload.id);
          await lock.lock(AbortSignal.timeout(uploads.locker.acquireTimeoutMs), () => {});
          try {
            const done = await completeUpload(
              context.db,
              deps.storage,
              uploads.backend,
              context.caller,
              upload.id,
              undefined,
              along.take,
            );
            context.fileId = done.fileId;
            context.completedId = upload.id;
            return { headers: { [UPLOAD_FILE_ID_HEADER]: done.fileId } };
          } catch (err) {
            throw tusError(err);
          } finally {
            await lock.unlock();
          }
        },
      };
      return { server: new Server(options), uploads };
    })());
}

/** A tus answer in the API's conventions: JSON errors with a code, Tus-Resumable on every answer. */
async function apiAnswer(res: Response, deps: AppDeps): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set('Tus-Resumable', TUS_VERSION);
  if (res.status < 400) return new Response(res.body, { status: res.status, headers });
  const text = await res.text();
  let body: { message: string; code: string; fields?: Record<string, string> } | undefined;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === 'string' && typeof parsed.code === 'string') body = parsed as typeof body;
  } catch {
    // tus' own plain-text refusal.
  }
  let status = res.status;
  if (!body) {
    if (text.includes(ERRORS.ERR_LOCK_TIMEOUT.body.trim())) status = 423;
    const code = tusCodes[status] ?? (status >= 500 ? 'internal_error' : 'invalid_upload_request');
    if (status >= 500) deps.logger.error({ status, answer: text.slice(0, 200) }, 'upload request failed');
    body = {
      message:
        messages[code] ??
        (status >= 500 ? 'Something went wrong on our side.' : text.trim() || 'Request refused.'),
      code,
    };
  }
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status, headers });
}

/** A chunk's Content-Length: app.ts holds it to the chunk limit, so chunks are never buffered. */
function requireContentLength(c: Context<AppBindings>) {
  if (c.req.header('content-length') === undefined)
    throw new ApiError(411, 'Send each chunk with its length (a Content-Length header).', {
      code: 'length_required',
    });
}

/** The declared length of a new upload: required, no deferred length. */
function declaredLength(c: Context<AppBindings>): number {
  if (c.req.header('upload-defer-length') !== undefined || c.req.header('upload-concat') !== undefined)
    throw new ApiError(
      400,
      'Send the file’s length in Upload-Length; deferred lengths and concatenation are not accepted.',
      {
        code: 'invalid_upload_request',
      },
    );
  const header = c.req.header('upload-length')?.trim();
  if (header === undefined || !/^\d{1,16}$/.test(header))
    throw new ApiError(400, 'Send the file’s length in bytes in Upload-Length.', {
      code: 'invalid_upload_request',
    });
  const length = Number(header);
  if (length > UPLOAD_MAX_BYTES)
    throw new ApiError(413, `Files over 2 GiB cannot be uploaded (this one is ${length} bytes).`, {
      code: 'upload_too_large',
    });
  return length;
}

/** Upload-Metadata's filename (required, checked as every item name) and folderId (optional). */
function placeOf(c: Context<AppBindings>): { name: string; folderId: string | null } {
  let metadata: Record<string, string | null> = {};
  const header = c.req.header('upload-metadata')?.trim();
  try {
    if (header) metadata = Metadata.parse(header) ?? {};
  } catch {
    throw new ApiError(400, 'Upload-Metadata is not a list of "key base64value" pairs.', {
      code: 'invalid_upload_request',
    });
  }
  const name = itemName('Name').safeParse(metadata.filename ?? '');
  if (!name.success)
    throw new ApiError(400, 'Some fields are invalid.', {
      code: 'validation_failed',
      fields: { filename: name.error.issues[0]?.message ?? 'Name is invalid.' },
    });
  const folderId = metadata.folderId?.trim() || null;
  if (folderId !== null && !uploadIdPattern.test(folderId))
    throw new ApiError(400, 'Some fields are invalid.', {
      code: 'validation_failed',
      fields: { folderId: 'This folder does not exist or is in the trash.' },
    });
  return { name: name.data, folderId };
}

/** HEAD, PATCH and DELETE of an upload that is already a file: answered from its row. */
function completedAnswer(c: Context<AppBindings>, row: UploadRow): Response {
  const headers: Record<string, string> = {
    'Tus-Resumable': TUS_VERSION,
    'Upload-Offset': String(row.sizeBytes),
    'Upload-Length': String(row.sizeBytes),
    'Cache-Control': 'no-store',
    ...(row.fileId && { [UPLOAD_FILE_ID_HEADER]: row.fileId }),
  };
  const method = c.req.method;
  if (method === 'HEAD') return new Response(null, { status: 200, headers });
  const offset = c.req.header('upload-offset');
  const length = Number(c.req.header('content-length') ?? '0');
  if (method === 'PATCH' && offset === String(row.sizeBytes) && length === 0)
    return new Response(null, { status: 204, headers });
  if (method === 'PATCH')
    throw new ApiError(409, messages.upload_offset_conflict!, { code: 'upload_offset_conflict', headers });
  throw new ApiError(409, 'This upload is complete and is a file now; delete the file instead.', {
    code: 'upload_complete',
    headers,
  });
}

export function createUploadsRouter(deps: AppDeps) {
  const router = new Hono<AppBindings>();
  const contexts = new WeakMap<Request, UploadRequest>();
  const along = createInspectAlong();
  const tus = tusServerOf(deps, contexts, along);
  const auth = [requireAuth(deps), requirePermission('files:write')] as const;

  const run = async (c: Context<AppBindings>, context: UploadRequest) => {
    const { server, uploads } = await tus();
    const request = withNodeBody(c);
    contexts.set(request, context);
    const res = await server.handleWeb(request);
    // The file holds the bytes now; tus may still read the upload while answering, so they go after.
    if (context.completedId) await uploads.backend.discard(context.completedId);
    return res;
  };
  const requireTusVersion = (c: Context<AppBindings>) => {
    if (c.req.header('tus-resumable') !== TUS_VERSION)
      throw new ApiError(412, messages.tus_version_required!, {
        code: 'tus_version_required',
        headers: { 'Tus-Resumable': TUS_VERSION, 'Tus-Version': TUS_VERSION },
      });
  };

  // Capabilities need no token (a client may ask before signing in).
  router.options('/', async (c) => apiAnswer(await (await tus()).server.handleWeb(c.req.raw), deps));
  router.options('/:uploadId', async (c) => apiAnswer(await (await tus()).server.handleWeb(c.req.raw), deps));

  router.post('/', ...auth, async (c) => {
    requireTusVersion(c);
    // Creation with upload (a first chunk in the POST) streams like a PATCH: its length is required.
    if (c.req.header('content-type') === 'application/offset+octet-stream') requireContentLength(c);
    const length = declaredLength(c);
    const place = placeOf(c);
    const caller = callerOf(c);
    const row = await createUpload(c.var.db, caller, { ...place, length });
    const context: UploadRequest = { caller, db: c.var.db, createdId: row.id };
    let res: Response;
    try {
      res = await run(c, context);
    } catch (err) {
      await releaseUpload(c.var.db, row.id);
      throw err;
    }
    if (res.status === 410 && context.fileId)
      // A whole file in its creation request (creation-with-upload): tus looks the upload up again once
      // it is finished, and finds its bytes gone, moved into the file. Created, and complete.
      return apiAnswer(
        new Response(null, {
          status: 201,
          headers: {
            Location: `${UPLOADS_PATH}/${row.id}`,
            'Upload-Offset': String(length),
            [UPLOAD_FILE_ID_HEADER]: context.fileId,
          },
        }),
        deps,
      );
    if (res.status !== 201 && !context.fileId) {
      // Not created after all (a refused body, a lost store): nothing stays held.
      await releaseUpload(c.var.db, row.id);
      await (await tus()).uploads.backend.discard(row.id);
    }
    return apiAnswer(res, deps);
  });

  // Hono serves HEAD through GET routes (c.req.method stays HEAD); a plain GET has nothing to read here.
  router.on(['GET', 'PATCH', 'DELETE'], '/:uploadId', ...auth, async (c) => {
    if (c.req.method === 'GET') throw notFound();
    requireTusVersion(c);
    const id = c.req.param('uploadId');
    if (!uploadIdPattern.test(id)) throw notFound();
    const caller = callerOf(c);
    const row = await ownUpload(c.var.db, caller, id);
    if (!row) throw notFound();
    if (row.completedAt) return completedAnswer(c, row);
    if (row.expiresAt.getTime() <= Date.now())
      throw new ApiError(
        410,
        `This upload expired (uploads not finished in ${UPLOAD_EXPIRY_HOURS} hours are removed); start it again.`,
        {
          code: 'upload_expired',
        },
      );
    if (c.req.method === 'PATCH') requireContentLength(c);
    const context: UploadRequest = { caller, db: c.var.db };
    if (c.req.method === 'DELETE') along.forget(id);
    const res = await run(c, context);
    if (c.req.method === 'PATCH') along.settle(id, Number(res.headers.get('upload-offset') ?? NaN));
    // Completed by another request meanwhile (its bytes are then gone from the tus store): say so.
    const completedMeanwhile = async () => {
      const now = await ownUpload(c.var.db, caller, id);
      return now?.completedAt ? completedAnswer(c, now) : undefined;
    };
    if (c.req.method === 'DELETE' && (res.status === 204 || res.status === 404)) {
      // Terminated (or its bytes were already gone): the hold is given back at once.
      if (!(await releaseUpload(c.var.db, id))) {
        const completed = await completedMeanwhile();
        if (completed) return completed;
      }
      return apiAnswer(new Response(null, { status: 204 }), deps);
    }
    // 404: its record is gone; 410: its bytes are (a completed upload's file is moved into storage).
    if (res.status === 404 || res.status === 410) return (await completedMeanwhile()) ?? apiAnswer(res, deps);
    return apiAnswer(res, deps);
  });

  return router;
}

const header = (description: string, required = true, pattern?: string) => ({
  description,
  required,
  schema: { type: 'string' as const, ...(pattern && { pattern }) },
});

/**
 * The tus endpoints are not zod routes (tus speaks in headers); they are written into the OpenAPI
 * document by hand, so /api/openapi.json still documents every route.
 */
export function registerUploadsOpenApi(registry: OpenAPIHono<AppBindings>['openAPIRegistry']) {
  const tags = ['Uploads'];
  const security = [{ bearerAuth: [] }];
  const tusResumable = { name: 'Tus-Resumable', in: 'header' as const, ...header(`Always ${TUS_VERSION}.`) };
  const idParam = {
    name: 'uploadId',
    in: 'path' as const,
    required: true,
    schema: { type: 'string' as const },
    description: 'From the Location of the creation.',
  };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: errorBody } },
  });
  const common = {
    401: error('Missing, invalid or revoked bearer token'),
    403: error('The role may not upload files (files:write)'),
    404: error('No such upload, or another user’s'),
    412: error('Tus-Resumable is missing or not 1.0.0'),
  };
  const offsetHeaders = {
    'Upload-Offset': { description: 'Bytes stored so far', schema: { type: 'string' as const } },
    'Tus-Resumable': { description: TUS_VERSION, schema: { type: 'string' as const } },
  };
  const fileIdHeader = {
    [UPLOAD_FILE_ID_HEADER]: {
      description: 'Once complete: the id of the file the upload became (GET /api/files/{fileId})',
      schema: { type: 'string' as const },
    },
  };

  registry.registerPath({
    method: 'options',
    path: UPLOADS_PATH,
    tags,
    summary: 'What the tus server supports (no token needed)',
    responses: {
      204: {
        description:
          'Tus-Version, Tus-Extension (creation, creation-with-upload, termination, expiration) and Tus-Max-Size',
      },
    },
  });
  registry.registerPath({
    method: 'post',
    path: UPLOADS_PATH,
    tags,
    security,
    summary: 'Start a resumable (tus) upload (files:write)',
    description:
      'tus 1.0.0 creation. `Upload-Length` is the file’s exact size (no deferred length), at most 2 GiB; the ' +
      'organisation’s storage holds it from now until the upload completes or ends: past the plan’s limit the answer ' +
      `is 413 \`storage_quota_exceeded\`, saying what is left. \`Upload-Metadata\` carries \`filename\` (a file name, ` +
      'checked as every item name: 400 with `fields.filename`) and optionally `folderId` (a live folder of the ' +
      'organisation: 400 with `fields.folderId` otherwise), both base64 as tus wants. The answer’s `Location` is ' +
      `the upload’s address; send the bytes there with PATCH in chunks of at most ${UPLOAD_CHUNK_MAX_BYTES} bytes. ` +
      `An upload not finished within ${UPLOAD_EXPIRY_HOURS} hours (\`Upload-Expires\`) is removed and its hold released. ` +
      'A zero-byte file is complete at once (`Upload-File-Id`).',
    parameters: [
      tusResumable,
      { name: 'Upload-Length', in: 'header', ...header('The file’s size in bytes', true, '^[0-9]+$') },
      {
        name: 'Upload-Metadata',
        in: 'header',
        ...header('`filename <base64>`, optionally `,folderId <base64>`'),
      },
    ],
    responses: {
      201: {
        description: 'Created',
        headers: {
          Location: { description: '/api/uploads/{uploadId}', schema: { type: 'string' } },
          'Upload-Expires': {
            description: 'When an unfinished upload is removed',
            schema: { type: 'string' },
          },
          ...fileIdHeader,
        },
      },
      400: error('Bad Upload-Length or Upload-Metadata; `fields` names filename or folderId'),
      ...common,
      413: error('Over 2 GiB (`upload_too_large`) or past the storage quota (`storage_quota_exceeded`)'),
    },
  });
  registry.registerPath({
    method: 'head',
    path: `${UPLOADS_PATH}/{uploadId}`,
    tags,
    security,
    summary: 'How much of an upload is stored: resume from Upload-Offset (files:write)',
    parameters: [idParam, tusResumable],
    responses: {
      200: {
        description: 'The offset; Upload-File-Id once complete',
        headers: { ...offsetHeaders, 'Upload-Length': { schema: { type: 'string' } }, ...fileIdHeader },
      },
      ...common,
      410: error('The upload expired'),
    },
  });
  registry.registerPath({
    method: 'patch',
    path: `${UPLOADS_PATH}/{uploadId}`,
    tags,
    security,
    summary: 'Append a chunk of an upload at Upload-Offset (files:write)',
    description:
      `One chunk of at most ${UPLOAD_CHUNK_MAX_BYTES} bytes, with \`Content-Type: application/offset+octet-stream\`. ` +
      'A connection cut mid-chunk keeps the bytes that arrived: HEAD tells where to resume. When the last byte ' +
      'arrives the file is made (type sniffed from the bytes, SHA-256 computed, usage settled) in the upload’s folder, ' +
      'named as asked or, when that name is taken meanwhile, `name (2).ext`; `Upload-File-Id` names it. ' +
      'Another process holding the upload is asked to let go; one that does not within 30 s answers 423.',
    parameters: [
      idParam,
      tusResumable,
      { name: 'Upload-Offset', in: 'header', ...header('Where this chunk starts', true, '^[0-9]+$') },
    ],
    request: {
      body: {
        required: true,
        content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    },
    responses: {
      204: { description: 'Stored', headers: { ...offsetHeaders, ...fileIdHeader } },
      400: error('A bad header'),
      ...common,
      409: error('Upload-Offset is not the stored offset (`upload_offset_conflict`)'),
      410: error('The upload expired'),
      413: error('More bytes than declared, or a chunk over the limit; or the quota at completion'),
      423: error('Another request holds the upload (`upload_locked`)'),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: `${UPLOADS_PATH}/{uploadId}`,
    tags,
    security,
    summary: 'Cancel an upload: its bytes go and its quota hold is released (files:write)',
    parameters: [idParam, tusResumable],
    responses: {
      204: { description: 'Ended' },
      ...common,
      409: error('The upload is complete (`upload_complete`): delete the file instead'),
      410: error('The upload expired'),
    },
  });
}
