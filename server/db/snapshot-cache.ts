import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from './index';

/**
 * The database's current MVCC snapshot as text (`xmin:xmax:in-progress ids`, 64-bit ids, so no
 * wraparound). Select it in the same statement as the answer it validates: a statement reads under
 * one snapshot. PostgreSQL ≥ 13 and PGlite.
 */
export const currentSnapshot = sql<string>`pg_current_snapshot()::text`;

/** A read that yields its answer and the snapshot it was read under, in one row (a Drizzle select). */
interface SnapshotRead {
  toSQL(): { sql: string; params: unknown[] };
  then: PromiseLike<{ snapshot: string; value: string }[]>['then'];
}

interface Entry {
  snapshot: string;
  value: string;
}

const MAX_ENTRIES = 32;
/** In characters, about twice as many bytes at worst. */
const MAX_TOTAL_LENGTH = 16 * 1024 * 1024;
const MAX_VALUE_LENGTH = MAX_TOTAL_LENGTH / 4;

/** Per database handle: two databases can be at the same snapshot (tests open several). */
const cachesByDatabase = new WeakMap<Database, { entries: Map<string, Entry>; length: number }>();

function cacheOf(db: Database) {
  let cache = cachesByDatabase.get(db);
  if (!cache) {
    cache = { entries: new Map(), length: 0 };
    cachesByDatabase.set(db, cache);
  }
  return cache;
}

/**
 * The answer of `read`, reused while the database is at the snapshot it was read under (issue 11,
 * ADR 0021).
 *
 * Why it can never be stale: which rows a statement sees is decided by its snapshot (the oldest
 * running transaction, the next transaction id, the ids still in progress) and by the outcome of
 * transactions that have ended, which never changes. Every write that commits, to any table, has a
 * transaction id, so it moves the snapshot. Two equal snapshots therefore see exactly the same rows,
 * and an answer that depends on nothing but rows and the query's parameters is the same under both.
 * Checking costs one trivial statement per request instead of the read, whatever the read costs. The
 * cache is only a saving: a request answers what the database says now, whether or not this process
 * (or another replica) has read it before.
 *
 * Only for reads whose answer is a pure function of table rows and parameters: no now(),
 * current_date, random() or session settings. Keyed by the statement's text and parameters.
 */
export async function readWhileUnchanged(db: DbExecutor, read: SnapshotRead): Promise<string> {
  // A transaction's own uncommitted writes do not move the snapshot, so inside one (the request's
  // handle of a transactional route, server/http/request-db.ts) every read is made afresh.
  if (db instanceof PgTransaction) return readValue(read);
  const { sql: text, params } = read.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const cache = cacheOf(db);
  const cached = cache.entries.get(key);
  if (cached) {
    const [now] = (await db.execute<{ snapshot: string }>(sql`select ${currentSnapshot} as snapshot`)).rows;
    if (now?.snapshot === cached.snapshot) {
      // Most recently used last, so the oldest goes first.
      cache.entries.delete(key);
      cache.entries.set(key, cached);
      return cached.value;
    }
  }
  const row = await readRow(read);
  remember(cache, key, row);
  return row.value;
}

async function readRow(read: SnapshotRead) {
  const [row] = await read;
  if (!row) throw new Error('A snapshot read returned no row.');
  return row;
}

const readValue = async (read: SnapshotRead) => (await readRow(read)).value;

function remember(cache: { entries: Map<string, Entry>; length: number }, key: string, entry: Entry) {
  const previous = cache.entries.get(key);
  if (previous) {
    cache.entries.delete(key);
    cache.length -= previous.value.length;
  }
  if (entry.value.length > MAX_VALUE_LENGTH) return;
  cache.entries.set(key, { snapshot: entry.snapshot, value: entry.value });
  cache.length += entry.value.length;
  for (const [oldKey, old] of cache.entries) {
    if (cache.entries.size <= MAX_ENTRIES && cache.length <= MAX_TOTAL_LENGTH) break;
    cache.entries.delete(oldKey);
    cache.length -= old.value.length;
  }
}
