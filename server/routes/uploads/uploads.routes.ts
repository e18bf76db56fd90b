import { Server, type ServerOptions } from '@tus/server';
import { ERRORS, Metadata } from '@tus/utils';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { itemName } from '../../../contract/files';
import { UPLOAD_EXPIRY_HOURS, UPLOAD_FILE_ID_HEADER, UPLOAD_MAX_BYTES } from '../../../contract/uploads';
import { FORM_MEDIA_METADATA } from '../../../contract/forms/media';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import { clientIp } from '../../http/client-ip';
import type { AppBindings, AppDeps } from '../../http/context';
import { withNodeBody } from '../../http/node-body';
import { ApiError } from '../../services/api-error';
import { enforceRateLimits } from '../../services/rate-limit';
import { uploadLockerFor } from '../../services/storage/upload-locker';
import { uploadBackendFor, type UploadBackend, type UploadsDeps } from '../../services/storage/upload-store';
import { callerOf } from '../files/files.routes';
import type { Caller } from '../files/files.service';
import {
  createInspectAlong,
  inspectingWrites,
  type InspectAlong,
} from '../../services/storage/inspect-along';
import {
  formMediaCallerOf,
  formMediaTargetOf,
  startFormMediaUpload,
  type FormMediaTarget,
} from './form-media.service';
import {
  completeUpload,
  createUpload,
  endUnfinishedUpload,
  forgetFormMediaUpload,
  ownUpload,
  releaseUpload,
  type UploadRow,
} from './uploads.service';

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

export const TUS_VERSION = '1.0.0';

/*
 * Responses' files started without a token, per address: twice the responses' own limit
 * (SUBMISSIONS_PER_IP), since a phone flushing a day's queue sends a photo or two with each response
 * from behind a village's shared address; it only stops a script flooding an open form.
 */
export const FORM_MEDIA_PER_IP = { max: 6_000, windowSeconds: 600 };

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

type UploadMetadata = Record<string, string | null>;

/** Upload-Metadata's pairs (400 when it is not a tus metadata list). */
function metadataOf(c: Context<AppBindings>): UploadMetadata {
  const header = c.req.header('upload-metadata')?.trim();
  try {
    return (header && Metadata.parse(header)) || {};
  } catch {
    throw new ApiError(400, 'Upload-Metadata is not a list of "key base64value" pairs.', {
      code: 'invalid_upload_request',
    });
  }
}

/** Whether a creation names a form (a response's file, which needs no token). */
function namesForm(c: Context<AppBindings>): boolean {
  try {
    return Object.hasOwn(metadataOf(c), FORM_MEDIA_METADATA.formId);
  } catch {
    // Not metadata at all: answered as before, the token first.
    return false;
  }
}

/** Upload-Metadata's filename, required and checked as every item name. */
function fileNameOf(metadata: UploadMetadata): string {
  const name = itemName('Name').safeParse(metadata.filename ?? '');
  if (!name.success)
    throw new ApiError(400, 'Some fields are invalid.', {
      code: 'validation_failed',
      fields: { filename: name.error.issues[0]?.message ?? 'Name is invalid.' },
    });
  return name.data;
}

