import { createHash } from 'node:crypto';
import { and, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isStorableDay, isStorableText } from '../../contract/storable';
import {
  badCursorMessage,
  CURSOR_MAX_LENGTH,
  PAGE_LIMIT_DEFAULT,
  type PageQuery,
} from '../../contract/paging';
import type { DbExecutor } from '../db';
import { currentSnapshot, readWhileUnchanged } from '../db/snapshot-cache';
import { ApiError } from './api-error';

/**
 * Keyset paging for every listing (the contract is contract/paging.ts). A listing describes its order
 * as sort keys; from that one description come its ORDER BY, the "after this item" condition of the
 * next page and the cursor's checks, so the three can never disagree.
 */

/** How a key's value travels in a cursor (as Postgres prints it) and is cast back. */
export type SortKeyType = 'text' | 'date' | 'numeric' | 'timestamptz';

export interface SortKey {
  expr: SQL;
  type: SortKeyType;
  dir: 'asc' | 'desc';
  /** Nulls sort last in both directions (a rolling deadline is neither soonest nor latest). */
  nullable?: boolean;
}

export const sortKey = (expr: SQL, type: SortKeyType, dir: 'asc' | 'desc', nullable = false): SortKey => ({
  expr,
  type,
  dir,
  nullable,
});

const direction = (k: SortKey) => sql.raw(k.dir === 'asc' ? 'asc' : 'desc');

/** ORDER BY of the keys; the last key must be unique (the id) so every order is total. */
export function orderByKeys(keys: readonly SortKey[]): SQL {
  return sql.join(
    keys.map((k) => sql`${k.expr} ${direction(k)}${k.nullable ? sql` nulls last` : sql``}`),
    sql`, `,
  );
}

const castTo = (type: SortKeyType, value: string): SQL => sql`cast(${value} as ${sql.raw(type)})`;

/**
 * The rows that come after the row whose key values are `after`, in the keys' order: equal on the
 * first i-1 keys and after on the i-th, for some i. With nulls last, nothing non-null comes after a
 * null, and every null comes after a value.
 */
