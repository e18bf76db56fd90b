import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../services/ids';
import { grants } from './schema';
import { buildBulkGrants } from './seed/sample-grants';
import { refreshPlannerStatistics, schedulePlannerStatistics } from './planner-statistics';
import { openMemoryDatabase } from '../testing/memory-database';
import type { DatabaseHandle } from './index';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openMemoryDatabase();
  await handle.migrate();
  const rows = buildBulkGrants(2500, new Date()).map((g) => ({ id: newId(), ...g }));
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(grants).values(rows.slice(i, i + 500));
}, 60_000);
afterAll(() => handle?.close());

/** How the database reads the first page of one country's grants, newest first (as the listing asks). */
async function firstPagePlan(): Promise<string> {
  const result = await handle.db.execute<{ 'QUERY PLAN': string }>(
    sql`explain select ${grants.listingJson} from ${grants}
        where ${grants.countryKeys} @> array[lower(${'Kenya'}::text)]
        order by ${grants.postDate} desc, ${grants.id} desc limit ${26}`,
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('planner statistics on the embedded database', () => {
  it('lets the first page of a filtered listing walk the date index instead of sorting every match', async () => {
    // Without statistics the planner guesses a country is rare: it fetches every match, then sorts.
    expect(await firstPagePlan()).toMatch(/Bitmap Heap Scan on grants/);
    await refreshPlannerStatistics(handle);
    const plan = await firstPagePlan();
    expect(plan).toMatch(/Index Scan Backward using grants_post_date_idx/);
    expect(plan).not.toMatch(/Bitmap Heap Scan/);
  });

  it('is left to autovacuum on PostgreSQL: nothing is run there', () => {
    const execute = vi.fn();
    const stop = schedulePlannerStatistics(
      { kind: 'postgres', db: { execute } as unknown as DatabaseHandle['db'] },
      pino({ level: 'silent' }),
    );
    stop();
    expect(execute).not.toHaveBeenCalled();
  });
});
