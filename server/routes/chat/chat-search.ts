import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SearchHit } from '../../../contract/chat';
import type { DbExecutor } from '../../db';
import { chatConversations, chatMembers, users } from '../../db/schema';
import { prefixTsQuery } from '../../services/search';
import type { ChatCaller } from './chat-access';
import { loadMessages } from './message-view';

/** A search answers the newest hits only: it finds a message to jump to, it is not a listing. */
export const CHAT_SEARCH_MAX = 30;

/** Words as server/services/search.ts reads them (and as chat_messages.search_vector indexes them). */
const WORD = /[\p{L}\p{M}\p{Nd}]+/gu;

/**
 * The body with every word that starts with one of the query's words wrapped in « ». Plain text: the
 * client splits on the marks and renders the parts as text, never as HTML.
 */
export function highlight(body: string, query: string): string {
  const prefixes = [...new Set((query.match(WORD) ?? []).map((w) => w.toLowerCase()))];
  if (prefixes.length === 0) return body;
  return body.replace(WORD, (word) => {
    const lower = word.toLowerCase();
    return prefixes.some((p) => lower.startsWith(p)) ? `«${word}»` : word;
  });
}

/** How the search splits its work (see searchChat); tests make the tiers small to reach both. */
export interface SearchTiers {
  /** The first tier reads this many of the NGO's newest messages in order, stopping at the CHAT_SEARCH_MAX-th hit. */
  recentScan: number;
  /** How many of the newest messages show which word of a query is rarest. */
  wordSample: number;
}

export const SEARCH_TIERS: SearchTiers = { recentScan: 3_000, wordSample: 1_000 };

type HitRow = {
  id: string;
  conversation_id: string;
  created_at: string;
};

/** A message's place in newest-first order: the ordered index is on (ngo_id, created_at desc, id desc). */
interface Place {
  at: string;
  id: string;
}

/**
 * GET /api/chat/search: word-prefix search ('wat' finds 'water') over the messages the caller may
 * read (conversations they are in, and their NGO's public channels), deleted ones left out, newest
 * first. A query with no word answers nothing.
 *
 * Why in two tiers (ADR 0051, docs/performance.md, bench:chat):
 * 1. the newest `recentScan` messages, in order, stopping at the 30th hit: a common word ('w' is in
 *    most messages) ends here, for the price of reading a few hundred rows;
 * 2. otherwise, the postings (chat_message_words): each word's messages in date order in an index,
 *    so the matches older than the scanned ones are gathered from the index alone and only the
 *    newest of them are read from the table. The postings of the query's rarer words are gathered
 *    and intersected; a word common enough to cost more to gather than to test is checked on the
 *    rows read instead.
 */
