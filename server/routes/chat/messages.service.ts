import { and, asc, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  chatErrorCodes,
  type Message,
  type messageCreate,
  type messageEdit,
  type messageListQuery,
  type MessagePage,
  type ReactionSet,
} from '../../../contract/chat';
import type { DbExecutor } from '../../db';
import { chatConversations, chatMembers, chatMessages, files, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { publishChatEvent } from '../../services/chat-events';
import { isUniqueViolation } from '../../services/db-errors';
import { newId } from '../../services/ids';
import {
  assertMember,
  isModerator,
  messageNotFound,
  nextRev,
  readableConversation,
  readersAmong,
  type ChatCaller,
} from './chat-access';
import {
  loadMessages,
  messageColumns,
  toMessage,
  type StoredAttachment,
  type StoredReactions,
} from './message-view';

/*
 * A conversation's messages. Every change takes the conversation's next rev in the transaction that
 * makes it (chat-access.ts nextRev, or the UPDATE in postMessage), and the changed rows keep it, so
 * GET …/messages?afterRev=N answers every change after N with no gap (schema/chat.ts).
 */

type CreateInput = z.output<typeof messageCreate>;
type EditInput = z.output<typeof messageEdit>;
type ListQuery = z.output<typeof messageListQuery>;

const oneMessage = async (db: DbExecutor, id: string): Promise<Message> => {
  const [message] = await loadMessages(db, [id]);
  if (!message) throw messageNotFound();
  return message;
};

const messageEvent = (ngoId: string, conversationId: string, messageId: string) => ({
  kind: 'message' as const,
  ngoId,
  conversationId,
  messageId,
});

const archivedRefusal = () =>
  new ApiError(409, 'This conversation is archived; it takes no new messages.', {
    code: chatErrorCodes.conversationArchived,
  });

/**
 * GET …/messages: a catch-up (`afterRev`: every message changed since, replies included, by rev), a
 * thread (`parentId`: its replies) or the history (top-level messages); the latter two answer the
 * newest `limit` before `beforeSeq`, in ascending seq.
 */
export async function listMessages(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
  query: ListQuery,
): Promise<MessagePage> {
  // Read first: the answer's rev is never ahead of the messages read after it.
  const { conversation } = await readableConversation(db, caller, conversationId);
  const base = db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorId))
    .$dynamic();
  const inConversation = eq(chatMessages.conversationId, conversationId);
  const take = query.limit + 1;

  if (query.afterRev !== undefined) {
    const rows = await base
      .where(and(inConversation, gt(chatMessages.rev, query.afterRev)))
      .orderBy(asc(chatMessages.rev))
      .limit(take);
    return {
      items: rows.slice(0, query.limit).map(toMessage),
      hasMore: rows.length > query.limit,
      rev: conversation.rev,
    };
  }

  let scope: SQL | undefined = isNull(chatMessages.parentId);
  if (query.parentId !== undefined) {
    const [parent] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, query.parentId), inConversation, isNull(chatMessages.parentId)))
      .limit(1);
    if (!parent) throw new ApiError(404, 'Thread not found.');
    scope = eq(chatMessages.parentId, query.parentId);
  }
  const before = query.beforeSeq !== undefined ? lt(chatMessages.seq, query.beforeSeq) : undefined;
  const rows = await base
    .where(and(inConversation, scope, before))
    .orderBy(desc(chatMessages.seq))
    .limit(take);
  const items = rows.slice(0, query.limit).reverse().map(toMessage);
  return { items, hasMore: rows.length > query.limit, rev: conversation.rev };
}

/** The caller's message of this client id, if they sent one. */
async function byClientId(db: DbExecutor, authorId: string, clientId: string) {
  const [row] = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      body: chatMessages.body,
      editedAt: chatMessages.editedAt,
      deletedAt: chatMessages.deletedAt,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.authorId, authorId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row;
}

/**
 * A resend: the same message again (same conversation and body; or since edited or deleted, so its
 * body is not the one first sent) answers it as stored; anything else under that client id is a bug
 * of the sender, refused rather than silently answered with another message.
 */
