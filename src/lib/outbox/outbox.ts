import { backoffDelay } from './backoff';
import { newIdempotencyKey } from './idempotency-key';
import { OUTBOX_SYNC_TAG } from '@contract/outbox-protocol';
import { defaultTryLock, type TryLock } from './lock';
import { sendEntry } from './send';
import { createOutboxStore, type OutboxStore } from './store';
import type {
  OutboxAction,
  OutboxBody,
  OutboxEntry,
  OutboxEvent,
  OutboxSnapshot,
  SendOutcome,
  SubmitResult,
} from './types';

export interface OutboxSession {
  userId: string | null;
  token: string | null;
}

export interface OutboxOptions {
  store?: OutboxStore;
  /** The API base ('/api' or an absolute URL); entry urls are relative to it. */
  baseUrl: () => string;
  session: () => OutboxSession;
  tryLock?: TryLock;
  now?: () => number;
  random?: () => number;
  fetch?: typeof fetch;
  isOnline?: () => boolean;
  /** Tabs tell each other about changes here; null to stay silent (tests of one tab). */
  channelName?: string | null;
  /** Where the last successful send time is kept; null keeps it in memory only. */
  storage?: Storage | null;
}

export interface EnqueueOptions {
  idempotencyKey: string;
  /** Defaults to the signed-in user, if any. Pass null for a write that belongs to nobody. */
  userId?: string | null;
  /** Where this entry goes when the action's address names a record ('/forms/{id}/submissions'). */
  url?: string;
  /** See OutboxEntry.orderKey: entries with the same key go one after the other, in queued order. */
  orderKey?: string;
}

const FLUSH_LOCK = 'outbox:flush';
const entryLock = (id: string) => `outbox:entry:${id}`;
const LAST_SYNC_KEY = 'outbox:last-sync-at';
/** How often the snapshot (badge, lists) follows a long flush. */
const REFRESH_MS = 250;

type Mode = 'form' | 'background' | 'retry';

/**
 * Whether an older entry of the same user and order key is still there (waiting, or needing
 * attention): this one waits behind it. Backoff alone would let a later entry overtake one that
 * failed (its next attempt is later), so the order is kept here, whatever the timing.
 */
