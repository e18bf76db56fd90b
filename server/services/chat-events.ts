import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db';

/**
 * The Postgres channel every chat change is announced on (ADR 0046). A write calls publishChatEvent
 * with the request's handle, inside its transaction: Postgres delivers a NOTIFY only when the
 * transaction commits (and never when it rolls back), to every process LISTENing on the database, so
 * two API replicas on one PostgreSQL see each other's changes, and on the embedded database the same
 * path runs within the one process.
 *
 * The payload carries ids only (a NOTIFY holds at most 8,000 bytes): each process's socket hub
 * (server/realtime/) reads the message as it now is and sends it only to the sockets whose user may
 * read the conversation.
 */
export const CHAT_EVENTS_CHANNEL = 'chat_events';

export type ChatEvent =
  /** A message was created or changed (edit, delete, reaction, a reply added to its thread). */
  | { kind: 'message'; ngoId: string; conversationId: string; messageId: string }
  /**
   * A conversation was created or changed (name, topic, archived, members). It reaches whoever may read
   * it once the change is committed, and also `alsoUserIds` (optional): members just removed, who may
   * no longer read it but must learn to drop it from their list.
   */
  | { kind: 'conversation'; ngoId: string; conversationId: string; rev: number; alsoUserIds?: string[] }
  /** A user read a conversation (their other devices clear its unread count). */
  | { kind: 'read'; ngoId: string; conversationId: string; userId: string; lastReadSeq: number }
  /** Someone is typing (best-effort; never stored). */
  | { kind: 'typing'; ngoId: string; conversationId: string; userId: string; name: string }
  /** A user's first socket opened, or their last one closed, on one server process (best-effort). */
  | { kind: 'presence'; ngoId: string; userId: string; online: boolean };

export async function publishChatEvent(db: DbExecutor, event: ChatEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
