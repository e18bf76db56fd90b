/**
 * The chat screen's query keys: ['chat', kind, …]. offline.ts persists the conversation list, the
 * people, the unread summary and the histories; a history's third element is an object, so the
 * persister keeps only the newest few (a filtered list, query-persistence-policy.ts).
 */
export const chatQueryKeys = {
  all: ['chat'] as const,
  /** The caller's conversations. */
  conversations: () => ['chat', 'conversations'] as const,
  /** Public channels the caller may join (with their own): not kept offline. */
  browse: () => ['chat', 'browse'] as const,
  histories: () => ['chat', 'messages'] as const,
  history: (conversationId: string) => ['chat', 'messages', { conversationId }] as const,
  threads: () => ['chat', 'thread'] as const,
  thread: (conversationId: string, parentId: string) =>
    ['chat', 'thread', { conversationId, parentId }] as const,
  people: () => ['chat', 'people'] as const,
  unread: () => ['chat', 'unread'] as const,
  search: (q: string) => ['chat', 'search', { q }] as const,
};

/** The conversation id of a history or thread key. */
export const conversationIdOfKey = (key: readonly unknown[]): string | undefined =>
  (key[2] as { conversationId?: string } | undefined)?.conversationId;

export const conversationPath = (conversationId: string) =>
  `/chat/conversations/${encodeURIComponent(conversationId)}`;
export const messagePath = (messageId: string) => `/chat/messages/${encodeURIComponent(messageId)}`;