/** Upload-Metadata's filename and folderId (optional). */
function placeOf(metadata: UploadMetadata): { name: string; folderId: string | null } {
  const name = fileNameOf(metadata);
  const folderId = metadata.folderId?.trim() || null;
  if (folderId !== null && !uploadIdPattern.test(folderId))
    throw new ApiError(400, 'Some fields are invalid.', {
      code: 'validation_failed',
      fields: { folderId: 'This folder does not exist or is in the trash.' },
    });
  return { name, folderId };
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
  const [authenticate, mayWrite] = [requireAuth(deps), requirePermission('files:write')];
  const authenticated: MiddlewareHandler<AppBindings> = (c, next) =>
    authenticate(c, async () => {
      await mayWrite(c, next);
    });
  const trustProxy = deps.env.TRUST_PROXY === 'true';

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

  /** A response's file (form-media.service.ts): no token; the form's NGO acts through its creator. */
  const startFormMedia = async (
    c: Context<AppBindings>,
    target: FormMediaTarget,
    name: string,
    length: number,
  ) => {
    await enforceRateLimits(
      c.var.db,
      [{ key: `form-media:${clientIp(c, trustProxy)}`, ...FORM_MEDIA_PER_IP }],
      (wait) => `Too many files from this address. Try again in ${wait}.`,
    );
    const started = await startFormMediaUpload(c.var.db, target, { name, length });
    if (started.replaced) await discardReplaced(started.replaced);
    return started;
  };

  /** The bytes of an unfinished upload another one replaced: once any request still writing them lets go. */
  const discardReplaced = async (id: string) => {
    const { uploads } = await tus();
    along.forget(id);
    const lock = uploads.locker.newLock(id);
    try {
      await lock.lock(AbortSignal.timeout(uploads.locker.acquireTimeoutMs), () => {});
    } catch {
      deps.logger.warn({ uploadId: id }, 'a replaced upload’s bytes were left: its lock was not released');
      return;
    }
    try {
      await uploads.backend.discard(id);
    } finally {
      await lock.unlock();
    }
  };

  router.post(
    '/',
    (c, next) => (namesForm(c) ? next() : authenticated(c, next)),
    async (c) => {
      requireTusVersion(c);
      // Creation with upload (a first chunk in the POST) streams like a PATCH: its length is required.
      if (c.req.header('content-type') === 'application/offset+octet-stream') requireContentLength(c);
      const length = declaredLength(c);
      const metadata = metadataOf(c);
      const target = formMediaTargetOf(metadata);
      const { row, caller } = target
        ? await startFormMedia(c, target, fileNameOf(metadata), length)
        : {
            row: await createUpload(c.var.db, callerOf(c), { ...placeOf(metadata), length }),
            caller: callerOf(c),
          };
      // Not created after all: neither the hold nor a response's row for it stays.
      const release = async () => {
        if (target) await forgetFormMediaUpload(c.var.db, row.id);
        await releaseUpload(c.var.db, row.id);
      };
      const context: UploadRequest = { caller, db: c.var.db, createdId: row.id };
      let res: Response;
      try {
        res = await run(c, context);
      } catch (err) {
        await release();
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
        await release();
        await (await tus()).uploads.backend.discard(row.id);
      }
      return apiAnswer(res, deps);
    },
  );

  /** The caller of a response's upload sent without a token; any other upload needs one (401). */
  const formMediaCaller = async (c: Context<AppBindings>, id: string) => {
    const caller = uploadIdPattern.test(id) ? await formMediaCallerOf(c.var.db, id) : undefined;
    if (!caller) throw new ApiError(401, 'Sign in to continue.');
    return caller;
  };

  // Without a token, only a response's file (form-media.service.ts) is reachable, as its form's NGO.
  const anonymous = (c: Context<AppBindings>) =>
    c.req.header('authorization') === undefined && c.req.method !== 'GET';
  // Hono serves HEAD through GET routes (c.req.method stays HEAD); a plain GET has nothing to read here.
  router.on(
    ['GET', 'PATCH', 'DELETE'],
    '/:uploadId',
    (c, next) => (anonymous(c) ? next() : authenticated(c, next)),
    async (c) => {
      if (c.req.method === 'GET') throw notFound();
      requireTusVersion(c);
      const id = c.req.param('uploadId');
      const caller = anonymous(c) ? await formMediaCaller(c, id) : callerOf(c);
      if (!uploadIdPattern.test(id)) throw notFound();
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
        // Terminated (or its bytes were already gone): the hold is given back at once, and a response's
        // file is awaited again, counting against the response's files no more.
        if (!(await endUnfinishedUpload(c.var.db, id))) {
          const completed = await completedMeanwhile();
          if (completed) return completed;
        }
        return apiAnswer(new Response(null, { status: 204 }), deps);
      }
      // 404: its record is gone; 410: its bytes are (a completed upload's file is moved into storage).
      if (res.status === 404 || res.status === 410)
        return (await completedMeanwhile()) ?? apiAnswer(res, deps);
      return apiAnswer(res, deps);
    },
  );

  return router;
}
