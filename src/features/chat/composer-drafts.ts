import type { UserDataStore } from '@/lib/user-data-wipe';

/*
 * What is typed in a conversation's composer, kept as it is typed, per user and conversation, so a
 * reload, a killed tab or a lost signal loses nothing. localStorage rather than IndexedDB: read
 * synchronously, the text is there on the first render, never flashing in under the caret (a
 * message is at most 4,000 characters). Wiped with the user's data at logout.
 */

const PREFIX = 'chat-draft:';
const keyOf = (userId: string, conversationId: string) => `${PREFIX}${userId}:${conversationId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readDraft(userId: string, conversationId: string): string {
  return storage()?.getItem(keyOf(userId, conversationId)) ?? '';
}

export function saveDraft(userId: string, conversationId: string, text: string) {
  const store = storage();
  try {
    if (text.trim()) store?.setItem(keyOf(userId, conversationId), text);
    else store?.removeItem(keyOf(userId, conversationId));
  } catch {
    // Storage full or refused: the text stays in the composer; only a reload would lose it.
  }
}

function keysOf(userId: string): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(`${PREFIX}${userId}:`)) keys.push(key);
  }
  return keys;
}

/** Logout warns about drafts (typed, not sent), then wipes them. */
export const composerDrafts: UserDataStore = {
  countUnsent: (userId) => Promise.resolve(keysOf(userId).length),
  clear: (userId) => {
    for (const key of keysOf(userId)) storage()?.removeItem(key);
    return Promise.resolve();
  },
};