export async function searchChat(
  db: DbExecutor,
  caller: ChatCaller,
  q: string | undefined,
  conversationId: string | undefined,
  tiers: SearchTiers = SEARCH_TIERS,
): Promise<SearchHit[]> {
  const tsQuery = q ? prefixTsQuery(q) : null;
  if (!tsQuery) return [];
  const ngoId = caller.tenant.ngoId;
  const readable = await readableConversationIds(db, caller, conversationId);
  if (readable.length === 0) return [];
  const readableArray = `{${readable.join(',')}}`;
  const wanted = sql`m.conversation_id = any(${readableArray}::text[]) and m.deleted_at is null`;

  const recent = await db.execute<HitRow>(sql`
    select m.id, m.conversation_id, m.created_at from (
      select id, conversation_id, created_at, deleted_at, search_vector from chat_messages
      where ngo_id = ${ngoId} order by created_at desc, id desc limit ${tiers.recentScan}
    ) m
    where ${wanted} and m.search_vector @@ to_tsquery('simple', ${tsQuery})
    order by m.created_at desc, m.id desc
    limit ${CHAT_SEARCH_MAX}`);
  let rows = recent.rows;
  const scanEnd = rows.length < CHAT_SEARCH_MAX ? await placeOf(db, ngoId, tiers.recentScan) : null;
  if (scanEnd) {
    const plan = await postingsPlan(db, ngoId, q ?? '', readableArray, tiers.wordSample);
    // The candidates are sorted only as far as the plan expects to read (a top-N sort is much cheaper
    // than a whole one); when that falls short, once more with no limit.
    const limit = Math.ceil(plan.expectedReads * 4) + 200;
    let older = await postedHits(db, ngoId, wanted, tsQuery, plan, scanEnd, limit);
    if (older.length < CHAT_SEARCH_MAX) older = await postedHits(db, ngoId, wanted, tsQuery, plan, scanEnd, null);
    rows = [...rows, ...older].slice(0, CHAT_SEARCH_MAX);
  }
  if (rows.length === 0) return [];

  const me = caller.id;
  const conversations = new Map(
    (
      await db
        .select({ id: chatConversations.id, kind: chatConversations.kind, name: chatConversations.name })
        .from(chatConversations)
        .where(inArray(chatConversations.id, [...new Set(rows.map((r) => r.conversation_id))]))
    ).map((c) => [c.id, c]),
  );
  const directIds = [...conversations.values()].filter((c) => c.kind === 'direct').map((c) => c.id);
  const directNames = new Map<string, string[]>();
  if (directIds.length) {
    const people = await db
      .select({ conversationId: chatMembers.conversationId, name: users.name })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(and(inArray(chatMembers.conversationId, directIds), ne(chatMembers.userId, me)))
      .orderBy(sql`lower(${users.name})`, users.name, users.id);
    for (const p of people)
      directNames.set(p.conversationId, [...(directNames.get(p.conversationId) ?? []), p.name]);
  }

  const messages = await loadMessages(
    db,
    rows.map((r) => r.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return messages.map((message) => {
    const conversation = conversations.get(byId.get(message.id)!.conversation_id)!;
    return {
      message,
      conversationName:
        conversation.kind === 'direct'
          ? (directNames.get(conversation.id) ?? []).join(', ')
          : conversation.name,
      highlighted: highlight(message.body, q ?? ''),
    };
  });
}

/** The conversations the caller may search: their NGO's public channels and those they are in. */
async function readableConversationIds(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string | undefined,
): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select c.id from chat_conversations c
    where c.ngo_id = ${caller.tenant.ngoId}
      and ((c.kind = 'channel' and c.visibility = 'public')
        or exists (select 1 from chat_members cm where cm.conversation_id = c.id and cm.user_id = ${caller.id}))
      ${conversationId === undefined ? sql`` : sql`and c.id = ${conversationId}`}`);
  return result.rows.map((r) => r.id);
}

/** The n-th newest message of the NGO, or null when it has fewer. */
async function placeOf(db: DbExecutor, ngoId: string, n: number): Promise<Place | null> {
  const result = await db.execute<{ at: string; id: string }>(sql`
    select created_at::text as at, id from chat_messages where ngo_id = ${ngoId}
    order by created_at desc, id desc offset ${n - 1} limit 1`);
  return result.rows[0] ?? null;
}

/*
 * What the second tier costs (measured on PostgreSQL, bench:chat): gathering a posting from the index,
 * with its share of the sort and intersection, is about a tenth of reading a message's row.
 */
const GATHER_COST = 1;
const ROW_COST = 10;

/**
 * The query's words to gather postings for (lowercased prefixes), whether that is all of them, and
 * how many candidates should be read before the 30th hit (so the sort can stop early).
 */
interface PostingsPlan {
  gather: string[];
  whole: boolean;
  expectedReads: number;
}

/**
 * Which of the query's words to gather postings for. Each word's share, and the share of messages
 * the caller may read, is counted in the newest `sample` messages. A set of words costs gathering
 * all their postings plus reading candidates (the set's matches, newest first) until the 30th hit,
 * that is 30 / (the share of candidates that are hits) of them, taking words as independent: a rare
 * word pays for itself, an everywhere word ('water') costs more to gather than the rows it would
 * rule out, and two uncommon words together are far rarer than either.
 */
async function postingsPlan(
  db: DbExecutor,
  ngoId: string,
  q: string,
  readableArray: string,
  sample: number,
): Promise<PostingsPlan> {
  const words = [...new Set((q.match(WORD) ?? []).map((w) => w.toLowerCase()))].slice(0, 12);
  const counts = await db.execute<Record<string, number>>(sql`
    select
      (select coalesce(sum(last_seq), 0) from chat_conversations where ngo_id = ${ngoId})::float8 as messages,
      count(*)::int as sampled,
      count(*) filter (where conversation_id = any(${readableArray}::text[]) and deleted_at is null)::int as readable,
      ${sql.join(
        words.map(
          (w, i) =>
            sql`count(*) filter (where search_vector @@ to_tsquery('simple', ${prefixTsQuery(w)}))::int as ${sql.identifier(`w${i}`)}`,
        ),
        sql`, `,
      )}
    from (select conversation_id, deleted_at, search_vector from chat_messages where ngo_id = ${ngoId}
          order by created_at desc, id desc limit ${sample}) sample`);
  const row = counts.rows[0]!;
  const sampled = Math.max(Number(row.sampled), 1);
  const messages = Math.max(Number(row.messages), sampled);
  // A word not seen in the sample still counts as half a message, so that shares stay comparable.
  const shares = words.map((word, i) => ({ word, share: Math.max(Number(row[`w${i}`]), 0.5) / sampled }));
  const readableShare = Math.max(Number(row.readable), 0.5) / sampled;
  const everything = shares.reduce((p, w) => p * w.share, 1) * readableShare;
  let best: PostingsPlan & { cost: number } = { gather: [], whole: false, expectedReads: 0, cost: Infinity };
  // Every non-empty set of words: at most 12 words, and rarely more than 3.
  for (let set = 1; set < 1 << shares.length; set++) {
    const chosen = shares.filter((_, i) => set & (1 << i));
    const candidates = messages * chosen.reduce((p, w) => p * w.share, 1);
    const expectedReads = Math.min(candidates, (CHAT_SEARCH_MAX * candidates) / (messages * everything));
    const cost =
      GATHER_COST * messages * chosen.reduce((sum, w) => sum + w.share, 0) + ROW_COST * expectedReads;
    if (cost < best.cost)
      best = { gather: chosen.map((w) => w.word), whole: chosen.length === words.length, expectedReads, cost };
  }
  return best;
}

/**
 * Hits older than `from`, from the postings: the messages holding a word that starts with each
 * gathered prefix, intersected, newest first, then read from the table in that order (readable,
 * and the whole query when some words were not gathered) until the 30th hit. The candidates are
 * materialised so that the planner gathers them from the index first, and reads rows only for the
 * newest.
 */
async function postedHits(
  db: DbExecutor,
  ngoId: string,
  wanted: SQL,
  tsQuery: string,
  plan: PostingsPlan,
  from: Place,
  limit: number | null,
): Promise<HitRow[]> {
  const gathered = plan.gather.map(
    (prefix) => sql`
      select p.created_at, p.message_id from chat_message_words p
      where p.word_id in (
          select w.id from chat_words w where w.ngo_id = ${ngoId}
            and w.word >= ${prefix}::text collate "C" and w.word < (${prefix}::text || chr(1114111)) collate "C")
        and (p.created_at, p.message_id) < (${from.at}::timestamptz, ${from.id})`,
  );
  const whole = plan.whole
    ? sql``
    : sql`and coalesce(m.search_vector @@ to_tsquery('simple', ${tsQuery}), false)`;
  // The lateral join reads rows in the candidates' order and the limit stops it at the 30th hit: a
  // plain join would read every candidate's row before sorting (a CTE's order is not known outside it).
  const result = await db.execute<HitRow>(sql`
    with candidates as materialized (${sql.join(gathered, sql` intersect `)})
    select id, conversation_id, created_at from (
      select m.id, m.conversation_id, m.created_at
      from (
        select distinct created_at, message_id from candidates
        order by created_at desc, message_id desc ${limit === null ? sql`` : sql`limit ${limit}`}
      ) c
      cross join lateral (
        select m.id, m.conversation_id, m.created_at from chat_messages m
        where m.id = c.message_id and ${wanted} ${whole}
      ) m
      limit ${CHAT_SEARCH_MAX}
    ) hits
    order by created_at desc, id desc`);
  return result.rows;
}
