import type { Message } from '@contract/chat';

/*
 * What a conversation shows: the server's messages, then this device's messages not on the server
 * yet (waiting in the outbox, or refused there), in the order they were typed. A waiting message is
 * hidden as soon as the server's copy with its client id is held (from the outbox's answer or the
 * socket, whichever comes first), so it is never shown twice, not even for a moment.
 */

export interface PendingMessage {
  /** The outbox entry's id (its Idempotency-Key): Retry and Delete act on it. */
  entryId: string;
  clientId: string;
  conversationId: string;
  parentId: string | null;
  body: string;
  mentionIds: string[];
  /** Files it names (uploaded already; the outbox entry holds their ids only). */
  attachmentCount: number;
  /** Epoch ms it was queued: the typed order. */
  createdAt: number;
  state: 'sending' | 'failed';
  /** The server's refusal of a failed one. */
  error?: string;
}

export type TimelineItem =
  { kind: 'sent'; key: string; message: Message } | { kind: 'pending'; key: string; pending: PendingMessage };

export function timelineOf(sent: readonly Message[], pending: readonly PendingMessage[]): TimelineItem[] {
  const held = new Set(sent.map((m) => m.clientId));
  const waiting = pending
    .filter((p) => !held.has(p.clientId))
    .sort((a, b) => a.createdAt - b.createdAt || a.entryId.localeCompare(b.entryId));
  // Keyed by client id for both, so React keeps the row when the server's copy replaces it.
  return [
    ...sent.map((message): TimelineItem => ({ kind: 'sent', key: message.clientId || message.id, message })),
    ...waiting.map((p): TimelineItem => ({ kind: 'pending', key: p.clientId, pending: p })),
  ];
}

/** A calendar day of the user's locale, for the dividers ('2026-11-03'). */
export function localDayOf(iso: string | number): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
