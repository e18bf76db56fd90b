import type { Message, MessagePage } from '@contract/chat';

/*
 * A conversation's (or a thread's) messages as the device holds them, and the pure rules that keep
 * that copy right whatever order the answers come in: a history page, an older page, a catch-up
 * (GET …/messages?afterRev=N), a socket event, the outbox's answer. Every merge is by message id,
 * the copy with the higher rev wins (an edit, delete or reaction gives the message a new rev), and
 * the result is in seq order, so applying the same change twice, or late, changes nothing.
 */

export interface ChatHistory {
  /** Ascending seq, each message once. */
  messages: Message[];
  /** Older messages exist on the server ('Load older' asks for them with beforeSeq). */
  hasOlder: boolean;
  /**
   * Every change up to this rev is in `messages` (for the messages they hold): the catch-up asks
   * afterRev=rev. Only moved by answers of the API, or by a socket change that is the very next rev.
   */
  rev: number;
}

/** Whether a message belongs to the conversation's own history (a thread reply does not). */
export const isRoot = (message: Message) => message.parentId === null;

/** `incoming` merged into `existing` by id (the higher rev wins; equal: incoming), in seq order. */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const message of incoming) {
    const held = byId.get(message.id);
    if (!held || held.rev <= message.rev) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The latest page of a history (or of a thread, `belongs` then picks its replies). */
export function historyOfPage(page: MessagePage, belongs: (m: Message) => boolean = isRoot): ChatHistory {
  return {
    messages: mergeMessages([], page.items.filter(belongs)),
    hasOlder: page.hasMore,
    rev: page.rev,
  };
}

/** An older page ('Load older') added in front. The rev stays: the page says nothing of newer changes. */
export function withOlderPage(history: ChatHistory, page: MessagePage): ChatHistory {
  return { ...history, messages: mergeMessages(history.messages, page.items), hasOlder: page.hasMore };
}

/**
 * Changed messages (catch-up, socket, the outbox's answer) applied: one held is replaced by a newer
 * copy; a new one is added when it falls within what is held (an edit of a message older than the
 * loaded pages is read with them later, and must not leave a hole in the history).
 */
export function applyChanges(
  history: ChatHistory,
  changed: readonly Message[],
  belongs: (m: Message) => boolean = isRoot,
): ChatHistory {
  const oldest = history.messages[0]?.seq;
  const held = new Set(history.messages.map((m) => m.id));
  const fitting = changed.filter(
    (m) => belongs(m) && (held.has(m.id) || !history.hasOlder || (oldest !== undefined && m.seq > oldest)),
  );
  if (fitting.length === 0) return history;
  return { ...history, messages: mergeMessages(history.messages, fitting) };
}

/** The cursor moved forward (never back). */
export const withRev = (history: ChatHistory, rev: number): ChatHistory =>
  rev > history.rev ? { ...history, rev } : history;

/**
 * Only the newest `keep` messages, for a conversation left: what is persisted for offline reading
 * stays small, and the older ones are a 'Load older' away.
 */
export function trimHistory(history: ChatHistory, keep: number): ChatHistory {
  if (history.messages.length <= keep) return history;
  return { ...history, messages: history.messages.slice(-keep), hasOlder: true };
}

/** The highest seq held: what opening the conversation marks as read. */
export const lastSeqOf = (history: ChatHistory | undefined) => history?.messages.at(-1)?.seq ?? 0;
