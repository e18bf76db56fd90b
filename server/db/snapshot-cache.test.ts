import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../services/ids';
import { createTestApp, type TestApp } from '../testing/test-app';
import { grants, ngos } from './schema';
import { currentSnapshot, readWhileUnchanged } from './snapshot-cache';
import type { Database } from './index';

let t: TestApp;
/** Another fresh database, for answers that must stay apart. */
let other: TestApp;

const grant = (title: string, country = 'Kenya') => ({
  id: newId(),
  title,
  category: 'Health',
  donorAgency: 'A Donor',
  grantSize: '$1,000',
  postDate: '2025-01-01',
  country,
  areaOfInterest: 'Health',
});

/** The titles as one text, read under its snapshot; counts how often the database is really read. */
function titlesRead(db: Database, reads: { count: number }, country = 'Kenya') {
  const query = db
    .select({
      snapshot: currentSnapshot,
      value: sql<string>`coalesce(string_agg(${grants.title}, ',' order by ${grants.title}), '')`,
    })
    .from(grants)
    .where(eq(grants.country, country));
  return {
    toSQL: () => query.toSQL(),
    then: ((resolve, reject) => {
      reads.count++;
      return query.then(resolve, reject);
    }) as (typeof query)['then'],
  };
}

/**
 * How often the database was really read. On PostgreSQL the snapshot is the cluster's, and the other
 * test files running beside this one commit into the same cluster, so each of their commits is a
 * (correct) miss here: only 'at least' holds there. The exact count, the cache's hits, is proven on
 * the embedded database, which nothing else writes to.
 */
function expectReads(reads: { count: number }, expected: number) {
  if (process.env.TEST_DATABASE_URL) expect(reads.count).toBeGreaterThanOrEqual(expected);
  else expect(reads.count).toBe(expected);
}

// Two databases to create: twice the usual time on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp();
}, 120_000);
afterAll(async () => {
  await Promise.all([t.close(), other.close()]);
});

describe('readWhileUnchanged', () => {
  it('keeps answers apart by database, even at the same snapshot', async () => {
    // First in the file, so both have the same history (migrations, then one write each): fresh
    // embedded databases are at the same snapshot; the databases of one PostgreSQL cluster share one,
    // give or take other tests' writes.
    await t.db.insert(grants).values(grant('Only in this one'));
    await other.db.insert(grants).values(grant('Only in the other'));
    const snapshotOf = async (db: Database) =>
      (await db.execute<{ snapshot: string }>(sql`select ${currentSnapshot} as snapshot`)).rows[0]?.snapshot;
    if (!process.env.TEST_DATABASE_URL) expect(await snapshotOf(t.db)).toBe(await snapshotOf(other.db));
    const reads = { count: 0 };
    expect(await readWhileUnchanged(t.db, titlesRead(t.db, reads))).toBe('Only in this one');
    expect(await readWhileUnchanged(other.db, titlesRead(other.db, reads))).toBe('Only in the other');
    expectReads(reads, 2);
  });

  it('reads once while nothing is written, and again after every committed write', async () => {
    const reads = { count: 0 };
    const titles = () => readWhileUnchanged(t.db, titlesRead(t.db, reads, 'Ghana'));
    const water = grant('Water', 'Ghana');

    expect(await titles()).toBe('');
    expect(await titles()).toBe('');
    expectReads(reads, 1);

    await t.db.insert(grants).values(water);
    expect(await titles()).toBe('Water');
    expect(await titles()).toBe('Water');
    expectReads(reads, 2);

    await t.db.update(grants).set({ title: 'Clean Water' }).where(eq(grants.id, water.id));
    expect(await titles()).toBe('Clean Water');

    await t.db.insert(grants).values(grant('Schools', 'Ghana'));
    expect(await titles()).toBe('Clean Water,Schools');

    await t.db.delete(grants).where(eq(grants.id, water.id));
    expect(await titles()).toBe('Schools');
    expectReads(reads, 5);
  });

  it('reads again after a write to another table (any commit moves the snapshot)', async () => {
    const reads = { count: 0 };
    const titles = () => readWhileUnchanged(t.db, titlesRead(t.db, reads));
    const before = await titles();
    const readsBefore = reads.count;
    await t.db.insert(ngos).values({ id: newId(), name: 'Another NGO' });
    expect(await titles()).toBe(before);
    expectReads(reads, readsBefore + 1);
  });

  it('never answers a rolled-back write', async () => {
    const reads = { count: 0 };
    const titles = () => readWhileUnchanged(t.db, titlesRead(t.db, reads));
    const before = await titles();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(grants).values(grant('Rolled back'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await titles()).toBe(before);
  });

  it('keeps answers apart by parameters', async () => {
    await t.db.insert(grants).values({ ...grant('Uganda only'), country: 'Uganda' });
    const reads = { count: 0 };
    expect(await readWhileUnchanged(t.db, titlesRead(t.db, reads, 'Uganda'))).toBe('Uganda only');
    expect(await readWhileUnchanged(t.db, titlesRead(t.db, reads, 'Kenya'))).not.toContain('Uganda only');
    expectReads(reads, 2);
  });
});
