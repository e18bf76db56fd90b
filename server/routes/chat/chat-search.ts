import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SearchHit } from '../../../contract/chat';
import type { DbExecutor } from '../../db';
import { chatConversations, chatMembers, users } from '../../db/schema';
import { prefixTsQuery, searchWords } from '../../services/search';
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
  /** created_at as the database writes it (to the microsecond), for comparisons in SQL. */
  at: string;
  id: string;
  /** created_at as epoch milliseconds. */
  ms: number;
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
 *    so the matches are gathered from the index alone and only the newest are read from the table,
 *    a window of time at a time (olderHits). The postings of the query's rarer words are gathered
 *    and intersected; a word common enough to cost more to gather than to test is checked on the
 *    rows read instead (postingsPlan).
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
    const needed = CHAT_SEARCH_MAX - rows.length;
    rows = [
      ...rows,
      ...(await olderHits({ db, ngoId, wanted, tsQuery, plan }, scanEnd, tiers.recentScan, needed)),
    ];
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
  const result = await db.execute<{ at: string; id: string; ms: number }>(sql`
    select created_at::text as at, id, (extract(epoch from created_at) * 1000)::float8 as ms
    from chat_messages where ngo_id = ${ngoId}
    order by created_at desc, id desc offset ${n - 1} limit 1`);
  const row = result.rows[0];
  return row ? { ...row, ms: Number(row.ms) } : null;
}

/*
 * What the second tier costs (measured on PostgreSQL, bench:chat): gathering a posting from the index,
 * with its share of the sort and intersection, is about a tenth of reading a message's row.
 */
const GATHER_COST = 1;
const ROW_COST = 10;

/** What the postings tier needs to know of the query and of the NGO's messages. */
interface PostingsPlan {
  /** The query's words (lowercased prefixes) whose postings are gathered and intersected. */
  gather: string[];
  /** Whether those are all the query's words (else the rest are checked on the rows read). */
  whole: boolean;
  /** The share of messages expected to be hits (every word, and readable by the caller). */
  hitShare: number;
  /** The newest and the oldest message's time, as epoch milliseconds. */
  newest: number;
  oldest: number;
}

/**
 * Which of the query's words to gather postings for. Each word's share, and the share of messages
 * the caller may read, is counted in the newest `sample` messages. A set of words costs gathering
 * all their postings plus reading the rows of their common messages (the candidates) until the 30th
 * hit, that is 30 / (the share of candidates that are hits) of them, taking words as independent: a
 * rare word pays for itself, an everywhere word ('water') costs more to gather than the rows it
 * would rule out, and two uncommon words together are far rarer than either.
 */
async function postingsPlan(
  db: DbExecutor,
  ngoId: string,
  q: string,
  readableArray: string,
  sample: number,
): Promise<PostingsPlan> {
  // The words prefixTsQuery searched, so that gathering all of them is the whole query.
  const words = [...new Set(searchWords(q).map((w) => w.toLowerCase()))];
  const counts = await db.execute<Record<string, string | number>>(sql`
    select
      count(*)::int as sampled,
      (extract(epoch from max(created_at)) * 1000)::float8 as newest,
      (select extract(epoch from min(created_at)) * 1000 from chat_messages where ngo_id = ${ngoId})::float8 as oldest,
      count(*) filter (where conversation_id = any(${readableArray}::text[]) and deleted_at is null)::int as readable,
      ${sql.join(
        words.map(
          (w, i) =>
            sql`count(*) filter (where search_vector @@ to_tsquery('simple', ${prefixTsQuery(w)}))::int as ${sql.identifier(`w${i}`)}`,
        ),
        sql`, `,
      )}
    from (select conversation_id, created_at, deleted_at, search_vector from chat_messages where ngo_id = ${ngoId}
          order by created_at desc, id desc limit ${sample}) sample`);
  const row = counts.rows[0]!;
  const sampled = Math.max(Number(row.sampled), 1);
  // A word not seen in the sample still counts as half a message, so that shares stay comparable.
  const shareOf = (n: number) => Math.max(n, 0.5) / sampled;
  const shares = words.map((word, i) => ({ word, share: shareOf(Number(row[`w${i}`])) }));
  const hitShare = shares.reduce((p, w) => p * w.share, 1) * shareOf(Number(row.readable));
  let best = { gather: [words[0]!], cost: Infinity };
  // Every non-empty set of words: at most 12 words, and rarely more than 3.
  for (let set = 1; set < 1 << shares.length; set++) {
    const chosen = shares.filter((_, i) => set & (1 << i));
    const candidateShare = chosen.reduce((p, w) => p * w.share, 1);
    const reads = Math.min(candidateShare, (CHAT_SEARCH_MAX * candidateShare) / hitShare);
    const cost = GATHER_COST * chosen.reduce((sum, w) => sum + w.share, 0) + ROW_COST * reads;
    if (cost < best.cost) best = { gather: chosen.map((w) => w.word), cost };
  }
  return {
    gather: best.gather,
    whole: best.gather.length === words.length,
    hitShare,
    newest: Number(row.newest),
    oldest: Number(row.oldest),
  };
}

