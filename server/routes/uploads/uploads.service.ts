import type { InspectedBytes } from '../../services/storage/inspect-bytes';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { NAME_MAX_CHARS } from '../../../contract/files';
import { UPLOAD_EXPIRY_HOURS } from '../../../contract/uploads';
import type { Database, DbExecutor } from '../../db';
import { files, formMedia, uploads } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { newId } from '../../services/ids';
import type { FileStorage } from '../../services/storage/file-storage';
import {
  releaseStorage,
  reserveStorage,
  settleUpload,
  storageQuotaCode,
} from '../../services/storage/storage-quota';
import { removeObjects } from '../../services/storage/trash-purge';
import type { UploadLocker } from '../../services/storage/upload-locker';
import type { UploadBytes } from '../../services/storage/upload-store';
import { isLivePlace, liveOwnFolder, lockPlace, type Caller } from '../files/files.service';
import { scheduleJob } from '../../services/scheduled-job';

export type UploadRow = typeof uploads.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
/** Completed uploads' rows answer late HEADs and retried last PATCHes this long, then go. */
const COMPLETED_KEPT_MS = 7 * 24 * HOUR_MS;

/** The caller's own upload (another user's, or another NGO's, is undefined: a 404). */
export async function ownUpload(db: DbExecutor, caller: Caller, id: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(eq(uploads.id, id), eq(uploads.ngoId, caller.tenant.ngoId), eq(uploads.ownerId, caller.userId)),
    )
    .limit(1);
  return row;
}

/**
 * Starts an upload: the folder must be a live one of the caller's NGO (400 otherwise), and the
 * declared length is held from the quota (413 with what is left) in the same transaction that writes
 * the row, so a hold never exists without its upload.
 */
export async function createUpload(
  db: DbExecutor,
  caller: Caller,
  upload: { name: string; folderId: string | null; length: number },
  now = new Date(),
): Promise<UploadRow> {
  const ngoId = caller.tenant.ngoId;
  if (upload.folderId) {
    try {
      await liveOwnFolder(db, caller.tenant, upload.folderId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        throw new ApiError(400, 'Some fields are invalid.', {
          code: 'validation_failed',
          fields: { folderId: 'This folder does not exist or is in the trash.' },
        });
      throw err;
    }
  }
  const row: UploadRow = {
    id: newId(),
    ngoId,
    ownerId: caller.userId,
    folderId: upload.folderId,
    name: upload.name,
    sizeBytes: upload.length,
    createdAt: now,
    expiresAt: new Date(now.getTime() + UPLOAD_EXPIRY_HOURS * HOUR_MS),
    completedAt: null,
    fileId: null,
  };
  await db.transaction(async (tx) => {
    await reserveStorage(tx, ngoId, upload.length, now);
    await tx.insert(uploads).values(row);
  });
  return row;
}

/**
 * Ends an unfinished upload (termination, expiry, a failed creation): its row goes and its hold is
 * given back, together. False when there was nothing to end (already complete, or gone).
 */
export async function releaseUpload(db: DbExecutor, id: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(uploads)
      .where(and(eq(uploads.id, id), isNull(uploads.completedAt)))
      .returning({ ngoId: uploads.ngoId, sizeBytes: uploads.sizeBytes });
    if (!gone) return false;
    await releaseStorage(tx, gone.ngoId, gone.sizeBytes, now);
    return true;
  });
}

/**
 * An unfinished upload that ended (a failed creation, a cancellation, an expiry): a response's row for it
 * goes with it, so nothing half-made stays and the file counts against the response's cap no more (the
 * device starts it again under a new upload).
 */
export async function forgetFormMediaUpload(db: DbExecutor, uploadId: string) {
  await db.delete(formMedia).where(and(eq(formMedia.uploadId, uploadId), isNull(formMedia.fileId)));
}

/** Ends an unfinished upload: its hold released and a response's row for it forgotten; false if none was. */
export async function endUnfinishedUpload(db: DbExecutor, id: string, now = new Date()): Promise<boolean> {
  if (!(await releaseUpload(db, id, now))) return false;
  await forgetFormMediaUpload(db, id);
  return true;
}

/** Splits 'report.final.pdf' into 'report.final' and '.pdf' ('.bashrc' and 'README' have no extension). */
function stemAndExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/**
 * The name itself when no live file or folder of the place has it, else the first free 'name (n).ext'
 * (the stem shortened when the result would pass the name limit). Runs under the place's lock.
 */
