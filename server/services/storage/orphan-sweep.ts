import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db';
import { files } from '../../db/schema';
import type { FileStorage } from './file-storage';
import { scheduleJob } from '../scheduled-job';

/*
 * Stored objects no file row names: a process killed between writing a file's bytes and committing
 * its row, or between deleting a row and its bytes, leaves them behind, holding disk that no quota
 * counts. The sweep removes an object when no files row has its key (a thumbnail goes with its file's
 * key), once it is older than GRACE_MS, so a write still in flight is never taken for an orphan.
 */

const GRACE_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/** The file's own key an object belongs to: itself, or the key its thumbnail was made for. */
const ownerKey = (key: string) => key.replace(/_thumb\d+$/, '');

export async function sweepOrphanObjects(
  db: Database,
  storage: FileStorage,
  now = new Date(),
  graceMs = GRACE_MS,
): Promise<{ removed: string[] }> {
  const removed: string[] = [];
  let batch: string[] = [];
  const settle = async () => {
    const owners = [...new Set(batch.map(ownerKey))];
    const rows = owners.length
      ? await db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, owners))
      : [];
    const known = new Set(rows.map((row) => row.key));
    for (const key of batch)
      if (!known.has(ownerKey(key))) {
        await storage.remove(key);
        removed.push(key);
      }
    batch = [];
  };
  for await (const object of storage.list()) {
    if (now.getTime() - object.modifiedAt.getTime() < graceMs) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  return { removed };
}

export function scheduleOrphanSweep(
  db: Database,
  storage: FileStorage,
  logger: Logger,
  intervalMs = DAY_MS,
): () => void {
  return scheduleJob(logger, {
    intervalMs,
    failure: 'orphan sweep failed',
    // Not at start: a restart after a crash may still be finishing what it was writing.
    atStart: false,
    run: async () => {
      const { removed } = await sweepOrphanObjects(db, storage);
      if (removed.length) logger.warn({ count: removed.length }, 'orphan stored objects removed');
    },
  });
}