export function blockedByOlder(entry: OutboxEntry, all: readonly OutboxEntry[]): boolean {
  if (entry.orderKey === undefined) return false;
  return all.some(
    (other) =>
      other.id !== entry.id &&
      other.orderKey === entry.orderKey &&
      other.userId === entry.userId &&
      (other.createdAt < entry.createdAt || (other.createdAt === entry.createdAt && other.id < entry.id)),
  );
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The page's queue of writes (ARCHITECTURE: one IndexedDB store owned by the page). Entries are
 * sent one at a time under a per-entry lock, so two tabs never send the same entry at once, and
 * each send carries the entry's id as its Idempotency-Key, so a send whose answer was lost is
 * recognised by the server when it comes again.
 */
export function createOutbox(options: OutboxOptions) {
  const store = options.store ?? createOutboxStore();
  const tryLock = options.tryLock ?? defaultTryLock();
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const storage = options.storage === undefined ? globalThis.localStorage : options.storage;

  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: OutboxEvent) => void>();
  let snapshot: OutboxSnapshot = {
    pending: 0,
    waiting: [],
    attention: [],
    lastSyncAt: Number(storage?.getItem(LAST_SYNC_KEY)) || null,
    flushing: false,
  };
  let lastCreatedAt = 0;
  let running: Promise<void> | null = null;
  // A network error says nothing about the entry, only about the connection: the whole queue waits,
  // so a server that is down is not tried once per entry. Any answer from the server lifts it.
  let networkFailures = 0;
  let pausedUntil = 0;
  let rerun: { force: boolean } | null = null;

  // Opened on first use, never at import: the prerendering build imports this module too, and an
  // open channel would keep Node running.
  let channel: BroadcastChannel | null | undefined;
  const tabs = () => {
    if (channel !== undefined) return channel;
    channel =
      options.channelName !== null && typeof BroadcastChannel !== 'undefined'
        ? new BroadcastChannel(options.channelName ?? 'ngo-outbox')
        : null;
    channel?.addEventListener('message', () => void refresh());
    return channel;
  };

  const visibleTo = (entry: OutboxEntry, session: OutboxSession) =>
    entry.userId === null || entry.userId === session.userId;

  function setSnapshot(next: Partial<OutboxSnapshot>) {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((l) => l());
  }

  /** Re-reads the store; the badge and list show only this user's entries and anonymous ones. */
  async function refresh() {
    const session = options.session();
    const mine = (await store.all()).filter((e) => visibleTo(e, session));
    const waiting = mine.filter((e) => e.status === 'pending').sort((a, b) => a.createdAt - b.createdAt);
    setSnapshot({
      pending: waiting.length,
      waiting,
      attention: mine.filter((e) => e.status === 'attention'),
      lastSyncAt: Number(storage?.getItem(LAST_SYNC_KEY)) || snapshot.lastSyncAt,
    });
  }

  async function changed() {
    await refresh();
    tabs()?.postMessage({ type: 'changed' });
  }

  const emit = (event: OutboxEvent) => eventListeners.forEach((l) => l(event));

  /** Queues a write for the flush to send; for a write nobody waits on. */
  async function enqueue(action: OutboxAction, body: OutboxBody, opts: EnqueueOptions) {
    const entry = await put(action, body, opts);
    void requestBackgroundSync();
    schedule();
    return entry;
  }

  async function put(action: OutboxAction, body: OutboxBody, opts: EnqueueOptions) {
    // Strictly increasing within the tab, so entries queued in the same millisecond keep their order.
    const createdAt = Math.max(now(), lastCreatedAt + 1);
    lastCreatedAt = createdAt;
    const entry: OutboxEntry = {
      id: opts.idempotencyKey,
      kind: action.kind,
      label: action.label,
      method: action.method,
      url: opts.url ?? action.url,
      body,
      userId: opts.userId === undefined ? options.session().userId : opts.userId,
      createdAt,
      attempts: 0,
      nextAttemptAt: createdAt,
      status: 'pending',
      ...(opts.orderKey !== undefined && { orderKey: opts.orderKey }),
      ...(action.quiet && { quiet: true }),
    };
    await store.put(entry);
    await changed();
    return entry;
  }

  /** Sends one entry if it is still there and no one else is sending it; applies the outcome. */
  async function attempt(
    id: string,
    mode: Mode,
    onSent?: (response: unknown) => void,
  ): Promise<SendOutcome | 'skipped'> {
    const outcome = await tryLock(entryLock(id), async () => {
      // Read again under the lock: another tab may have sent or removed it meanwhile.
      const entry = await store.get(id);
      if (!entry || (entry.status !== 'pending' && mode !== 'retry')) return 'skipped' as const;
      const session = options.session();
      if (entry.userId !== null && entry.userId !== session.userId) return 'skipped' as const;
      // Only ordered entries pay for reading the whole store here.
      if (entry.orderKey !== undefined && blockedByOlder(entry, await store.all())) return 'skipped' as const;
      const result = await sendEntry(entry, {
        baseUrl: options.baseUrl(),
        token: entry.userId !== null ? session.token : null,
        now: now(),
        fetch: options.fetch,
      });
      if (result.type === 'retry' && result.error.status === undefined) {
        networkFailures += 1;
        pausedUntil = now() + backoffDelay(networkFailures, random);
      } else {
        networkFailures = 0;
        pausedUntil = 0;
      }
      await apply(entry, result, mode, onSent);
      return result;
    });
    return outcome ?? 'skipped';
  }

  async function apply(
    entry: OutboxEntry,
    outcome: SendOutcome,
    mode: Mode,
    onSent?: (response: unknown) => void,
  ) {
    const attempts = entry.attempts + 1;
    if (outcome.type === 'sent') {
      // The answer is placed before the entry goes, so a list showing both never shows neither.
      onSent?.(outcome.response);
      await store.remove(entry.id);
      storage?.setItem(LAST_SYNC_KEY, String(now()));
      setSnapshot({ lastSyncAt: now() });
      if (mode === 'background') emit({ type: 'sent', entry, response: outcome.response });
      return;
    }
    // The sender is still in front of the form, holding what they typed: the form shows the
    // refusal and nothing is lost by letting the entry go.
    const refusedInForm = mode === 'form' && outcome.error.status !== undefined && outcome.error.status < 500;
    if (refusedInForm) {
      await store.remove(entry.id);
      return;
    }
    if (outcome.type === 'retry') {
      const wait = Math.max(backoffDelay(attempts, random), outcome.retryAfterMs ?? 0);
      await store.put({ ...entry, attempts, nextAttemptAt: now() + wait, lastError: outcome.error });
      return;
    }
    const held: OutboxEntry = { ...entry, attempts, status: 'attention', lastError: outcome.error };
    await store.put(held);
    if (mode === 'background') emit({ type: 'attention', entry: held });
  }

  /** What the waiting user is told; it mirrors what `apply` did with the entry in that mode. */
  const toResult = (outcome: SendOutcome | 'skipped', mode: Mode): SubmitResult => {
    if (outcome === 'skipped') return { status: 'queued', reason: 'server' };
    if (outcome.type === 'sent') return { status: 'sent', response: outcome.response };
    if (outcome.type === 'retry' && outcome.error.status === undefined)
      return { status: 'queued', reason: 'offline' };
    if (outcome.type === 'retry' && (mode !== 'form' || (outcome.error.status ?? 0) >= 500))
      return { status: 'queued', reason: 'server' };
    return { status: 'rejected', error: outcome.error };
  };

  /**
   * Queues a write and, when the device seems online, sends it at once for the waiting user. A
   * network error or a 5xx leaves it queued; a 4xx is handed back to the form, which still holds
   * the input, and the entry goes.
   */
  async function submit(action: OutboxAction, body: OutboxBody, opts: EnqueueOptions): Promise<SubmitResult> {
    const entry = await put(action, body, opts);
    if (!isOnline()) {
      void requestBackgroundSync();
      return { status: 'queued', reason: 'offline' };
    }
    setSnapshot({ flushing: true });
    try {
      const outcome = await attempt(entry.id, 'form');
      const result = toResult(outcome, 'form');
      if (result.status === 'queued') void requestBackgroundSync();
      return result;
    } finally {
      setSnapshot({ flushing: running !== null });
      await changed();
      schedule();
    }
  }

  /**
   * Sends what is due, oldest first, one at a time. `force` (start-up, back online, 'Sync now')
   * ignores the backoff; the timer does not. A network error ends the round: the rest would fail too.
   */
  function flush({ force = false }: { force?: boolean } = {}): Promise<void> {
    if (running) {
      rerun = { force: force || (rerun?.force ?? false) };
      return running;
    }
    running = (async () => {
      setSnapshot({ flushing: true });
      try {
        await tryLock(FLUSH_LOCK, () => round(force));
      } finally {
        running = null;
        setSnapshot({ flushing: false });
        await changed();
        schedule();
      }
      const again = rerun;
      rerun = null;
      if (again) await flush(again);
    })();
    return running;
  }

  /*
   * Sends what is due, oldest first. The queue is read once per pass rather than once per send, and
   * the badge's snapshot refreshed at most every REFRESH_MS while a pass runs (and at its end): a
   * phone flushing a day's 1,000 form responses would otherwise read the whole store twice per send.
   */
  async function round(force: boolean) {
    const tried = new Set<string>();
    let refreshedAt = performance.now();
    while (isOnline()) {
      const session = options.session();
      const all = await store.all();
      const due = all.filter(
        (e) =>
          e.status === 'pending' &&
          !tried.has(e.id) &&
          visibleTo(e, session) &&
          (force || (e.nextAttemptAt <= now() && pausedUntil <= now())) &&
          !blockedByOlder(e, all),
      );
      if (due.length === 0) return;
      for (const next of due) {
        if (!isOnline()) return;
        tried.add(next.id);
        const outcome = await attempt(next.id, 'background');
        if (performance.now() - refreshedAt > REFRESH_MS) {
          await refresh();
          refreshedAt = performance.now();
        }
        if (outcome !== 'skipped' && outcome.type === 'retry' && outcome.error.status === undefined) return;
      }
    }
  }

  /** Puts a needs-attention entry back in the queue and sends it now. */
  /**
   * Sends a held entry again now. `onSent` gets the server's answer before the entry leaves the
   * outbox (a list showing both then never shows neither, not even for one render).
   */
  async function retry(
    id: string,
    editedBody?: OutboxBody,
    onSent?: (response: unknown) => void,
  ): Promise<SubmitResult> {
    const entry = await store.get(id);
    if (!entry) return { status: 'rejected', error: { message: 'This item is no longer in the outbox.' } };
    // A 409 means the server already holds another payload under this key, and an edited body
    // would be one: either way it is a new write, so it needs a new key to be accepted.
    const newKey = editedBody !== undefined || entry.lastError?.status === 409;
    const next: OutboxEntry = {
      ...entry,
      id: newKey ? newIdempotencyKey() : entry.id,
      body: editedBody ?? entry.body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now(),
    };
    await store.put(next);
    if (next.id !== entry.id) await store.remove(entry.id);
    await changed();
    if (!isOnline()) return { status: 'queued', reason: 'offline' };
    const result = toResult(await attempt(next.id, 'retry', onSent), 'retry');
    await changed();
    schedule();
    return result;
  }

  async function remove(id: string) {
    await store.remove(id);
    await changed();
  }

  async function entries() {
    const session = options.session();
    return (await store.all()).filter((e) => visibleTo(e, session));
  }

  async function countUnsentForUser(userId: string) {
    return (await store.all()).filter((e) => e.userId === userId).length;
  }

  async function clearOutboxForUser(userId: string) {
    for (const entry of await store.all()) if (entry.userId === userId) await store.remove(entry.id);
    await changed();
  }

  /**
   * Entries of accounts other than the signed-in one: left by a session that ended with a 401 (not
   * the user's choice, so they were kept, hidden and unsent). Only counted and deleted, never shown.
   */
  const ofSignedOutAccounts = (e: OutboxEntry, session: OutboxSession) =>
    e.userId !== null && e.userId !== session.userId;

  async function countUnsentOfSignedOutAccounts() {
    const session = options.session();
    return (await store.all()).filter((e) => ofSignedOutAccounts(e, session)).length;
  }

  async function clearUnsentOfSignedOutAccounts() {
    const session = options.session();
    for (const entry of await store.all())
      if (ofSignedOutAccounts(entry, session)) await store.remove(entry.id);
    await changed();
  }

  // The timer: one timeout at the earliest due entry, rescheduled after every change.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerEnabled = false;
  function schedule() {
    if (!timerEnabled) return;
    clearTimeout(timer);
    void store.all().then((all) => {
      const session = options.session();
      // A blocked entry is due only once the one before it goes: timing it would spin the timer.
      const due = all
        .filter((e) => e.status === 'pending' && visibleTo(e, session) && !blockedByOlder(e, all))
        .map((e) => e.nextAttemptAt);
      if (!due.length) return;
      clearTimeout(timer);
      // Browsers treat delays above 2^31-1 ms as 0.
      const delay = Math.min(Math.max(0, Math.min(...due) - now(), pausedUntil - now()), 2 ** 31 - 1);
      timer = setTimeout(() => void flush(), delay);
    });
  }

  return {
    enqueue,
    submit,
    flush,
    retry,
    remove,
    entries,
    countUnsentForUser,
    clearOutboxForUser,
    countUnsentOfSignedOutAccounts,
    clearUnsentOfSignedOutAccounts,
    refresh,
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      tabs();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onEvent(listener: (event: OutboxEvent) => void) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    enableTimer() {
      timerEnabled = true;
      tabs();
      schedule();
    },
    dispose() {
      timerEnabled = false;
      clearTimeout(timer);
      channel?.close();
      channel = null;
    },
  };
}

/**
 * Asks the browser to wake the service worker when connectivity returns (Chromium); the worker
 * only relays it to the page (see protocol.ts). Elsewhere the page's own triggers do the work.
 */
export async function requestBackgroundSync() {
  try {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (
      registration as
        (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Background Sync is an extra; refused (permissions, no worker yet) the page still flushes.
  }
}
