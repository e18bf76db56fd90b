import type { Conversation, Message } from '@contract/chat';

/** A message of the feature's tests: Ann's, in conversation c1, unless told otherwise. */
export const messageOf = (over: Partial<Message> = {}): Message => ({
  id: 'm1',
  conversationId: 'c1',
  clientId: `client-${over.id ?? 'm1'}`,
  seq: 1,
  rev: 1,
  authorId: 'ann',
  authorName: 'Ann Staff',
  parentId: null,
  body: 'Hello team',
  mentionIds: [],
  attachments: [],
  reactions: [],
  replyCount: 0,
  lastReplyAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  ...over,
});

/** A public channel #general the viewer (grace) and Ann are in, unless told otherwise. */
export const conversationOf = (over: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  kind: 'channel',
  name: 'general',
  topic: 'Everything',
  visibility: 'public',
  joined: true,
  canManage: false,
  members: [
    { id: 'grace', name: 'Grace Volunteer', role: 'VOLUNTEER' },
    { id: 'ann', name: 'Ann Staff', role: 'STAFF' },
  ],
  rev: 1,
  lastSeq: 1,
  lastReadSeq: 1,
  unread: 0,
  mentioned: false,
  lastMessageAt: '2026-11-20T09:00:00.000Z',
  lastMessagePreview: { authorName: 'Ann Staff', body: 'Hello team' },
  archived: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...over,
});
