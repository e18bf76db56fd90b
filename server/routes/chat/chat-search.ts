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

/** How the search splits its work (see searchChat); tests make the tiers small to reach all three. */
export interface SearchTiers {
  /** Tier 1 reads this many of the NGO's newest messages in order, stopping at the CHAT_SEARCH_MAX-th hit. */
  recentScan: number;
  /** Tier 2 looks through the word index down to this newest message. */
  recentWindow: number;
  /** How many of the newest messages show which word of a query is rarest. */
  wordSample: number;
}

export const SEARCH_TIERS: SearchTiers = { recentScan: 3_000, recentWindow: 40_000, wordSample: 1_000 };

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
 * Why in tiers (docs/performance.md, bench:chat): the word index (GIN) answers which messages match
 * but not in date order, so asking it alone costs a heap read per match: 'w' matches most of a
 * million messages. Reading the newest messages in date order instead costs a read per message, which
 * is cheap when hits are common and hopeless when they are rare. So:
 * 1. the newest `recentScan` messages, in order, stopping at the 30th hit: common words end here;
 * 2. the word index ANDed  with the date index down to the `recentWindow`-th newest: reads only the
 *    matches in that window;
 * 3. the word index over the rest, reached only by words rare in recent messages, so few matches.
 * Tiers 2 and 3 ask the index only for the query's words that are not common (a common word's prefix
 * makes the index gather most of the table) and check the whole query on the rows it returns.
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
    const plan = await indexPlan(db, ngoId, q ?? '', tiers.wordSample);
    // The window pays for its date-index read only when it should hold a whole answer.
    const windowEnd =
      plan.share * (tiers.recentWindow - tiers.recentScan) >= CHAT_SEARCH_MAX
        ? await placeOf(db, ngoId, tiers.recentWindow)
        : null;
    rows = [...rows, ...(await indexedHits(db, ngoId, wanted, tsQuery, plan.lead, scanEnd, windowEnd))];
    if (rows.length < CHAT_SEARCH_MAX && windowEnd)
      rows = [...rows, ...(await indexedHits(db, ngoId, wanted, tsQuery, plan.lead, windowEnd, null))];
    rows = rows.slice(0, CHAT_SEARCH_MAX);
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
 * What the word index costs, per message a word matches (measured on PostgreSQL, bench:chat): the
 * index gathers a match for about 1/30 of what reading its message from the table costs.
 */
const INDEX_COST = 1;
const ROW_COST = 30;

/**
 * Which of the query's words to ask the index for, as a tsquery, and the share of messages expected
 * to match them. Each word's share is counted in the newest `sample` messages; the set asked for is
 * the cheapest by INDEX_COST × (each word's matches) + ROW_COST × (the set's matches, taking the
 * words as independent): a rare word pays, an everywhere word ('water') costs more to gather than
 * it saves, and two uncommon words together are far rarer than either.
 */
async function indexPlan(
  db: DbExecutor,
  ngoId: string,
  q: string,
  sample: number,
): Promise<{ lead: string; share: number }> {
  const words = [...new Set((q.match(WORD) ?? []).map((w) => w.toLowerCase()))].slice(0, 12);
  const queries = words.map((w) => prefixTsQuery(w)!);
  const counts = await db.execute<Record<string, number>>(sql`
    select ${sql.join(
      queries.map(
        (tq, i) =>
          sql`count(*) filter (where search_vector @@ to_tsquery('simple', ${tq}))::int as ${sql.identifier(`w${i}`)}`,
      ),
      sql`, `,
    )}
    from (select search_vector from chat_messages where ngo_id = ${ngoId}
          order by created_at desc, id desc limit ${sample}) sample`);
  const row = counts.rows[0]!;
  // A word not seen in the sample still counts as half a message, so that shares stay comparable.
  const shares = queries.map((tq, i) => ({ tq, share: Math.max(Number(row[`w${i}`]), 0.5) / sample }));
  let best = { lead: shares[0]!.tq, share: shares[0]!.share, cost: Infinity };
  // Every non-empty set of words: at most 12 words, and rarely more than 3.
  for (let set = 1; set < 1 << Math.min(shares.length, 12); set++) {
    const chosen = shares.filter((_, i) => set & (1 << i));
    const share = chosen.reduce((p, w) => p * w.share, 1);
    const cost = INDEX_COST * chosen.reduce((sum, w) => sum + w.share, 0) + ROW_COST * share;
    if (cost < best.cost) best = { lead: chosen.map((w) => w.tq).join(' & '), share, cost };
  }
  return best;
}

/**
 * Hits older than `from` (and not older than `to`, when given), through the word index for the words of `lead`;
 * the whole query is checked on the rows it returns (coalesce keeps that check out of the index).
 * Materialised, so that the planner gathers the matches first and sorts them after, rather than
 * walking the date index and testing every message.
 */
async function indexedHits(
  db: DbExecutor,
  ngoId: string,
  wanted: SQL,
  tsQuery: string,
  lead: string,
  from: Place,
  to: Place | null,
): Promise<HitRow[]> {
  const whole =
    lead === tsQuery ? sql`` : sql`and coalesce(m.search_vector @@ to_tsquery('simple', ${tsQuery}), false)`;
  const result = await db.execute<HitRow>(sql`
    with hits as materialized (
      select m.id, m.conversation_id, m.created_at from chat_messages m
      where m.ngo_id = ${ngoId} and m.search_vector @@ to_tsquery('simple', ${lead}) ${whole}
        and m.created_at <= ${from.at}::timestamptz and (m.created_at, m.id) < (${from.at}::timestamptz, ${from.id})
        ${to ? sql`and m.created_at >= ${to.at}::timestamptz and (m.created_at, m.id) >= (${to.at}::timestamptz, ${to.id})` : sql``}
        and ${wanted}
    )
    select id, conversation_id, created_at from hits order by created_at desc, id desc limit ${CHAT_SEARCH_MAX}`);
  return result.rows;
}
