import { z } from 'zod';
import { querySearch } from './content-common';
import { opaqueId, text } from './storable';

/*
 * Team chat (issue 16, ADR 0046). Conversations are the NGO's channels (public: every member reads
 * and may join; private: members only) and direct conversations between two or more members.
 * Messages are sent with a client id (a UUID the device makes when the message is typed): a resend of
 * the same client id answers the stored message (200) instead of adding another, so the outbox
 * delivers each message exactly once; one device's outbox sends in order, so its messages keep the
 * order they were typed in.
 *
 * Every change in a conversation (new message, edit, delete, reaction) takes the conversation's next
 * `rev` (schema/chat.ts): after a reconnect, GET …/messages?afterRev=N answers every message changed
 * since, in rev order, with no gaps. The socket (/api/realtime, chatSocketEvent below) only says that
 * something changed, with the message as it now is; the API stays the source of truth.
 *
 * Endpoints (all under /api; bearer; a conversation the caller may not read answers 404):
 * | Method | Path                                          | Permission  | Body / query          | Response                   |
 * |--------|-----------------------------------------------|-------------|-----------------------|----------------------------|
 * | GET    | /chat/conversations                           | chat:read   | conversationListQuery | 200 conversation[]         |
 * | POST   | /chat/conversations                           | chat:write  | conversationCreate    | 201 conversation (direct: 200 when it exists) |
 * | GET    | /chat/conversations/{conversationId}          | chat:read   | –                     | 200 conversation           |
 * | PATCH  | /chat/conversations/{conversationId}          | chat:write  | conversationChange    | 200 conversation (channel creator or chat:moderate) |
 * | POST   | /chat/conversations/{conversationId}/members  | chat:write  | membersAdd            | 200 conversation (join a public channel: own id) |
 * | DELETE | /chat/conversations/{conversationId}/members/{userId} | chat:write | –            | 204 (leave; remove: creator or chat:moderate) |
 * | GET    | /chat/conversations/{conversationId}/messages | chat:read   | messageListQuery      | 200 messagePage            |
 * | POST   | /chat/conversations/{conversationId}/messages | chat:write  | messageCreate         | 201 message (same clientId: 200 the stored one) |
 * | POST   | /chat/conversations/{conversationId}/read     | chat:read   | markRead              | 200 conversation           |
 * | PATCH  | /chat/messages/{messageId}                    | chat:write  | messageEdit           | 200 message (author only)  |
 * | DELETE | /chat/messages/{messageId}                    | chat:write  | –                     | 200 message (author, or chat:moderate) |
 * | PUT    | /chat/messages/{messageId}/reactions          | chat:write  | reactionSet           | 200 message                |
 * | GET    | /chat/search                                  | chat:read   | chatSearchQuery       | 200 searchHit[]            |
 * | GET    | /chat/unread                                  | chat:read   | –                     | 200 unreadSummary          |
 * | GET    | /chat/people                                  | chat:read   | –                     | 200 chatPerson[] (the NGO's active members, for DMs and @mentions) |
 */

export const CHANNEL_NAME_MAX = 80;
export const CHANNEL_TOPIC_MAX = 250;
export const MESSAGE_BODY_MAX = 4000;
export const MESSAGE_ATTACHMENTS_MAX = 10;
export const DIRECT_MEMBERS_MAX = 8;
export const CHANNEL_MEMBERS_ADD_MAX = 100;
/** Messages a page of history holds at most (default 50). */
export const MESSAGE_PAGE_MAX = 100;
export const MESSAGE_PAGE_DEFAULT = 50;
/** The reactions offered (a short fixed set: no emoji picker to load on a cheap phone). */
export const chatReactions = ['👍', '❤️', '😂', '🎉', '🙏', '👀'] as const;
export type ChatReaction = (typeof chatReactions)[number];

export const conversationKinds = ['channel', 'direct'] as const;
export type ConversationKind = (typeof conversationKinds)[number];
export const channelVisibilities = ['public', 'private'] as const;
export type ChannelVisibility = (typeof channelVisibilities)[number];

/** The `code` of the chat endpoints' refusals the screens act on. */
export const chatErrorCodes = {
  /** 409: a channel of that name exists in the NGO. */
  channelNameTaken: 'channel_name_taken',
  /** 409: the same client id was sent before with a different body or conversation. */
  clientIdReused: 'client_id_reused',
  /** 409: a deleted message is not edited or reacted to. */
  messageDeleted: 'message_deleted',
  /** 409: a direct conversation's members are fixed (start another one instead). */
  directMembersFixed: 'direct_members_fixed',
  /** 403: only the author edits a message. */
  notAuthor: 'not_author',
  /** 403: reacting in a public channel needs joining it first (posting joins by itself). */
  notMember: 'not_member',
  /** 409: an archived conversation takes no new messages. */
  conversationArchived: 'conversation_archived',
} as const;