export function afterKeys(keys: readonly SortKey[], after: readonly (string | null)[]): SQL | undefined {
  const alternatives: SQL[] = [];
  keys.forEach((key, i) => {
    const value = after[i] ?? null;
    if (value !== null) {
      const beyond =
        key.dir === 'asc'
          ? sql`${key.expr} > ${castTo(key.type, value)}`
          : sql`${key.expr} < ${castTo(key.type, value)}`;
      const equalBefore = keys.slice(0, i).map((k, j) => {
        const v = after[j] ?? null;
        return v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${castTo(k.type, v)}`;
      });
      const step = key.nullable ? or(beyond, sql`${key.expr} is null`) : beyond;
      alternatives.push(equalBefore.length ? (and(...equalBefore, step) as SQL) : (step as SQL));
    }
  });
  return alternatives.length ? or(...alternatives) : sql`false`;
}

/** A short digest of what a cursor is bound to: the listing, its filters and its order. */
export function listingFingerprint(listing: string, filters: Record<string, unknown>): string {
  const canonical = Object.keys(filters)
    .sort()
    .filter((k) => filters[k] !== undefined && filters[k] !== '')
    .map((k) => [k, filters[k]]);
  return createHash('sha256')
    .update(JSON.stringify([listing, canonical]))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(fingerprint: string, after: readonly (string | null)[]): string {
  return Buffer.from(JSON.stringify({ f: fingerprint, k: after }), 'utf8').toString('base64url');
}

const badCursor = () =>
  new ApiError(400, 'Some fields are invalid.', {
    code: 'validation_failed',
    fields: { cursor: badCursorMessage },
  });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = /^-?\d{1,40}(\.\d{1,40})?$/;
// Postgres prints timestamptz as `2026-11-25 09:30:00.123456+00` with the ISO DateStyle.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(?::\d{2}){0,2})$/;

function validTimestamp(v: string): boolean {
  const m = TIMESTAMP.exec(v);
  if (!m) return false;
  return (
    isStorableDay(`${m[1]}-${m[2]}-${m[3]}`) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60
  );
}

/** A value is checked against its key's type, so a forged cursor is a 400 and never a failed cast. */
function validValue(key: SortKey, v: unknown): v is string | null {
  if (v === null) return !!key.nullable;
  if (typeof v !== 'string' || v.length > CURSOR_MAX_LENGTH || !isStorableText(v)) return false;
  switch (key.type) {
    case 'date':
      return DATE.test(v) && isStorableDay(v);
    case 'numeric':
      return NUMERIC.test(v);
    case 'timestamptz':
      return validTimestamp(v);
    case 'text':
      return true;
  }
}

/** The key values a cursor carries, or a 400 naming `cursor` when it is not one of ours for this listing. */
export function decodeCursor(
  cursor: string,
  fingerprint: string,
  keys: readonly SortKey[],
): (string | null)[] {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const { f, k } = (parsed ?? {}) as { f?: unknown; k?: unknown };
  if (f !== fingerprint || !Array.isArray(k) || k.length !== keys.length) throw badCursor();
  if (!keys.every((key, i) => validValue(key, k[i]))) throw badCursor();
  return k as (string | null)[];
}

export interface PageRequest {
  /** Names the listing in its cursors, so a grants cursor is refused by blogs. */
  listing: string;
  /** The filters and order the cursor is bound to (everything of the query but limit and cursor). */
  filters: Record<string, unknown>;
  page: PageQuery;
  /**
   * False for per-tenant listings (an NGO's files): each NGO's pages would take slots of the
   * snapshot cache from the public listings many visitors share, for little reuse.
   */
  reuse?: boolean;
}

export interface JsonPage {
  /** A JSON array of the page's items, as text. */
  json: string;
  nextCursor?: string;
}

const dialect = new PgDialect();
const SEPARATOR = '\u0001';

/**
 * One page of a listing whose items Postgres writes as JSON text (`item`), read in one statement
 * under one snapshot with its next cursor; the answer is reused
 * while the database has not changed (db/snapshot-cache.ts, ADR 0021), so scrolling many phones
 * through the same listing costs one trivial query per page.
 */
export async function readJsonPage(
  db: DbExecutor,
  source: {
    /** The rows, aliased `e`: one relation, or `unionOf` its parts. */
    from?: SQL;
    /**
     * Parts whose UNION ALL is the listing, each a select whose columns the keys read as `e.*`. Each
     * part is cut to the page in its own order before they are merged, so an index that orders one
     * part serves it (Postgres sorts a UNION ALL as a whole otherwise: every row of every part).
     */
    unionOf?: SQL[];
    where: SQL | undefined;
    item: SQL<string>;
    keys: readonly SortKey[];
  },
  request: PageRequest,
): Promise<JsonPage> {
  const { keys } = source;
  const limit = request.page.limit ?? PAGE_LIMIT_DEFAULT;
  const fingerprint = listingFingerprint(request.listing, request.filters);
  const after = request.page.cursor ? decodeCursor(request.page.cursor, fingerprint, keys) : null;
  const where = after ? and(source.where, afterKeys(keys, after)) : source.where;
  const whereClause = where ? sql`where ${where}` : sql``;
  const from = source.unionOf
    ? sql`(${sql.join(
        source.unionOf.map(
          (part) =>
            sql`(select * from (${part}) e ${whereClause} order by ${orderByKeys(keys)} limit ${limit + 1})`,
        ),
        sql` union all `,
      )}) e`
    : source.from;
  if (!from) throw new Error('readJsonPage needs `from` or `unionOf`');
  const keyColumns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const keyText = sql.join(
    keys.map((_, i) => sql`${sql.raw(`k${i}`)}::text`),
    sql`, `,
  );
  const pageOrder = sql.join(
    keys.map((k, i) => sql`${sql.raw(`k${i}`)} ${direction(k)}${k.nullable ? sql` nulls last` : sql``}`),
    sql`, `,
  );
  // Inner: the page plus one row (top-N, stops early); middle: numbers the few rows in order;
  // outer: one row of text, so the statement fits the snapshot cache (one text per answer).
  const statement = sql`select ${currentSnapshot} as snapshot,
    coalesce(string_agg(p.item, ',' order by p.n) filter (where p.n <= ${limit}), '')
    || ${SEPARATOR} || coalesce(max(p.key) filter (where p.n = ${limit}), '')
    || ${SEPARATOR} || (count(*) > ${limit})::text as value
    from (
      select i.item, json_build_array(${keyText})::text as key, row_number() over (order by ${pageOrder}) as n
      from (
        select ${source.item} as item, ${keyColumns} from ${from}
        ${whereClause}
        order by ${orderByKeys(keys)} limit ${limit + 1}
      ) i
    ) p`;
  const read = {
    toSQL: () => dialect.sqlToQuery(statement),
    then: <A, B>(
      onfulfilled?: ((rows: { snapshot: string; value: string }[]) => A | PromiseLike<A>) | null,
      onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ) =>
      db
        .execute<{ snapshot: string; value: string }>(statement)
        .then((result) => result.rows)
        .then(onfulfilled, onrejected),
  };
  const value = request.reuse === false ? ((await read)[0]?.value ?? '') : await readWhileUnchanged(db, read);
  const [items = '', lastKey = '', more = 'false'] = value.split(SEPARATOR);
  const page: JsonPage = { json: `[${items}]` };
  if (more === 'true' && lastKey)
    page.nextCursor = encodeCursor(fingerprint, JSON.parse(lastKey) as (string | null)[]);
  return page;
}
