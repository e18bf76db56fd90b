import { eq, inArray } from 'drizzle-orm';
import { chatReactions, type ChatAttachment, type Message } from '../../../contract/chat';
import type { DbExecutor } from '../../db';
import { chatMessages, users } from '../../db/schema';
import { hasThumbnail } from '../../services/storage/thumbnails';

/*
 * The one serializer of a chat message (contract/chat.ts `message`): every route answers through it,
 * and the socket hub (server/realtime/) sends a changed message through it too, so a message reads the
 * same whichever way it reaches the screen.
 */

/** An attachment as chat_messages.attachments stores it (a snapshot of the file when it was sent). */
export interface StoredAttachment {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
}

/** chat_messages.reactions: { emoji: [userId, …] }. */
export type StoredReactions = Record<string, string[]>;

export const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  clientId: chatMessages.clientId,
  seq: chatMessages.seq,
  rev: chatMessages.rev,
  authorId: chatMessages.authorId,
  authorName: users.name,
  parentId: chatMessages.parentId,
  body: chatMessages.body,
  mentionIds: chatMessages.mentionIds,
  attachments: chatMessages.attachments,
  reactions: chatMessages.reactions,
  replyCount: chatMessages.replyCount,
  lastReplyAt: chatMessages.lastReplyAt,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
};

/** A chat_messages row with its author's name, as messageColumns selects it. */
export interface MessageRow {
  id: string;
  conversationId: string;
  clientId: string;
  seq: number;
  rev: number;
  authorId: string | null;
  authorName: string | null;
  parentId: string | null;
  body: string;
  mentionIds: string[];
  attachments: unknown;
  reactions: unknown;
  replyCount: number;
  lastReplyAt: Date | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The reactions in chatReactions order, each emoji nobody uses left out (and any stored stray ignored). */
export function reactionList(stored: unknown): Message['reactions'] {
  const map = (stored ?? {}) as StoredReactions;
  return chatReactions
    .map((emoji) => ({ emoji: emoji as string, userIds: Array.isArray(map[emoji]) ? map[emoji] : [] }))
    .filter((r) => r.userIds.length > 0);
}

function attachmentList(stored: unknown): ChatAttachment[] {
  const list = Array.isArray(stored) ? (stored as StoredAttachment[]) : [];
  return list.map((a) => ({
    fileId: a.fileId,
    name: a.name,
    contentType: a.contentType,
    size: a.size,
    // Whether the file layer draws one is a rule of type and size, so it is computed, never stored.
    hasThumbnail: hasThumbnail({ storageKey: '', contentType: a.contentType, sizeBytes: a.size }),
  }));
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    clientId: row.clientId,
    seq: row.seq,
    rev: row.rev,
    authorId: row.authorId,
    authorName: row.authorName ?? '',
    parentId: row.parentId,
    body: row.body,
    mentionIds: row.mentionIds,
    attachments: attachmentList(row.attachments),
    reactions: reactionList(row.reactions),
    replyCount: row.replyCount,
    lastReplyAt: iso(row.lastReplyAt),
    createdAt: row.createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    deletedAt: iso(row.deletedAt),
  };
}

/**
 * The messages of these ids as the API answers them, in the order of the ids given; an id with no
 * message is simply absent. No access check: callers decide who may see what first.
 */
export async function loadMessages(db: DbExecutor, ids: readonly string[]): Promise<Message[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.authorId))
    .where(inArray(chatMessages.id, unique));
  const byId = new Map(rows.map((r) => [r.id, toMessage(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
