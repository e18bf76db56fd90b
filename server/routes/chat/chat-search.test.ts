import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../db/seed/prng';
import { tenantOf } from '../../services/auth/tenant-scope';
import { newId } from '../../services/ids';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import type { ChatCaller } from './chat-access';
import { CHAT_SEARCH_MAX, searchChat, type SearchTiers } from './chat-search';
import { chatClient } from './chat-testing';

/*
 * The search answers in two tiers (newest messages in order, then the postings; chat-search.ts).
 * With the first tier made tiny, a few hundred messages reach both, and every answer must be exactly what a plain "filter, sort newest
 * first, take 30" gives: same hits, same order, nothing unreadable or deleted.
 */

let t: TestApp;
let ngoId: string;
let ben: TestUser;
let readable: Set<string>;
interface Written {
  id: string;
  conversationId: string;
  body: string;
  at: number;
  deleted: boolean;
}
const written: Written[] = [];

const tiny: SearchTiers = { recentScan: 12, wordSample: 25 };

// Word frequencies from everywhere to nearly nowhere, so that queries end in each tier.
const vocabulary: [string, number][] = [
  ['water', 0.6],
  ['school', 0.3],
  ['seeds', 0.12],
  ['bridge', 0.05],
  ['blanket', 0.02],
  ['kalinda', 0.006],
];

beforeAll(async () => {
  t = await createTestApp();
  const chat = chatClient(t);
  ngoId = await createTestNgo(t, 'Search Relief');
  const ada = await createTestUser(t, { ngoId, role: 'STAFF', name: 'Ada' });
  ben = await createTestUser(t, { ngoId, role: 'VOLUNTEER', name: 'Ben' });
  const open = await chat.channel(ada, { name: 'Field' });
  const board = await chat.channel(ada, { name: 'Board', visibility: 'private' });
  const dm = await chat.direct(ada, [ben.id]);
  readable = new Set([open.id, dm.id]);
  const conversations = [open.id, board.id, dm.id];

  const rng = createRng(2026);
  const seqs = new Map<string, number>();
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < 400; i++) {
    const conversationId = i === 3 ? open.id : rng.pick(conversations);
    const words = vocabulary.filter(([, p]) => rng.next() < p).map(([w]) => w);
    // 'kalinda' also once in the oldest messages, so that the last tier has something to find.
    if (i === 3) words.push('kalinda');
    const body = `${words.join(' ')} filler${i}`;
    const seq = (seqs.get(conversationId) ?? 0) + 1;
    seqs.set(conversationId, seq);
    const message: Written = {
      id: newId(),
      conversationId,
      body,
      // A few share a timestamp: the id breaks the tie, as in the real order.
      at: start + Math.floor(i / 3) * 60_000,
      deleted: rng.next() < 0.05 && i !== 3,
    };
    written.push(message);
    await t.db.execute(sql`
      insert into chat_messages (id, ngo_id, conversation_id, seq, rev, author_id, client_id, body, created_at, deleted_at)
      values (${message.id}, ${ngoId}, ${conversationId}, ${seq}, ${seq}, ${ada.id}, ${randomUUID()}, ${body},
        ${new Date(message.at).toISOString()}, ${message.deleted ? new Date(message.at).toISOString() : null})`);
  }
  // Another NGO's messages match every word and must never show.
  const otherNgo = await createTestNgo(t, 'Elsewhere');
  const stranger = await createTestUser(t, { ngoId: otherNgo, role: 'STAFF' });
  const theirs = await chat.channel(stranger, { name: 'Theirs' });
  await chat.post(stranger, theirs.id, { body: vocabulary.map(([w]) => w).join(' ') });
});
afterAll(() => t.close());

const caller = (): ChatCaller => ({
  id: ben.id,
  role: ben.role,
  tenant: tenantOf({ ngoId, role: ben.role }),
});

/** What the search must answer: readable, not deleted, every query word a prefix of a word, newest first. */
function expected(q: string): string[] {
  const prefixes = q.toLowerCase().split(/\s+/).filter(Boolean);
  return written
    .filter((m) => readable.has(m.conversationId) && !m.deleted)
    .filter((m) => {
      const words = m.body.toLowerCase().split(/\s+/);
      return prefixes.every((p) => words.some((w) => w.startsWith(p)));
    })
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
    .slice(0, CHAT_SEARCH_MAX)
    .map((m) => m.id);
}

