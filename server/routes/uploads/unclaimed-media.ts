import { and, asc, eq, gt, inArray, isNull, lt, notExists, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, DbExecutor } from '../../db';
import { files, formMedia, formSubmissions, forms, uploads } from '../../db/schema';
import { trashItem, type Caller } from '../files/files.service';
import { formCaller } from './form-media.service';
import { endUnfinishedUpload } from './uploads.service';
import { ApiError } from '../../services/api-error';
import { recordAudit } from '../../services/audit';
import { scheduleJob } from '../../services/scheduled-job';
import type { UploadBytes } from '../../services/storage/upload-store';

/*
 * A response's files arrive apart from its answers (form-media.service.ts). When the answers never
 * come (refused, or the device lost), the files would stay in Cloud Storage and count against the
 * NGO's quota for ever. Past the grace period, the sweep moves such a file to the trash as the Files
 * screen's delete does (restorable until the trash purge frees its bytes) and ends such an unfinished
 * upload (its hold released). Either way the form_media row goes, so a late response is still taken,
 * its files shown as not received (the device may send them again).
 */

export const UNCLAIMED_MEDIA_GRACE_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

export interface SweptMedia {
  /** Files moved to the trash. */
  trashed: number;
  /** Unfinished uploads ended, their holds released. */
  ended: number;
  /** Rows with nothing left to sweep (the file already in the trash or purged): only forgotten. */
  forgotten: number;
  /** Rows left for the next turn after an error (logged). */
  failed: number;
}

/**
 * Rows of responses that never arrived, whose device last sent the file before `cutoff`: a file
 * started again keeps its row but gets a new upload, and a completed one its file, so all three count.
 */
function unclaimedBefore(db: DbExecutor, cutoff: Date) {
  return and(
    lt(formMedia.createdAt, cutoff),
    or(isNull(uploads.createdAt), lt(uploads.createdAt, cutoff)),
    or(isNull(files.createdAt), lt(files.createdAt, cutoff)),
    notExists(
      db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(
          and(
            eq(formSubmissions.formId, formMedia.formId),
            eq(formSubmissions.instanceId, formMedia.instanceId),
          ),
        ),
    ),
  );
}

type Outcome = 'trashed' | 'ended' | 'forgotten';
type Row = { id: string; uploadId: string; fileId: string | null };

