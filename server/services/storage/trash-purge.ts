import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { TRASH_RETENTION_DAYS } from '../../../contract/files';
import type { Database, DbExecutor } from '../../db';
import { files, folders } from '../../db/schema';
import type { FileStorage } from './file-storage';
import { freeStorage } from './storage-quota';
import { thumbnailKey } from './thumbnails';
import { scheduleJob } from '../scheduled-job';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** What a purge removed: rows gone, bytes freed, and the objects whose bytes can now go. */
export interface Purged {
  files: number;
  folders: number;
  freedBytes: number;
  storageKeys: string[];
}

const nothing = (): Purged => ({ files: 0, folders: 0, freedBytes: 0, storageKeys: [] });

/** The folder and every folder under it, trashed or not (a bounded walk: cycles cannot loop). */
export async function folderTreeIds(db: DbExecutor, ngoId: string, folderId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with recursive tree(id, depth) as (
      select ${folders.id}, 0 from ${folders} where ${folders.id} = ${folderId} and ${folders.ngoId} = ${ngoId}
      union
      select f.id, t.depth + 1 from ${folders} f join tree t on f.parent_id = t.id
      where f.ngo_id = ${ngoId} and t.depth < 1000
    )
    select distinct id from tree`);
  return result.rows.map((r) => r.id);
}

async function deleteFiles(db: DbExecutor, ngoId: string, where: ReturnType<typeof and>, now: Date) {
  const gone = await db
    .delete(files)
    .where(and(eq(files.ngoId, ngoId), where))
    .returning({ storageKey: files.storageKey, sizeBytes: files.sizeBytes });
  const freedBytes = gone.reduce((sum, f) => sum + f.sizeBytes, 0);
  // In the same transaction as the rows: the total follows exactly the files that went.
  if (freedBytes > 0) await freeStorage(db, ngoId, freedBytes, now);
  return { files: gone.length, freedBytes, storageKeys: gone.map((f) => f.storageKey) };
}

/**
 * Removes one file's row and frees its bytes, in the caller's transaction. The object is the
 * caller's to remove once that commits (`removeObjects`): removed first, a rolled-back purge would
 * leave a row without bytes; removed after, a crash leaves bytes without a row, which cost disk but
 * never a broken download.
 */
export async function purgeFileRow(
  db: DbExecutor,
  ngoId: string,
  fileId: string,
  now: Date,
): Promise<Purged> {
  return { ...nothing(), ...(await deleteFiles(db, ngoId, eq(files.id, fileId), now)) };
}

/** Removes a folder, everything under it and their bytes' usage, in the caller's transaction. */
export async function purgeFolderRows(
  db: DbExecutor,
  ngoId: string,
  folderId: string,
  now: Date,
): Promise<Purged> {
  const tree = await folderTreeIds(db, ngoId, folderId);
  if (tree.length === 0) return nothing();
  const removed = await deleteFiles(db, ngoId, inArray(files.folderId, tree), now);
  // One statement: the parent keys inside the tree are checked once it is all gone.
  await db.delete(folders).where(and(eq(folders.ngoId, ngoId), inArray(folders.id, tree)));
  return { ...removed, folders: tree.length };
}

/** Deletes stored objects after their rows are gone; a failure leaves an orphan object, logged. */
export async function removeObjects(storage: FileStorage, keys: string[], logger?: Logger): Promise<void> {
  // A file's thumbnail (thumbnails.ts) goes with it; removing one never made is not an error.
  for (const key of keys.flatMap((k) => [k, thumbnailKey(k)])) {
    try {
      await storage.remove(key);
    } catch (err) {
      logger?.error({ err, key }, 'stored object not removed; its row is gone (orphan bytes)');
    }
  }
}

const add = (a: Purged, b: Purged): Purged => ({
  files: a.files + b.files,
  folders: a.folders + b.folders,
  freedBytes: a.freedBytes + b.freedBytes,
  storageKeys: [...a.storageKeys, ...b.storageKeys],
});

/**
 * Purges what has been in the trash longer than TRASH_RETENTION_DAYS, across every NGO: trashed
 * folders with all they hold, then trashed files. Each item is its own transaction, so a failure costs
 * one item, and every replica may run it at once: a row already gone deletes nothing and frees nothing.
 */
export async function purgeExpiredTrash(
  db: Database,
  storage: FileStorage,
  now = new Date(),
  logger?: Logger,
): Promise<Omit<Purged, 'storageKeys'>> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
  let total = nothing();
  const purgeBatch = async (
    table: typeof folders | typeof files,
    purge: (tx: DbExecutor, ngoId: string, id: string) => Promise<Purged>,
  ) => {
    // A row that is somehow still there after its purge is not picked again: the loop always ends.
    const seen = new Set<string>();
    for (;;) {
      const due = await db
        .select({ id: table.id, ngoId: table.ngoId })
        .from(table)
        .where(lt(table.deletedAt, cutoff))
        .limit(BATCH);
      const fresh = due.filter((item) => !seen.has(item.id));
      for (const item of fresh) {
        seen.add(item.id);
        const purged = await db.transaction((tx) => purge(tx, item.ngoId, item.id));
        await removeObjects(storage, purged.storageKeys, logger);
        total = add(total, purged);
      }
      if (due.length < BATCH || fresh.length === 0) return;
    }
  };
  await purgeBatch(folders, (tx, ngoId, id) => purgeFolderRows(tx, ngoId, id, now));
  await purgeBatch(files, (tx, ngoId, id) => purgeFileRow(tx, ngoId, id, now));
  const { storageKeys: _keys, ...counts } = total;
  return counts;
}

/**
 * Purges now and then once a day, like the idempotency purge (services/idempotency-purge.ts). The
 * timer is unref'd so it never keeps the process alive; the returned function stops it.
 */
export function scheduleTrashPurge(
  db: Database,
  storage: FileStorage,
  logger: Logger,
  intervalMs = DAY_MS,
): () => void {
  return scheduleJob(logger, {
    intervalMs,
    failure: 'trash purge failed',
    run: async () => {
      const purged = await purgeExpiredTrash(db, storage, new Date(), logger);
      if (purged.files + purged.folders > 0) logger.info(purged, 'expired trash purged');
    },
  });
}