const channelName = text('Name')
  .trim()
  .min(1, 'Name is required.')
  .max(CHANNEL_NAME_MAX, `Name is too long (${CHANNEL_NAME_MAX} characters at most).`);
const topic = text('Topic')
  .trim()
  .max(CHANNEL_TOPIC_MAX, `Topic is too long (${CHANNEL_TOPIC_MAX} characters at most).`);
const userIds = (label: string, max: number) =>
  z
    .array(opaqueId(label), { error: `${label} must be a list of member ids.` })
    .max(max, `${max} members at most.`)
    .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/chat/conversations. A channel: name, visibility and first members (the creator is always
 * a member). A direct conversation: the other members (1 to DIRECT_MEMBERS_MAX − 1); the same set of
 * people again answers their existing conversation (200).
 */
export const conversationCreate = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('channel'),
      name: channelName,
      topic: topic.optional().default(''),
      visibility: z.enum(channelVisibilities, { error: 'Visibility must be public or private.' }),
      memberIds: userIds('Members', CHANNEL_MEMBERS_ADD_MAX).optional().default([]),
    }),
    z.object({
      kind: z.literal('direct'),
      memberIds: userIds('Members', DIRECT_MEMBERS_MAX - 1).refine((ids) => ids.length > 0, {
        message: 'Choose at least one person.',
      }),
    }),
  ],
  { error: 'Kind must be channel or direct.' },
);
export type ConversationCreate = z.input<typeof conversationCreate>;

/** PATCH /api/chat/conversations/{id}: a channel's name, topic or archived state. */
export const conversationChange = z
  .object({ name: channelName.optional(), topic: topic.optional(), archived: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one field to change.',
    path: ['name'],
  });
export type ConversationChange = z.input<typeof conversationChange>;

export const membersAdd = z.object({
  userIds: userIds('Members', CHANNEL_MEMBERS_ADD_MAX).refine((ids) => ids.length > 0, {
    message: 'Choose at least one person.',
  }),
});
export type MembersAdd = z.input<typeof membersAdd>;