describe('search in tiers', () => {
  const queries = [
    'w', // common: ends in the first tier
    'water',
    'sch',
    'seeds', // ends in the postings
    'bri',
    'blanket', // reaches the oldest messages
    'kalinda',
    'water blan', // the rarest word leads the index, the whole query is checked
    'school seeds bridge',
    'kal wat',
    'nothingmatches',
  ];

  it.each(queries)('answers %j exactly as a full scan would, newest first', async (q) => {
    const want = expected(q);
    const got = await searchChat(t.db, caller(), q, undefined, tiny);
    expect(got.map((h) => h.message.id)).toEqual(want);
    // The default tiers cover these 400 messages in their first tier: the same answer.
    expect((await searchChat(t.db, caller(), q, undefined)).map((h) => h.message.id)).toEqual(want);
  });

  it('finds the one old message of a rare word past the first tier', async () => {
    const hits = await searchChat(t.db, caller(), 'kalinda', undefined, tiny);
    expect(hits.length).toBeGreaterThan(0);
    expect(written.findIndex((m) => m.id === hits.at(-1)!.message.id)).toBe(3);
  });
});

describe('the postings follow every change to a message', () => {
  // The first tier reads only the newest message, so older ones are found through the postings alone.
  const postingsOnly: SearchTiers = { recentScan: 1, wordSample: 25 };
  const ids = (hits: { message: { id: string } }[]) => hits.map((h) => h.message.id);

  it('an edit moves its words, a reaction keeps them, a deletion takes them', async () => {
    const chat = chatClient(t);
    const home = await createTestNgo(t, 'Postings Relief');
    const writer = await createTestUser(t, { ngoId: home, role: 'STAFF' });
    const me: ChatCaller = {
      id: writer.id,
      role: writer.role,
      tenant: tenantOf({ ngoId: home, role: writer.role }),
    };
    const room = await chat.channel(writer, { name: 'Harvest' });
    const first = await chat.post(writer, room.id, { body: 'Quinoa harvest in Nyagatare' });
    await chat.post(writer, room.id, { body: 'Quinoa again, and later news' });
    await chat.post(writer, room.id, { body: 'Something newer' });
    expect(ids(await searchChat(t.db, me, 'quin', undefined, postingsOnly)).length).toBe(2);

    await chat.edit(writer, first.id, 'Sorghum harvest in Nyagatare');
    expect(ids(await searchChat(t.db, me, 'sorg', undefined, postingsOnly))).toEqual([first.id]);
    expect(ids(await searchChat(t.db, me, 'quinoa harv', undefined, postingsOnly))).toEqual([]);
    await chat.react(writer, first.id, '👍', true);
    expect(ids(await searchChat(t.db, me, 'nyaga', undefined, postingsOnly))).toEqual([first.id]);

    await chat.remove(writer, first.id);
    expect(ids(await searchChat(t.db, me, 'sorg', undefined, postingsOnly))).toEqual([]);
    const left = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from chat_message_words where message_id = ${first.id}`,
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it('an NGO removed takes its words and postings with it', async () => {
    const chat = chatClient(t);
    const gone = await createTestNgo(t, 'Closing Relief');
    const writer = await createTestUser(t, { ngoId: gone, role: 'STAFF' });
    const room = await chat.channel(writer, { name: 'Last' });
    await chat.post(writer, room.id, { body: 'Final distribution of blankets' });
    const postings = () =>
      t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from chat_message_words p
        where p.message_id in (select id from chat_messages where ngo_id = ${gone})
           or p.word_id in (select id from chat_words where ngo_id = ${gone})`);
    expect((await postings()).rows[0]!.n).toBe(4);
    const before = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from chat_message_words`);
    await t.db.execute(sql`delete from ngos where id = ${gone}`);
    const after = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from chat_message_words`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n - 4);
    const words = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from chat_words where ngo_id = ${gone}`,
    );
    expect(words.rows[0]!.n).toBe(0);
  });
});

describe('bad input', () => {
  it('answers empty, punctuation-only, hostile and many-word queries as searches, and refuses an over-long one', async () => {
    const chat = chatClient(t);
    const search = (q: string) => chat.send('GET', `/search?q=${encodeURIComponent(q)}`, ben);
    const postings = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from chat_message_words`)).rows[0]!.n;
    const before = await postings();
    for (const q of ['', '   ', '%_\\', "'; drop table chat_message_words; --", '😀 🌍', '\u{10FFFF}']) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(res.body, q).toEqual([]);
    }
    // Quotes and operators around real words are only separators: the words are searched.
    const quoted = await search("'kalinda' & !water:*");
    expect(quoted.status).toBe(200);
    expect((quoted.body as unknown as { message: { id: string } }[]).map((h) => h.message.id)).toEqual(
      expected('kalinda water'),
    );
    // More words than a query takes (12, of which none is written anywhere): an empty answer, not an error.
    const many = await search(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    expect(many.status).toBe(200);
    expect(many.body).toEqual([]);
    const tooLong = await search('a'.repeat(5000));
    expect(tooLong.status).toBe(400);
    // Searching writes nothing.
    expect(await postings()).toBe(before);
  });
});