/** What each read of the postings asks: of which NGO, for which words, which rows count as hits. */
interface PostingsQuery {
  db: DbExecutor;
  ngoId: string;
  /** Readable by the caller and not deleted (on `m`, the message's row). */
  wanted: SQL;
  tsQuery: string;
  plan: PostingsPlan;
}

/** Windows of time searched one after the other, each this many times the one before. */
const WINDOW_GROWTH = 4;
/** After this many windows, the rest of the history in one. */
const MAX_WINDOWS = 5;

/**
 * The `needed` newest hits older than `from`, from the postings, a window of
 * time at a time: the first is sized to hold about twice the hits needed (from the hits' expected
 * share and how fast the NGO writes), the next ones grow, the last is the rest. A window's work is
 * its own postings, so a search pays for the part of the history it reaches, not for all of it.
 */
async function olderHits(
  query: PostingsQuery,
  from: Place,
  scanned: number,
  needed: number,
): Promise<HitRow[]> {
  const { plan } = query;
  const hits: HitRow[] = [];
  const msPerMessage = Math.max(plan.newest - from.ms, 1) / scanned;
  let span = Math.max(((2 * needed) / plan.hitShare) * msPerMessage, 60_000);
  let upper: Place = from;
  for (let window = 1; hits.length < needed; window++) {
    const lowerMs = upper.ms - span;
    const last = window >= MAX_WINDOWS || lowerMs <= plan.oldest;
    const lower = last ? null : new Date(lowerMs).toISOString();
    hits.push(...(await postedHits(query, upper, lower)));
    if (last) break;
    // Older than the window just searched: everything before its lower bound.
    upper = { at: lower!, id: '', ms: lowerMs };
    span *= WINDOW_GROWTH;
  }
  return hits.slice(0, needed);
}

/**
 * Hits older than `from` (and from `lower` on, when given), from the postings: the messages holding
 * a word that starts with each gathered prefix, intersected, newest first, then read from the table
 * in that order (readable, and the whole query when some words were not gathered) until the 30th
 * hit. The candidates are materialised so that the planner gathers them from the index first, and
 * reads rows only for the newest.
 */
async function postedHits(
  { db, ngoId, wanted, tsQuery, plan }: PostingsQuery,
  from: Place,
  lower: string | null,
): Promise<HitRow[]> {
  const gathered = plan.gather.map(
    (prefix) => sql`
      select p.created_at, p.message_id from chat_message_words p
      where p.word_id in (
          select w.id from chat_words w where w.ngo_id = ${ngoId}
            and w.word >= ${prefix}::text collate "C" and w.word < (${prefix}::text || chr(1114111)) collate "C")
        and (p.created_at, p.message_id) < (${from.at}::timestamptz, ${from.id})
        ${lower === null ? sql`` : sql`and p.created_at >= ${lower}::timestamptz`}`,
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
        order by created_at desc, message_id desc
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
