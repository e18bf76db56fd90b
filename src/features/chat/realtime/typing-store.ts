/*
 * Who is typing where, from the socket's best-effort 'typing' events: each one holds for a few
 * seconds unless repeated (the sender repeats every 3 s while typing) or ended by their message.
 */

export const TYPING_HOLD_MS = 6_000;

type Typists = Map<string, { name: string; until: number }>;

export function createTypingStore(now: () => number = Date.now) {
  const byConversation = new Map<string, Typists>();
  const listeners = new Set<() => void>();
  const snapshots = new Map<string, string[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function changed(conversationId: string) {
    const typists = byConversation.get(conversationId);
    const names = typists ? [...typists.values()].filter((t) => t.until > now()).map((t) => t.name) : [];
    snapshots.set(conversationId, names);
    listeners.forEach((l) => l());
    clearTimeout(timer);
    const next = Math.min(
      ...[...byConversation.values()].flatMap((m) => [...m.values()].map((t) => t.until)),
    );
    if (Number.isFinite(next)) timer = setTimeout(expire, Math.max(0, next - now()));
  }

  function expire() {
    for (const [conversationId, typists] of byConversation) {
      let removed = false;
      for (const [userId, t] of typists) if (t.until <= now()) removed = typists.delete(userId) || removed;
      if (typists.size === 0) byConversation.delete(conversationId);
      if (removed) changed(conversationId);
    }
  }

  return {
    typing(conversationId: string, userId: string, name: string) {
      const typists = byConversation.get(conversationId) ?? new Map();
      typists.set(userId, { name, until: now() + TYPING_HOLD_MS });
      byConversation.set(conversationId, typists);
      changed(conversationId);
    },
    /** Their message arrived: they are done typing. */
    stopped(conversationId: string, userId: string) {
      if (byConversation.get(conversationId)?.delete(userId)) changed(conversationId);
    },
    names: (conversationId: string): string[] => snapshots.get(conversationId) ?? NONE,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const NONE: string[] = [];

export type TypingStore = ReturnType<typeof createTypingStore>;
