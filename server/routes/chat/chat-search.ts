import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SearchHit } from '../../../contract/chat';
import type { DbExecutor } from '../../db';
import { chatMembers, users } from '../../db/schema';
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

/**
 * GET /api/chat/search: word-prefix search ('wat' finds 'water') over the messages the caller may
 * read (conversations they are in, and their NGO's public channels), deleted ones left out, newest
 * first. A query with no word answers nothing.
 */
export async function searchChat(
  db: DbExecutor,
  caller: ChatCaller,
  q: string | undefined,
  conversationId: string | undefined,
): Promise<SearchHit[]> {
  const tsQuery = q ? prefixTsQuery(q) : null;
  if (!tsQuery) return [];
  const me = caller.id;
  const ngoId = caller.tenant.ngoId;
  const result = await db.execute<{ id: string; conversation_id: string; kind: string; name: string }>(sql`
    select m.id, m.conversation_id, c.kind, c.name
    from chat_messages m
    join chat_conversations c on c.id = m.conversation_id
    where m.ngo_id = ${ngoId} and c.ngo_id = ${ngoId} and m.deleted_at is null
      and m.search_vector @@ to_tsquery('simple', ${tsQuery})
      and ((c.kind = 'channel' and c.visibility = 'public')
        or exists (select 1 from chat_members cm where cm.conversation_id = c.id and cm.user_id = ${me}))
      ${conversationId === undefined ? sql`` : sql`and c.id = ${conversationId}`}
    order by m.created_at desc, m.id desc
    limit ${CHAT_SEARCH_MAX}
  `);
  const rows = result.rows;
  if (rows.length === 0) return [];

  const directIds = [...new Set(rows.filter((r) => r.kind === 'direct').map((r) => r.conversation_id))];
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
    const row = byId.get(message.id)!;
    return {
      message,
      conversationName:
        row.kind === 'direct' ? (directNames.get(row.conversation_id) ?? []).join(', ') : row.name,
      highlighted: highlight(message.body, q ?? ''),
    };
  });
}