/** Sweeps one row, in the batch's transaction; the caller acts for the form as its uploads did. */
async function sweepRow(tx: DbExecutor, row: Row, callerOf: (tx: DbExecutor) => Promise<Caller>, now: Date) {
  let outcome: Outcome = 'forgotten';
  if (row.fileId) {
    try {
      const caller = await callerOf(tx);
      await trashItem(tx, caller, 'file', row.fileId);
      outcome = 'trashed';
      await recordAudit(tx, {
        ngoId: caller.tenant.ngoId,
        actorId: null,
        action: 'file.trashed_unclaimed',
        targetType: 'file',
        targetId: row.fileId,
        details: { reason: 'The response this file was sent with never arrived.', uploadId: row.uploadId },
      });
    } catch (err) {
      // Not a live file: already in the trash, by itself or with its folder, which frees it in time.
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
  } else if (await endUnfinishedUpload(tx, row.uploadId, now)) outcome = 'ended';
  // Also a row whose file was purged, or whose upload ended without forgetting it (a crash between).
  await tx.delete(formMedia).where(eq(formMedia.id, row.id));
  return outcome;
}

/**
 * One batch in one transaction. Its forms' rows are locked FOR UPDATE first: a response's insert
 * takes KEY SHARE on its form (the foreign key), so none can arrive between the check and the commit.
 * Any row another sweep (or a response) holds is skipped, and the conditions are checked again under
 * the locks, so two processes may sweep at once and each row is swept once.
 */
async function sweepBatch(
  tx: DbExecutor,
  batch: { id: string; formId: string }[],
  cutoff: Date,
  now: Date,
  logger: Logger | undefined,
): Promise<{ outcomes: Outcome[]; failed: number; endedUploads: string[] }> {
  const locked = await tx
    .select({ id: forms.id, ngoId: forms.ngoId, createdBy: forms.createdBy })
    .from(forms)
    .where(inArray(forms.id, [...new Set(batch.map((row) => row.formId))]))
    .orderBy(asc(forms.id))
    .for('update', { skipLocked: true });
  const result = { outcomes: [] as Outcome[], failed: 0, endedUploads: [] as string[] };
  if (locked.length === 0) return result;
  const rows = await tx
    .select({
      id: formMedia.id,
      formId: formMedia.formId,
      uploadId: formMedia.uploadId,
      fileId: formMedia.fileId,
    })
    .from(formMedia)
    .leftJoin(uploads, eq(uploads.id, formMedia.uploadId))
    .leftJoin(files, eq(files.id, formMedia.fileId))
    .where(
      and(
        inArray(
          formMedia.id,
          batch.map((row) => row.id),
        ),
        inArray(
          formMedia.formId,
          locked.map((form) => form.id),
        ),
        unclaimedBefore(tx, cutoff),
      ),
    )
    .orderBy(asc(formMedia.id))
    .for('update', { of: formMedia, skipLocked: true });
  const formsById = new Map(locked.map((form) => [form.id, form]));
  const callers = new Map<string, Caller>();
  for (const row of rows) {
    const callerOf = async (rowTx: DbExecutor) => {
      const known = callers.get(row.formId) ?? (await formCaller(rowTx, formsById.get(row.formId)!));
      callers.set(row.formId, known);
      return known;
    };
    try {
      // A savepoint: a row that fails rolls back alone, and the batch goes on.
      const outcome = await tx.transaction((rowTx) => sweepRow(rowTx, row, callerOf, now));
      result.outcomes.push(outcome);
      if (outcome === 'ended') result.endedUploads.push(row.uploadId);
    } catch (err) {
      result.failed++;
      logger?.error({ err, formMediaId: row.id }, 'unclaimed response file not swept');
    }
  }
  return result;
}

/**
 * Trashes the files, and ends the unfinished uploads, of responses that have not arrived within
 * `graceMs` of their device last sending the file (see the top of this file), in batches.
 */
export async function sweepUnclaimedMedia(
  db: Database,
  bytes: UploadBytes,
  now = new Date(),
  graceMs = UNCLAIMED_MEDIA_GRACE_MS,
  logger?: Logger,
): Promise<SweptMedia> {
  const cutoff = new Date(now.getTime() - graceMs);
  const swept: SweptMedia = { trashed: 0, ended: 0, forgotten: 0, failed: 0 };
  // In id order from where the last batch ended: a row skipped or failed is not read again this turn.
  let after = '';
  for (;;) {
    const batch = await db
      .select({ id: formMedia.id, formId: formMedia.formId })
      .from(formMedia)
      .leftJoin(uploads, eq(uploads.id, formMedia.uploadId))
      .leftJoin(files, eq(files.id, formMedia.fileId))
      .where(and(gt(formMedia.id, after), unclaimedBefore(db, cutoff)))
      .orderBy(asc(formMedia.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.id;
    const done = await db.transaction((tx) => sweepBatch(tx, batch, cutoff, now, logger));
    for (const outcome of done.outcomes) swept[outcome]++;
    swept.failed += done.failed;
    // The bytes an ended upload had received, once its row is gone (as the upload purge does).
    for (const id of done.endedUploads) await bytes.discard(id);
    if (batch.length < BATCH) break;
  }
  return swept;
}

/** Sweeps once a day; the timer never keeps the process alive, and the returned function stops it. */
export function scheduleUnclaimedMediaSweep(
  db: Database,
  bytes: UploadBytes,
  logger: Logger,
  intervalMs = DAY_MS,
): () => void {
  return scheduleJob(logger, {
    intervalMs,
    failure: 'unclaimed response files sweep failed',
    run: async () => {
      const swept = await sweepUnclaimedMedia(db, bytes, new Date(), UNCLAIMED_MEDIA_GRACE_MS, logger);
      if (swept.trashed + swept.ended + swept.forgotten + swept.failed > 0)
        logger.info(swept, 'unclaimed response files swept');
    },
  });
}