async function resent(
  db: DbExecutor,
  stored: NonNullable<Awaited<ReturnType<typeof byClientId>>>,
  conversationId: string,
  input: CreateInput,
): Promise<{ status: 200; message: Message }> {
  const changedSince = stored.editedAt !== null || stored.deletedAt !== null;
  if (stored.conversationId !== conversationId || (stored.body !== input.body && !changedSince)) {
    throw new ApiError(409, 'This client id was already used for another message.', {
      code: chatErrorCodes.clientIdReused,
    });
  }
  return { status: 200, message: await oneMessage(db, stored.id) };
}

/** The files attached, as stored (a snapshot): each must be a live file of the caller's NGO. */
async function attachmentsOf(db: DbExecutor, caller: ChatCaller, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.sizeBytes })
    .from(files)
    .where(and(inArray(files.id, unique), caller.tenant.ownedBy(files.ngoId), isNull(files.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) {
    const message = `File not found: ${missing.join(', ')}.`;
    throw new ApiError(400, message, { fields: { attachmentIds: message } });
  }
  return unique.map((id): StoredAttachment => {
    const f = byId.get(id)!;
    return { fileId: f.id, name: f.name, contentType: f.contentType, size: f.size };
  });
}

/**
 * POST …/messages. One transaction takes the next seq and rev, stores the message, bumps a thread's
 * parent (another rev: every changed row has its own, so a catch-up page never splits a rev), joins
 * the sender to a public channel they were not in, moves their read mark to their own message, and
 * announces it all on commit. The same client id again answers the stored message (200), also when
 * two sends of it race: the unique (author, client id) index lets one in, the other reads it.
 */
export async function postMessage(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
  input: CreateInput,
): Promise<{ status: 200 | 201; message: Message }> {
  const access = await readableConversation(db, caller, conversationId);
  const { conversation } = access;
  const stored = await byClientId(db, caller.id, input.clientId);
  if (stored) return resent(db, stored, conversationId, input);
  if (conversation.archivedAt) throw archivedRefusal();
  const parentId = input.parentId ?? null;
  if (parentId) {
    const [parent] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.id, parentId),
          eq(chatMessages.conversationId, conversationId),
          isNull(chatMessages.parentId),
        ),
      )
      .limit(1);
    if (!parent) {
      const message = 'Reply to a message of this conversation (not to a reply).';
      throw new ApiError(400, message, { fields: { parentId: message } });
    }
  }
  const attachments = await attachmentsOf(db, caller, input.attachmentIds);
  const mentionIds = await readersAmong(db, conversation, input.mentionIds);
  const id = newId();
  const ngoId = conversation.ngoId;

  try {
    await db.transaction(async (tx) => {
      // Again under the conversation's lock: removed or archived meanwhile, the send is refused.
      const locked = await readableConversation(tx, caller, conversationId, true);
      if (locked.conversation.archivedAt) throw archivedRefusal();
      const [next] = await tx
        .update(chatConversations)
        .set({
          rev: sql`${chatConversations.rev} + ${parentId ? 2 : 1}`,
          lastSeq: sql`${chatConversations.lastSeq} + 1`,
          lastMessageAt: sql`now()`,
        })
        .where(eq(chatConversations.id, conversationId))
        .returning({ rev: chatConversations.rev, lastSeq: chatConversations.lastSeq });
      const { rev, lastSeq: seq } = next!;
      await tx.insert(chatMessages).values({
        id,
        ngoId,
        conversationId,
        seq,
        rev: parentId ? rev - 1 : rev,
        authorId: caller.id,
        clientId: input.clientId,
        parentId,
        body: input.body,
        mentionIds,
        attachments,
      });
      if (parentId) {
        await tx
          .update(chatMessages)
          .set({ replyCount: sql`${chatMessages.replyCount} + 1`, lastReplyAt: sql`now()`, rev })
          .where(eq(chatMessages.id, parentId));
      }
      // The sender has read their own message; posting into a public channel joins it (Slack-like).
      if (locked.member) {
        await tx
          .update(chatMembers)
          .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${seq}::bigint)` })
          .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, caller.id)));
      } else {
        await tx.insert(chatMembers).values({ conversationId, userId: caller.id, ngoId, lastReadSeq: seq });
      }
      await publishChatEvent(tx, messageEvent(ngoId, conversationId, id));
      if (parentId) await publishChatEvent(tx, messageEvent(ngoId, conversationId, parentId));
      // The sender's other devices list the channel they joined.
      if (!locked.member) {
        await publishChatEvent(tx, { kind: 'conversation', ngoId, conversationId, rev });
      }
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await byClientId(db, caller.id, input.clientId);
    if (!winner) throw err;
    return resent(db, winner, conversationId, input);
  }
  return { status: 201, message: await oneMessage(db, id) };
}

/**
 * A message of the caller's NGO with its conversation locked (the order every message change takes:
 * the conversation's row, then the message), read afresh after the lock; 404 unless readable.
 */
async function lockedMessage(tx: DbExecutor, caller: ChatCaller, messageId: string) {
  const [found] = await tx
    .select({ conversationId: chatMessages.conversationId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), caller.tenant.ownedBy(chatMessages.ngoId)))
    .limit(1);
  if (!found) throw messageNotFound();
  const access = await readableConversation(tx, caller, found.conversationId, true);
  const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId)).limit(1);
  if (!row) throw messageNotFound();
  return { access, row };
}

const deletedRefusal = () =>
  new ApiError(409, 'This message was deleted.', { code: chatErrorCodes.messageDeleted });

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** PATCH /api/chat/messages/{id}: the author's new text (and mentions); unchanged text takes no rev. */
export async function editMessage(
  db: DbExecutor,
  caller: ChatCaller,
  messageId: string,
  input: EditInput,
): Promise<Message> {
  await db.transaction(async (tx) => {
    const { access, row } = await lockedMessage(tx, caller, messageId);
    if (row.authorId !== caller.id) {
      throw new ApiError(403, 'Only its author may edit a message.', { code: chatErrorCodes.notAuthor });
    }
    if (row.deletedAt) throw deletedRefusal();
    const mentionIds =
      input.mentionIds === undefined
        ? row.mentionIds
        : await readersAmong(tx, access.conversation, input.mentionIds);
    if (row.body === input.body && sameIds(row.mentionIds, mentionIds)) return;
    const rev = await nextRev(tx, row.conversationId);
    await tx
      .update(chatMessages)
      .set({ body: input.body, mentionIds, editedAt: sql`now()`, rev })
      .where(eq(chatMessages.id, messageId));
    await publishChatEvent(tx, messageEvent(row.ngoId, row.conversationId, messageId));
  });
  return oneMessage(db, messageId);
}

/**
 * DELETE /api/chat/messages/{id}: the author or a moderator. The message keeps its place and its
 * thread ("This message was deleted") and loses its text, files, mentions and reactions. Deleting
 * again answers it unchanged.
 */
export async function deleteMessage(db: DbExecutor, caller: ChatCaller, messageId: string): Promise<Message> {
  await db.transaction(async (tx) => {
    const { row } = await lockedMessage(tx, caller, messageId);
    if (row.authorId !== caller.id && !isModerator(caller)) {
      throw new ApiError(403, 'Only its author or a moderator may delete a message.', {
        code: chatErrorCodes.notAuthor,
      });
    }
    if (row.deletedAt) return;
    const rev = await nextRev(tx, row.conversationId);
    await tx
      .update(chatMessages)
      .set({
        body: '',
        attachments: [],
        mentionIds: [],
        reactions: {},
        deletedAt: sql`now()`,
        rev,
      })
      .where(eq(chatMessages.id, messageId));
    await publishChatEvent(tx, messageEvent(row.ngoId, row.conversationId, messageId));
  });
  return oneMessage(db, messageId);
}

/** PUT …/reactions: the caller's reaction on or off; a rev only when it changed something. */
export async function setReaction(
  db: DbExecutor,
  caller: ChatCaller,
  messageId: string,
  input: ReactionSet,
): Promise<Message> {
  await db.transaction(async (tx) => {
    const { access, row } = await lockedMessage(tx, caller, messageId);
    assertMember(access);
    if (row.deletedAt) throw deletedRefusal();
    const reactions = { ...(row.reactions as StoredReactions) };
    const who = reactions[input.emoji] ?? [];
    const has = who.includes(caller.id);
    if (has === input.on) return;
    const now = input.on ? [...who, caller.id] : who.filter((id) => id !== caller.id);
    if (now.length) reactions[input.emoji] = now;
    else delete reactions[input.emoji];
    const rev = await nextRev(tx, row.conversationId);
    await tx.update(chatMessages).set({ reactions, rev }).where(eq(chatMessages.id, messageId));
    await publishChatEvent(tx, messageEvent(row.ngoId, row.conversationId, messageId));
  });
  return oneMessage(db, messageId);
}
