import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChatPerson, Conversation } from '../../../contract/chat';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { chatMembers, users } from '../../db/schema';
import { canManage, type ChatCaller } from './chat-access';

/*
 * Conversations as the API answers them (contract/chat.ts `conversation`), for the caller: their
 * membership, unread count and mention flag, the last message's preview and the members. Two
 * statements whatever the number of conversations: the conversations with their per-caller figures,
 * then every member of all of them.
 */

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface Row extends Record<string, unknown> {
  id: string;
  kind: 'channel' | 'direct';
  name: string;
  topic: string;
  visibility: 'public' | 'private';
  created_by: string | null;
  rev: string | number;
  last_seq: string | number;
  last_message_at: string | null;
  archived: boolean;
  created_at: string;
  joined: boolean;
  last_read_seq: string | number;
  unread: string | number;
  mentioned: boolean;
  preview_author: string | null;
  preview_body: string | null;
  preview_file: string | null;
}

/**
 * The caller's view of the conversations of their NGO that `where` keeps (over `c`, the conversation,
 * and `m`, the caller's membership or nulls), ordered as the list shows them: latest message first,
 * never-used ones last, then by name.
 */
export async function conversationViews(
  db: DbExecutor,
  caller: ChatCaller,
  where: SQL,
): Promise<Conversation[]> {
  const me = caller.id;
  const result = await db.execute<Row>(sql`
    select c.id, c.kind, c.name, c.topic, c.visibility, c.created_by, c.rev, c.last_seq,
      ${iso('c.last_message_at')} as last_message_at, c.archived_at is not null as archived,
      ${iso('c.created_at')} as created_at,
      m.user_id is not null as joined, coalesce(m.last_read_seq, 0) as last_read_seq,
      coalesce(u.unread, 0) as unread, coalesce(u.mentioned, false) as mentioned,
      p.author_name as preview_author, p.body as preview_body, p.file_name as preview_file
    from chat_conversations c
    left join chat_members m on m.conversation_id = c.id and m.user_id = ${me}
    left join lateral (
      -- unread: after the caller's last read, not deleted, not their own (a gone author's count)
      select count(*) as unread, bool_or(${me} = any(x.mention_ids)) as mentioned
      from chat_messages x
      where m.user_id is not null and x.conversation_id = c.id and x.seq > m.last_read_seq
        and x.deleted_at is null and x.author_id is distinct from ${me}
    ) u on true
    left join lateral (
      select coalesce(a.name, '') as author_name, left(x.body, 140) as body,
        x.attachments -> 0 ->> 'name' as file_name
      from chat_messages x left join users a on a.id = x.author_id
      where x.conversation_id = c.id and x.deleted_at is null
      order by x.seq desc
      limit 1
    ) p on true
    where c.ngo_id = ${caller.tenant.ngoId} and (${where})
  `);
  const rows = result.rows;
  if (rows.length === 0) return [];

  const memberRows = await db
    .select({ conversationId: chatMembers.conversationId, id: users.id, name: users.name, role: users.role })
    .from(chatMembers)
    .innerJoin(users, sql`${users.id} = ${chatMembers.userId}`)
    .where(
      inArray(
        chatMembers.conversationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(sql`lower(${users.name})`, asc(users.name), asc(users.id));
  const members = new Map<string, ChatPerson[]>();
  for (const r of memberRows) {
    const list = members.get(r.conversationId) ?? [];
    list.push({ id: r.id, name: r.name, role: normalizeRole(r.role) });
    members.set(r.conversationId, list);
  }

  const views = rows.map((r): Conversation => {
    const people = members.get(r.id) ?? [];
    const others = people.filter((p) => p.id !== me);
    return {
      id: r.id,
      kind: r.kind,
      // A direct conversation is named by who else is in it (the caller alone: their own name).
      name: r.kind === 'direct' ? (others.length ? others : people).map((p) => p.name).join(', ') : r.name,
      topic: r.topic,
      visibility: r.visibility,
      joined: r.joined,
      canManage: canManage(caller, { kind: r.kind, createdBy: r.created_by }),
      members: people,
      rev: Number(r.rev),
      lastSeq: Number(r.last_seq),
      lastReadSeq: Number(r.last_read_seq),
      unread: Number(r.unread),
      mentioned: r.mentioned,
      lastMessageAt: r.last_message_at,
      lastMessagePreview:
        r.preview_author === null
          ? null
          : {
              authorName: r.preview_author,
              // A message of files only shows its first file's name.
              body: r.preview_body || (r.preview_file ? `📎 ${r.preview_file}` : ''),
            },
      archived: r.archived,
      createdAt: r.created_at,
    };
  });
  return views.sort(listOrder);
}

function listOrder(a: Conversation, b: Conversation): number {
  if (a.lastMessageAt !== b.lastMessageAt) {
    if (a.lastMessageAt === null) return 1;
    if (b.lastMessageAt === null) return -1;
    return a.lastMessageAt < b.lastMessageAt ? 1 : -1;
  }
  const byName = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  return byName || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
