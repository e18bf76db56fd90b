import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  chatErrorCodes,
  type ChatPerson,
  type Conversation,
  type conversationChange,
  type conversationCreate,
  type UnreadSummary,
} from '../../../contract/chat';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { chatConversations, chatMembers, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { publishChatEvent } from '../../services/chat-events';
import { isUniqueViolation } from '../../services/db-errors';
import { newId } from '../../services/ids';
import {
  assertActiveMembers,
  canManage,
  conversationNotFound,
  readableConversation,
  type ChatCaller,
  type ConversationRow,
} from './chat-access';
import { conversationViews } from './conversation-view';

type CreateInput = z.output<typeof conversationCreate>;
type ChangeInput = z.output<typeof conversationChange>;

const nameTaken = () => {
  const message = 'A channel of that name already exists.';
  return new ApiError(409, message, { code: chatErrorCodes.channelNameTaken, fields: { name: message } });
};

const directFixed = () =>
  new ApiError(409, 'The people of a direct conversation are fixed: start another one instead.', {
    code: chatErrorCodes.directMembersFixed,
  });

/** GET /api/chat/conversations: the caller's conversations, with `browse` the public channels to join. */
export function listConversations(db: DbExecutor, caller: ChatCaller, browse: boolean) {
  // Archived channels one is not in are not offered to join; they stay readable by id.
  const where = browse
    ? sql`m.user_id is not null or (c.kind = 'channel' and c.visibility = 'public' and c.archived_at is null)`
    : sql`m.user_id is not null`;
  return conversationViews(db, caller, where);
}

/** One conversation as the caller sees it; 404 unless they may read it. */
export async function getConversation(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
): Promise<Conversation> {
  await readableConversation(db, caller, conversationId);
  const [view] = await conversationViews(db, caller, sql`c.id = ${conversationId}`);
  if (!view) throw conversationNotFound();
  return view;
}

const conversationEvent = (c: ConversationRow, alsoUserIds?: string[]) => ({
  kind: 'conversation' as const,
  ngoId: c.ngoId,
  conversationId: c.id,
  rev: c.rev,
  ...(alsoUserIds && { alsoUserIds }),
});

async function insertConversation(
  db: DbExecutor,
  row: typeof chatConversations.$inferInsert & { id: string; ngoId: string },
  memberIds: readonly string[],
) {
  await db.transaction(async (tx) => {
    const [created] = await tx.insert(chatConversations).values(row).returning();
    await tx
      .insert(chatMembers)
      .values(memberIds.map((userId) => ({ conversationId: row.id, userId, ngoId: row.ngoId })));
    await publishChatEvent(tx, conversationEvent(created!));
  });
}

async function directByKey(db: DbExecutor, ngoId: string, directKey: string) {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.ngoId, ngoId),
        eq(chatConversations.kind, 'direct'),
        eq(chatConversations.directKey, directKey),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * POST /api/chat/conversations. A channel is new (201) or its name is taken (409). A direct
 * conversation is one per set of people: the set again answers the existing one (200), even when two
 * requests create it at the same moment (the unique key decides; the loser reads the winner's).
 */
export async function createConversation(
  db: DbExecutor,
  caller: ChatCaller,
  input: CreateInput,
): Promise<{ status: 200 | 201; conversation: Conversation }> {
  const ngoId = caller.tenant.ngoId;
  const others = input.memberIds.filter((id) => id !== caller.id);
  if (input.kind === 'channel') {
    await assertActiveMembers(db, ngoId, others, 'memberIds');
    const id = newId();
    try {
      await insertConversation(
        db,
        {
          id,
          ngoId,
          kind: 'channel',
          name: input.name,
          topic: input.topic,
          visibility: input.visibility,
          createdBy: caller.id,
        },
        [caller.id, ...others],
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
    return { status: 201, conversation: await getConversation(db, caller, id) };
  }

  if (others.length === 0) {
    const message = 'Choose at least one other person.';
    throw new ApiError(400, message, { fields: { memberIds: message } });
  }
  await assertActiveMembers(db, ngoId, others, 'memberIds');
  // Sorted by code unit, so every client names the same set with the same key.
  const directKey = [caller.id, ...others].sort().join(',');
  const existing = await directByKey(db, ngoId, directKey);
  if (existing) return { status: 200, conversation: await getConversation(db, caller, existing) };
  const id = newId();
  try {
    await insertConversation(
      db,
      { id, ngoId, kind: 'direct', visibility: 'private', directKey, createdBy: caller.id },
      [caller.id, ...others],
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await directByKey(db, ngoId, directKey);
    if (!winner) throw err;
    return { status: 200, conversation: await getConversation(db, caller, winner) };
  }
  return { status: 201, conversation: await getConversation(db, caller, id) };
}

/** PATCH /api/chat/conversations/{id}: a channel's name, topic or archived state (its managers). */
export async function changeConversation(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
  change: ChangeInput,
): Promise<Conversation> {
  try {
    await db.transaction(async (tx) => {
      const { conversation } = await readableConversation(tx, caller, conversationId, true);
      if (conversation.kind === 'direct') {
        const message = 'A direct conversation has no name, topic or archive.';
        throw new ApiError(400, message, { fields: { name: message } });
      }
      if (!canManage(caller, conversation)) {
        throw new ApiError(403, 'Only the channel’s creator or a moderator may change it.');
      }
      const [changed] = await tx
        .update(chatConversations)
        .set({
          ...(change.name !== undefined && { name: change.name }),
          ...(change.topic !== undefined && { topic: change.topic }),
          // Archiving again keeps the first archiving's time.
          ...(change.archived !== undefined && {
            archivedAt: change.archived ? (conversation.archivedAt ?? sql`now()`) : null,
          }),
        })
        .where(eq(chatConversations.id, conversationId))
        .returning();
      await publishChatEvent(tx, conversationEvent(changed!));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return getConversation(db, caller, conversationId);
}

/**
 * POST …/members. In a private channel any member adds people; in a public one a member adds only
 * themself (joining) unless they manage it. A direct conversation's people are fixed (409).
 */
export async function addMembers(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
  userIds: readonly string[],
): Promise<Conversation> {
  await db.transaction(async (tx) => {
    const { conversation } = await readableConversation(tx, caller, conversationId, true);
    if (conversation.kind === 'direct') throw directFixed();
    const othersAdded = userIds.some((id) => id !== caller.id);
    if (conversation.visibility === 'public' && othersAdded && !canManage(caller, conversation)) {
      throw new ApiError(403, 'In a public channel you may add only yourself (join it).');
    }
    await assertActiveMembers(tx, caller.tenant.ngoId, userIds, 'userIds');
    const added = await tx
      .insert(chatMembers)
      .values(userIds.map((userId) => ({ conversationId, userId, ngoId: conversation.ngoId })))
      .onConflictDoNothing()
      .returning({ userId: chatMembers.userId });
    if (added.length) await publishChatEvent(tx, conversationEvent(conversation));
  });
  return getConversation(db, caller, conversationId);
}

/** DELETE …/members/{userId}: anyone leaves; removing another is for the channel's managers. */
export async function removeMember(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { conversation } = await readableConversation(tx, caller, conversationId, true);
    if (conversation.kind === 'direct') throw directFixed();
    if (userId !== caller.id && !canManage(caller, conversation)) {
      throw new ApiError(403, 'Only the channel’s creator or a moderator may remove someone.');
    }
    const removed = await tx
      .delete(chatMembers)
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)))
      .returning({ userId: chatMembers.userId });
    // The one removed may no longer read it, so the event names them to reach their sockets too.
    if (removed.length) await publishChatEvent(tx, conversationEvent(conversation, [userId]));
  });
}

/** POST …/read: the caller has read up to `seq` (never back, never past the last message). */
export async function markRead(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
  seq: number,
): Promise<Conversation> {
  await db.transaction(async (tx) => {
    const { conversation, member } = await readableConversation(tx, caller, conversationId);
    // A public channel one has not joined has nothing to remember.
    if (!member) return;
    const [row] = await tx
      .update(chatMembers)
      .set({
        lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, least(${seq}::bigint, (
          select c.last_seq from chat_conversations c where c.id = ${conversationId})))`,
      })
      .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, caller.id)))
      .returning({ lastReadSeq: chatMembers.lastReadSeq });
    if (!row) return;
    await publishChatEvent(tx, {
      kind: 'read',
      ngoId: conversation.ngoId,
      conversationId,
      userId: caller.id,
      lastReadSeq: row.lastReadSeq,
    });
  });
  return getConversation(db, caller, conversationId);
}

/** GET /api/chat/unread: totals over the caller's conversations (the menu's badge), one statement. */
export async function unreadSummary(db: DbExecutor, caller: ChatCaller): Promise<UnreadSummary> {
  const me = caller.id;
  const result = await db.execute<{ conversations: number; messages: string; mentions: string }>(sql`
    select count(*) filter (where u.unread > 0)::int as conversations,
      coalesce(sum(u.unread), 0) as messages, coalesce(sum(u.mentions), 0) as mentions
    from chat_members m
    join chat_conversations c on c.id = m.conversation_id and c.ngo_id = ${caller.tenant.ngoId}
    cross join lateral (
      select count(*) as unread, count(*) filter (where ${me} = any(x.mention_ids)) as mentions
      from chat_messages x
      where x.conversation_id = m.conversation_id and x.seq > m.last_read_seq
        and x.deleted_at is null and x.author_id is distinct from ${me}
    ) u
    where m.user_id = ${me}
  `);
  const row = result.rows[0];
  return {
    conversations: Number(row?.conversations ?? 0),
    messages: Number(row?.messages ?? 0),
    mentions: Number(row?.mentions ?? 0),
  };
}

/** GET /api/chat/people: the NGO's active members, by name (starting a conversation, @mentions). */
export async function chatPeople(db: DbExecutor, caller: ChatCaller): Promise<ChatPerson[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(and(caller.tenant.ownedBy(users.ngoId), eq(users.status, 'active')))
    .orderBy(sql`lower(${users.name})`, asc(users.name), asc(users.id));
  return rows.map((r) => ({ ...r, role: normalizeRole(r.role) }));
}
