import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/** Drizzle has no tsvector type; the value is only ever read by Postgres itself. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Team chat (issue 16, contract/chat.ts, ADR 0046). A conversation is an NGO channel (public to the
 * NGO, or private to its members) or a direct conversation between two or more members.
 *
 * Every change in a conversation (a new message, an edit, a delete, a reaction) takes the next number
 * of the conversation's `rev` in the same transaction (UPDATE … SET rev = rev + 1 RETURNING rev), and
 * the changed message keeps it as its own `rev`. The row lock that UPDATE takes is held until commit,
 * so revs commit in order: a client that has seen everything up to rev N asks for rev > N after a
 * reconnect and gets every change it missed, with no gaps. A new message also takes `seq`, the next of
 * `last_seq`, its place in the conversation's order (and what unread counts compare with).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    /** 'channel' or 'direct'. */
    kind: text('kind').notNull(),
    /** A channel's name (unique in the NGO, case-insensitive); '' for a direct conversation. */
    name: text('name').notNull().default(''),
    topic: text('topic').notNull().default(''),
    /** 'public' (every member of the NGO may read and join) or 'private'; 'private' for directs. */
    visibility: text('visibility').notNull().default('public'),
    /** A direct conversation's members' ids, sorted and joined with ',': one conversation per set. */
    directKey: text('direct_key'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last change's number (see above). */
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
    /** The last message's place in the order; 0 before the first. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_conversations_ngo_idx').on(t.ngoId, t.kind, t.visibility),
    uniqueIndex('chat_conversations_channel_name_idx')
      .on(t.ngoId, sql`lower(${t.name})`)
      .where(sql`${t.kind} = 'channel'`),
    uniqueIndex('chat_conversations_direct_key_idx')
      .on(t.ngoId, t.directKey)
      .where(sql`${t.kind} = 'direct'`),
    check('chat_conversations_kind_check', sql`${t.kind} in ('channel', 'direct')`),
    check('chat_conversations_visibility_check', sql`${t.visibility} in ('public', 'private')`),
  ],
);

/** Who is in a conversation, and how far each has read. */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The `seq` of the last message this member has read; unread = messages after it, not their own. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** When a mention of this member was mailed unread last (the delayed mention mail, once each). */
    mentionMailedSeq: bigint('mention_mailed_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // A member's conversations (the list, the socket's subscriptions, the unread badge).
    index('chat_members_user_idx').on(t.userId, t.conversationId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** Its place in the conversation's order (threads' replies included). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The conversation's rev of this message's last change (creation, edit, delete, reaction). */
    rev: bigint('rev', { mode: 'number' }).notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The sending device's id for this message (a UUID made when it was typed): a resend of the same
     * client id answers the message already stored, so the outbox delivers each message once.
     */
    clientId: text('client_id').notNull(),
    /** The thread's first message, for a reply; null for a message in the conversation itself. */
    parentId: text('parent_id'),
    body: text('body').notNull(),
    /** Ids of the members mentioned (@name), checked against the conversation's readers. */
    mentionIds: text('mention_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Files of the file layer: [{ fileId, name, contentType, size }]. */
    attachments: jsonb('attachments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** { emoji: [userId, …] } */
    reactions: jsonb('reactions')
      .notNull()
      .default(sql`'{}'::jsonb`),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** A deleted message keeps its place ("This message was deleted") and loses its body. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() =>
        sql.raw(`to_tsvector('simple'::regconfig, regexp_replace("body", '[^[:alnum:]]+', ' ', 'g'))`),
      ),
  },
  (t) => [
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('chat_messages_conversation_rev_idx').on(t.conversationId, t.rev),
    index('chat_messages_parent_idx')
      .on(t.parentId, t.seq)
      .where(sql`${t.parentId} is not null`),
    uniqueIndex('chat_messages_client_idx').on(t.authorId, t.clientId),
    // The newest messages of an NGO first: the search reads these before it asks the word index (chat-search.ts).
    index('chat_messages_ngo_recent_idx').on(
      t.ngoId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Each word of an NGO's chat messages, once, numbered: the search's postings name words by number so
 * that a posting is a few bytes. `word` sorts as bytes (COLLATE "C", set in migration 0028) so that a
 * prefix is one index range.
 */
export const chatWords = pgTable(
  'chat_words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [uniqueIndex('chat_words_ngo_word_idx').on(t.ngoId, t.word)],
);

/**
 * The search's postings: one row per word of each live message, kept by triggers on chat_messages
 * (migration 0028, ADR 0051). Its key reads a word's messages newest first from the index alone,
 * which a word index on search_vector could not (it answers which messages, not in date order).
 */
export const chatMessageWords = pgTable(
  'chat_message_words',
  {
    wordId: integer('word_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    messageId: text('message_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.wordId, t.createdAt, t.messageId] })],
);