export async function freeNameIn(
  db: DbExecutor,
  ngoId: string,
  folderId: string | null,
  name: string,
  kind: 'file' | 'folder' = 'file',
): Promise<string> {
  // A folder's name has no extension: 'Survey v1.2 – responses' becomes '… (2)', never 'Survey v1 (2).2 …'.
  const [stem, extension] = kind === 'file' ? stemAndExtension(name) : [name, ''];
  const place = folderId ?? '';
  const result = await db.execute<{ name: string }>(sql`
    select name from folders where ngo_id = ${ngoId} and coalesce(parent_id, '') = ${place}
      and deleted_at is null and left(name, ${stem.length}) = ${stem}
    union all
    select name from files where ngo_id = ${ngoId} and coalesce(folder_id, '') = ${place}
      and deleted_at is null and left(name, ${stem.length}) = ${stem}`);
  const taken = new Set(result.rows.map((r) => r.name));
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})${extension}`;
    const room = NAME_MAX_CHARS - [...suffix].length;
    const candidate = `${[...stem].slice(0, Math.max(1, room)).join('')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface CompletedUpload {
  fileId: string;
  name: string;
}

/**
 * The last byte arrived: the bytes go to the storage adapter under a key the server makes (hashed and
 * sniffed on the way), then one transaction writes the file's row in the upload's folder (the root
 * when that folder has gone meanwhile) under a free name, settles the hold to the real size and marks
 * the upload complete. Run under the upload's lock, so a retried last PATCH finds it complete.
 *
 * Past the quota at completion (the plan lapsed meanwhile): 413, the upload is ended and nothing is
 * kept. Any other failure keeps the upload as it was, so the last PATCH can be sent again.
 */
export async function completeUpload(
  db: DbExecutor,
  storage: FileStorage,
  bytes: UploadBytes,
  caller: Caller,
  id: string,
  now = new Date(),
  /** What the chunks were found to be as they arrived, when this process saw them all (inspect-along.ts). */
  inspectedAlong?: (id: string, size: number, name: string) => Promise<InspectedBytes | undefined>,
): Promise<CompletedUpload> {
  const row = await ownUpload(db, caller, id);
  if (!row) throw new ApiError(404, 'Upload not found.');
  if (row.completedAt) {
    if (!row.fileId) throw new ApiError(410, 'This upload’s file has been deleted.', { code: 'upload_gone' });
    const [file] = await db.select({ name: files.name }).from(files).where(eq(files.id, row.fileId));
    return { fileId: row.fileId, name: file?.name ?? row.name };
  }
  const ngoId = row.ngoId;
  const fileId = newId();
  const storageKey = `${ngoId}/${fileId}`;
  let stored = false;
  try {
    const seen = await inspectedAlong?.(id, row.sizeBytes, row.name);
    const inspected = await bytes.adopt(id, storageKey, row.sizeBytes, row.name, seen);
    stored = true;
    if (inspected.size !== row.sizeBytes)
      throw new ApiError(
        400,
        `The upload holds ${inspected.size} bytes, not the ${row.sizeBytes} declared.`,
        {
          code: 'upload_size_mismatch',
        },
      );
    const name = await db.transaction(async (tx) => {
      const place = (await isLivePlace(tx, caller.tenant, row.folderId)) ? row.folderId : null;
      await lockPlace(tx, ngoId, place);
      const freeName = await freeNameIn(tx, ngoId, place, row.name);
      await tx.insert(files).values({
        id: fileId,
        ngoId,
        ownerId: row.ownerId,
        folderId: place,
        name: freeName,
        sizeBytes: inspected.size,
        contentType: inspected.contentType,
        sha256: inspected.sha256,
        storageKey,
        createdAt: now,
        updatedAt: now,
      });
      // Still unfinished (neither ended nor completed by another request meanwhile): the check and the
      // mark are one statement, and a miss undoes the file's row with the rest of the transaction.
      const [pending] = await tx
        .update(uploads)
        .set({ completedAt: now, fileId })
        .where(and(eq(uploads.id, id), isNull(uploads.completedAt)))
        .returning({ id: uploads.id });
      if (!pending) throw new ApiError(409, 'This upload was ended meanwhile.', { code: 'upload_ended' });
      await settleUpload(tx, ngoId, row.sizeBytes, inspected.size, now);
      // A response's file (form-media.service.ts) has arrived with this commit, never apart from it.
      await tx.update(formMedia).set({ fileId }).where(eq(formMedia.uploadId, id));
      return freeName;
    });
    // The caller removes the upload's own bytes (bytes.discard) once tus has answered.
    return { fileId, name };
  } catch (err) {
    if (stored) await removeObjects(storage, [storageKey]);
    if (err instanceof ApiError && err.code === storageQuotaCode) {
      // settleUpload's own release went with the rolled-back transaction: end the upload here.
      await releaseUpload(db, id, now);
      await bytes.discard(id);
    }
    throw err;
  }
}

/**
 * Ends the uploads not finished within UPLOAD_EXPIRY_HOURS (their holds released, their bytes
 * removed) and forgets completed ones after a week. Each takes the upload's lock first, which stops
 * a request still writing to it; one another replica is ending holds its lock and is skipped. Every
 * replica may run it: a row already gone releases nothing.
 */
export async function purgeExpiredUploads(
  db: Database,
  bytes: UploadBytes,
  locker: UploadLocker,
  now = new Date(),
  logger?: Logger,
): Promise<{ expired: number }> {
  const due = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isNull(uploads.completedAt), lt(uploads.expiresAt, now)))
    .limit(1000);
  let expired = 0;
  for (const { id } of due) {
    const lock = locker.newLock(id);
    try {
      await lock.lock(AbortSignal.timeout(10_000), () => {});
    } catch {
      continue;
    }
    try {
      if (await endUnfinishedUpload(db, id, now)) {
        expired++;
        await bytes.discard(id);
      }
    } catch (err) {
      logger?.error({ err, uploadId: id }, 'expired upload not ended');
    } finally {
      await lock.unlock();
    }
  }
  // Completed uploads are forgotten after a week; bytes a crash left behind after completion go with them.
  const forgotten = await db
    .delete(uploads)
    .where(
      and(
        isNotNull(uploads.completedAt),
        lt(uploads.completedAt, new Date(now.getTime() - COMPLETED_KEPT_MS)),
      ),
    )
    .returning({ id: uploads.id });
  for (const { id } of forgotten) await bytes.discard(id);
  return { expired };
}

/** Runs the upload purge now and every hour; the timer never keeps the process alive. */
export function scheduleUploadPurge(
  db: Database,
  bytes: UploadBytes,
  locker: UploadLocker,
  logger: Logger,
  intervalMs = HOUR_MS,
): () => void {
  return scheduleJob(logger, {
    intervalMs,
    failure: 'upload purge failed',
    run: async () => {
      const { expired } = await purgeExpiredUploads(db, bytes, locker, new Date(), logger);
      if (expired > 0) logger.info({ expired }, 'expired uploads ended');
    },
  });
}
