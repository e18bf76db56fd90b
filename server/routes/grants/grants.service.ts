import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEADLINE_AFTER_POST_MESSAGE,
  type createGrantBody,
  type GrantDetail,
  type GrantListFilters,
  type updateGrantBody,
} from '../../../contract/grants';
import type { PageQuery } from '../../../contract/paging';
import type { DbExecutor } from '../../db';
import { currentSnapshot, readWhileUnchanged } from '../../db/snapshot-cache';
import { grants } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { newId } from '../../services/ids';
import {
  orderByKeys,
  readJsonPage,
  sortKey,
  type JsonPage,
  type SortKey,
} from '../../services/keyset-paging';
import { contentConditions } from '../../services/search';

const notFound = () => new ApiError(404, 'Grant not found.');

const detailColumns = {
  id: grants.id,
  title: grants.title,
  category: grants.category,
  donorAgency: grants.donorAgency,
  grantSize: grants.grantSize,
  postDate: grants.postDate,
  deadlineDate: grants.deadlineDate,
  imageUrl: grants.imageUrl,
  country: grants.country,
  areaOfInterest: grants.areaOfInterest,
  description: grants.description,
  eligibility: grants.eligibility,
  applicationUrl: grants.applicationUrl,
  sourceUrl: grants.sourceUrl,
};

/**
 * The WHERE clause of a listing. Each filter uses a column or expression that has an index
 * (schema/content.ts): the list filters compare against the generated lower-cased item arrays, the
 * category against lower(trim(category)), the search against the generated tsvector.
 */
export function grantConditions(f: GrantListFilters): SQL | undefined {
  const conditions: SQL[] = [];
  // lower() on both sides in Postgres, so the folding is the same as in the generated column.
  if (f.country) conditions.push(sql`${grants.countryKeys} @> array[lower(${f.country}::text)]`);
  if (f.areaOfInterest) conditions.push(sql`${grants.areaKeys} @> array[lower(${f.areaOfInterest}::text)]`);
  conditions.push(...contentConditions(grants, f));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The order of a listing, as sort keys (services/keyset-paging.ts builds the ORDER BY and the next
 * page's condition from them). The id comes last so equal keys always come out in the same order (and
 * the same body, so the ETag is stable). Missing deadlines (rolling calls) and sizes without an amount
 * sort last in both directions: they are neither the soonest nor the largest. Titles compare
 * lower-cased, so PGlite and PostgreSQL agree whatever their collations.
 */
export function grantSortKeys(f: Pick<GrantListFilters, 'sortBy' | 'sortOrder'>): SortKey[] {
  const dir = f.sortOrder === 'asc' ? 'asc' : 'desc';
  const newestFirst = [
    sortKey(sql`${grants.postDate}`, 'date', 'desc'),
    sortKey(sql`${grants.id}`, 'text', 'desc'),
  ];
  switch (f.sortBy) {
    case 'deadlineDate':
      return [sortKey(sql`${grants.deadlineDate}`, 'date', dir, true), ...newestFirst];
    case 'title':
      return [
        sortKey(sql`lower(${grants.title})`, 'text', dir),
        sortKey(sql`${grants.title}`, 'text', dir),
        sortKey(sql`${grants.id}`, 'text', dir),
      ];
    case 'grantSize':
      return [sortKey(sql`${grants.grantSizeAmount}`, 'numeric', dir, true), ...newestFirst];
    case 'postDate':
    default:
      return [sortKey(sql`${grants.postDate}`, 'date', dir), sortKey(sql`${grants.id}`, 'text', dir)];
  }
}

/**
 * The listing as JSON text, built by Postgres from each row's stored listing JSON: no row objects
 * are materialised or re-serialised in JavaScript, which is what keeps thousands of matches fast.
 * While no write has committed since the same listing was last built, the database is asked only
 * whether that is still so, and the text built then is answered (db/snapshot-cache.ts, ADR 0021).
 */
export async function listGrantsJson(db: DbExecutor, f: GrantListFilters): Promise<string> {
  return readWhileUnchanged(
    db,
    db
      .select({
        snapshot: currentSnapshot,
        value: sql<string>`coalesce('[' || string_agg(${grants.listingJson}, ',' order by ${orderByKeys(grantSortKeys(f))}) || ']', '[]')`,
      })
      .from(grants)
      .where(grantConditions(f)),
  );
}

/** One page of the listing (contract/paging.ts): the same items, in the same order, as the whole list. */
export function listGrantsPage(db: DbExecutor, f: GrantListFilters, page: PageQuery): Promise<JsonPage> {
  return readJsonPage(
    db,
    {
      from: sql`${grants}`,
      where: grantConditions(f),
      item: sql<string>`${grants.listingJson}`,
      keys: grantSortKeys(f),
    },
    { listing: 'grants', filters: f, page },
  );
}

export async function getGrant(db: Pick<DbExecutor, 'select'>, id: string): Promise<GrantDetail> {
  const [grant] = await db.select(detailColumns).from(grants).where(eq(grants.id, id)).limit(1);
  if (!grant) throw notFound();
  return grant;
}

export async function createGrant(
  db: DbExecutor,
  body: z.output<typeof createGrantBody>,
): Promise<GrantDetail> {
  const [grant] = await db
    .insert(grants)
    .values({ id: newId(), ...body })
    .returning(detailColumns);
  if (!grant) throw new Error('insert returned no row');
  return grant;
}

export async function updateGrant(
  db: DbExecutor,
  id: string,
  body: z.output<typeof updateGrantBody>,
): Promise<GrantDetail> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  return db.transaction(async (tx) => {
    // Locked, so a concurrent edit of the other date cannot slip a deadline before the post date.
    const [current] = await tx
      .select({ postDate: grants.postDate, deadlineDate: grants.deadlineDate })
      .from(grants)
      .where(eq(grants.id, id))
      .for('update');
    if (!current) throw notFound();
    const postDate = body.postDate ?? current.postDate;
    const deadlineDate = body.deadlineDate === undefined ? current.deadlineDate : body.deadlineDate;
    if (deadlineDate && deadlineDate <= postDate) {
      throw new ApiError(400, 'Some fields are invalid.', {
        code: 'validation_failed',
        fields: { deadlineDate: DEADLINE_AFTER_POST_MESSAGE },
      });
    }
    if (Object.keys(changes).length === 0) return getGrant(tx, id);
    const [grant] = await tx.update(grants).set(changes).where(eq(grants.id, id)).returning(detailColumns);
    if (!grant) throw notFound();
    return grant;
  });
}

export async function deleteGrant(db: DbExecutor, id: string): Promise<void> {
  const deleted = await db.delete(grants).where(eq(grants.id, id)).returning({ id: grants.id });
  if (deleted.length === 0) throw notFound();
}
