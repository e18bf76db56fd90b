export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A flat JSON body: the needs-attention editor generates one labelled field per key. */
export type OutboxBody = Record<string, unknown>;

export interface OutboxError {
  /** HTTP status; absent for a network error. */
  status?: number;
  message: string;
  /** The server's per-field messages of a 400. */
  fields?: Record<string, string>;
}

export type OutboxStatus = 'pending' | 'attention';

export interface OutboxEntry {
  /** The Idempotency-Key, made when the user started the form or action. */
  id: string;
  kind: string;
  /** The action's label when it was queued, so a page that never loaded that feature can still name it. */
  label: string;
  method: OutboxMethod;
  /** Relative to the API base, as for the api client ('/marketing/newsletter'). */
  url: string;
  body: OutboxBody;
  /** The signed-in user the write belongs to; null for an anonymous write (newsletter). */
  userId: string | null;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  lastError?: OutboxError;
  /**
   * Entries of one user with the same key are sent strictly in the order they were queued: one is
   * not sent while an older one (waiting or needing attention) is there (a chat's messages).
   */
  orderKey?: string;
  /** No 'sent' toast: the screen shows the write's progress itself (a chat message's clock). */
  quiet?: boolean;
}

export interface OutboxAction {
  kind: string;
  method: OutboxMethod;
  url: string;
  /** What the user calls this write ('Newsletter subscription'), for the outbox list and toasts. */
  label: string;
  /** See OutboxEntry.quiet. */
  quiet?: boolean;
}

/** What became of one send. */
export type SendOutcome =
  | { type: 'sent'; status: number; response: unknown }
  /** Network error, 5xx, 401, 408 or 429: kept and retried later. */
  | { type: 'retry'; error: OutboxError; retryAfterMs?: number }
  /** Any other 4xx (409 included): the user has to look at it. */
  | { type: 'rejected'; error: OutboxError };

/** What a send started by the user (a form's submit, a retry) reports back to them. */
export type SubmitResult =
  | { status: 'sent'; response: unknown }
  /** Kept for later: 'offline' for a network error, 'server' for a 5xx. */
  | { status: 'queued'; reason: 'offline' | 'server' }
  | { status: 'rejected'; error: OutboxError };

export interface OutboxSnapshot {
  /** Entries still to send (of the signed-in user and anonymous ones). */
  pending: number;
  /** Those entries, oldest first, so the user can see what is waiting. */
  waiting: OutboxEntry[];
  attention: OutboxEntry[];
  lastSyncAt: number | null;
  flushing: boolean;
}

export type OutboxEvent =
  { type: 'sent'; entry: OutboxEntry; response: unknown } | { type: 'attention'; entry: OutboxEntry };