/** GET /api/chat/conversations: the caller's conversations; `browse=true` adds public channels to join. */
export const conversationListQuery = z.object({
  browse: z
    .enum(['', 'true', 'false'], { error: 'Browse must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});

export const chatPerson = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
});
export type ChatPerson = z.infer<typeof chatPerson>;

export const conversation = z.object({
  id: z.string(),
  kind: z.enum(conversationKinds),
  /** A channel's name; for a direct conversation, the other members' names joined with ', '. */
  name: z.string(),
  topic: z.string(),
  visibility: z.enum(channelVisibilities),
  /** Whether the caller is a member (false only for a public channel they have not joined). */
  joined: z.boolean(),
  /** Whether the caller may rename, archive and remove members (the creator, or chat:moderate). */
  canManage: z.boolean(),
  members: z.array(chatPerson),
  /** The last change's number: the socket and the catch-up compare with it. */
  rev: z.number().int(),
  lastSeq: z.number().int(),
  lastReadSeq: z.number().int(),
  /** Messages after lastReadSeq not written by the caller (0 when not joined). */
  unread: z.number().int(),
  /** Whether one of the unread messages mentions the caller. */
  mentioned: z.boolean(),
  /** ISO 8601 (UTC), null before the first message. */
  lastMessageAt: z.string().nullable(),
  /** The last message's first 140 characters and author, for the list; null before the first. */
  lastMessagePreview: z.object({ authorName: z.string(), body: z.string() }).nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversation>;

export const conversationList = z.array(conversation);

export const chatAttachment = z.object({
  fileId: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Whether the file layer draws a thumbnail of it (images). */
  hasThumbnail: z.boolean(),
});
export type ChatAttachment = z.infer<typeof chatAttachment>;

export const message = z.object({
  id: z.string(),
  conversationId: z.string(),
  clientId: z.string(),
  seq: z.number().int(),
  rev: z.number().int(),
  authorId: z.string().nullable(),
  /** '' once the author's account is gone. */
  authorName: z.string(),
  parentId: z.string().nullable(),
  /** '' once deleted. */
  body: z.string(),
  mentionIds: z.array(z.string()),
  attachments: z.array(chatAttachment),
  /** Each offered emoji someone used, with who (ids), in chatReactions order. */
  reactions: z.array(z.object({ emoji: z.string(), userIds: z.array(z.string()) })),
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type Message = z.infer<typeof message>;

const seqParam = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(Number.MAX_SAFE_INTEGER, `${label} is too large.`)
    .optional();

/**
 * GET …/messages. History: the conversation's own messages (not thread replies) before `beforeSeq`
 * (default: the latest), newest page first but each page in ascending seq. A thread: `parentId`.
 * Catch-up: `afterRev` answers every message changed since that rev (replies included), in rev order,
 * `limit` at most; `hasMore` says to ask again from the last one's rev.
 */
export const messageListQuery = z.object({
  beforeSeq: seqParam('Before'),
  afterRev: seqParam('After'),
  parentId: opaqueId('Thread').optional(),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${MESSAGE_PAGE_MAX}.` })
    .int(`Limit must be a whole number from 1 to ${MESSAGE_PAGE_MAX}.`)
    .min(1, `Limit must be a whole number from 1 to ${MESSAGE_PAGE_MAX}.`)
    .max(MESSAGE_PAGE_MAX, `Limit must be a whole number from 1 to ${MESSAGE_PAGE_MAX}.`)
    .optional()
    .default(MESSAGE_PAGE_DEFAULT),
});
export type MessageListQuery = z.input<typeof messageListQuery>;

export const messagePage = z.object({
  items: z.array(message),
  /** Older messages exist (history), or more changes after the last item's rev (catch-up). */
  hasMore: z.boolean(),
  /** The conversation's rev when the page was read. */
  rev: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePage>;

const body = text('Message')
  .trim()
  .max(MESSAGE_BODY_MAX, `Message is too long (${MESSAGE_BODY_MAX} characters at most).`);

/** POST …/messages. A message has text, attachments or both. */
export const messageCreate = z
  .object({
    clientId: z.uuid({ error: 'Client id must be a UUID.' }),
    body: body.optional().default(''),
    parentId: opaqueId('Thread').optional(),
    mentionIds: userIds('Mentions', 50).optional().default([]),
    attachmentIds: z
      .array(opaqueId('Attachment'), { error: 'Attachments must be a list of file ids.' })
      .max(MESSAGE_ATTACHMENTS_MAX, `${MESSAGE_ATTACHMENTS_MAX} attachments at most.`)
      .optional()
      .default([]),
  })
  .refine((v) => v.body.length > 0 || v.attachmentIds.length > 0, {
    message: 'Write a message or attach a file.',
    path: ['body'],
  });
export type MessageCreate = z.input<typeof messageCreate>;

export const messageEdit = z.object({
  body: body.min(1, 'Write a message.'),
  mentionIds: userIds('Mentions', 50).optional(),
});
export type MessageEdit = z.input<typeof messageEdit>;

/** PUT …/reactions: the caller's reaction on or off (idempotent). */
export const reactionSet = z.object({
  emoji: z.enum(chatReactions, { error: 'Choose one of the offered reactions.' }),
  on: z.boolean({ error: 'On must be true or false.' }),
});
export type ReactionSet = z.input<typeof reactionSet>;

/** POST …/read: read up to this seq (never moves back). */
export const markRead = z.object({ seq: seqParam('Seq').unwrap() });

export const chatSearchQuery = z.object({
  q: querySearch,
  conversationId: opaqueId('Conversation').optional(),
});

export const searchHit = z.object({
  message,
  conversationName: z.string(),
  /**
   * The body with each matched word wrapped as «…» (U+00AB / U+00BB) for the client to highlight: text,
   * never HTML.
   */
  highlighted: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const unreadSummary = z.object({
  /** Conversations with unread messages. */
  conversations: z.number().int(),
  messages: z.number().int(),
  mentions: z.number().int(),
});
export type UnreadSummary = z.infer<typeof unreadSummary>;

export const conversationIdParams = z.object({ conversationId: opaqueId('Conversation id') });
export const messageIdParams = z.object({ messageId: opaqueId('Message id') });
export const memberParams = z.object({
  conversationId: opaqueId('Conversation id'),
  userId: opaqueId('User id'),
});

/**
 * What the socket (/api/realtime) sends. The client authenticates with its first frame
 * ({ type: 'auth', token }); the server answers 'ready' or closes with 4401. After that:
 * - 'message': a message was created or changed (edit, delete, reaction, a reply's count);
 * - 'conversation': a conversation the caller is in was created or changed (members, name, archived);
 * - 'read': the caller read a conversation on another device;
 * - 'typing' and 'presence': best-effort, never stored.
 * The client sends 'typing' ({ conversationId }) and 'ping'; the server answers 'pong'.
 */
export const chatSocketEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.string() }),
  z.object({ type: z.literal('message'), message }),
  z.object({ type: z.literal('conversation'), conversationId: z.string(), rev: z.number().int() }),
  z.object({ type: z.literal('read'), conversationId: z.string(), lastReadSeq: z.number().int() }),
  z.object({
    type: z.literal('typing'),
    conversationId: z.string(),
    userId: z.string(),
    name: z.string(),
  }),
  z.object({ type: z.literal('presence'), userId: z.string(), online: z.boolean() }),
  z.object({ type: z.literal('pong') }),
]);
export type ChatSocketEvent = z.infer<typeof chatSocketEvent>;

export const chatClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().max(4096) }),
  z.object({ type: z.literal('typing'), conversationId: z.string().max(64) }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

/** The socket's close code for a missing, bad or expired token (the client signs in again). */
export const SOCKET_UNAUTHORIZED = 4401;
