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

  it('lets the chat search gather postings from their index alone, without reading the table', async () => {
    const ngoId = newId();
    await handle.db.execute(sql`insert into ngos (id, name) values (${ngoId}, 'Vacuum Relief')`);
    const conversationId = newId();
    await handle.db.execute(sql`
      insert into chat_conversations (id, ngo_id, kind, name, visibility, created_at)
      values (${conversationId}, ${ngoId}, 'channel', 'field', 'public', now())`);
    await handle.db.execute(sql`
      insert into chat_messages (id, ngo_id, conversation_id, seq, rev, client_id, body, created_at)
      select 'v' || g, ${ngoId}, ${conversationId}, g, g, 'c' || g, 'water point ' || g, now() - g * interval '1 minute'
      from generate_series(1, 3000) g`);
    const gather = async () => {
      const result = await handle.db.execute<{ 'QUERY PLAN': string }>(sql`
        explain (analyze) select p.created_at, p.message_id from chat_message_words p
        where p.word_id = (select id from chat_words where ngo_id = ${ngoId} and word = 'water')
        order by p.created_at desc limit 100`);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await gather()).not.toMatch(/Heap Fetches: 0\b/);
    await refreshPlannerStatistics(handle);
    const plan = await gather();
    expect(plan).toMatch(/Index Only Scan Backward using chat_message_words_\w+_pk/);
    expect(plan).toMatch(/Heap Fetches: 0\b/);
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
