/**
 * Runs `task` only if no other holder (this tab or another) has the named lock; otherwise returns
 * `undefined` without waiting. Web Locks where the browser has them; elsewhere a lease in
 * localStorage, which every tab of the origin reads and writes synchronously.
 */
export type TryLock = <T>(name: string, task: () => Promise<T>) => Promise<T | undefined>;

export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

export function webLocks(locks: LockManagerLike): TryLock {
  return (name, task) =>
    locks.request(name, { ifAvailable: true }, async (lock) => (lock ? task() : undefined));
}

// Long enough for one slow send on 2G, short enough that a tab closed mid-send does not hold the
// entry for long. The lease is renewed while the task runs.
const LEASE_MS = 90_000;

interface Lease {
  owner: string;
  until: number;
}

export function storageLeaseLocks(storage: Storage, now: () => number = Date.now): TryLock {
  const owner = Math.random().toString(36).slice(2);
  const key = (name: string) => `lock:${name}`;
  const read = (name: string): Lease | null => {
    try {
      return JSON.parse(storage.getItem(key(name)) ?? 'null') as Lease | null;
    } catch {
      return null;
    }
  };
  return async (name, task) => {
    const held = read(name);
    if (held && held.until > now()) return undefined;
    // Check-and-set is one synchronous step in this tab; between tabs a tiny race remains, which
    // the server's Idempotency-Key makes harmless (a second send of a key replays the first answer).
    const lease: Lease = { owner: `${owner}:${Math.random()}`, until: now() + LEASE_MS };
    storage.setItem(key(name), JSON.stringify(lease));
    const renew = setInterval(() => {
      if (read(name)?.owner === lease.owner)
        storage.setItem(key(name), JSON.stringify({ ...lease, until: now() + LEASE_MS }));
    }, LEASE_MS / 3);
    try {
      return await task();
    } finally {
      clearInterval(renew);
      if (read(name)?.owner === lease.owner) storage.removeItem(key(name));
    }
  };
}

/** Last resort (no storage at all): one holder per name within this page. */
export function memoryLocks(): TryLock {
  const held = new Set<string>();
  return async (name, task) => {
    if (held.has(name)) return undefined;
    held.add(name);
    try {
      return await task();
    } finally {
      held.delete(name);
    }
  };
}

export function defaultTryLock(): TryLock {
  if (typeof navigator !== 'undefined' && navigator.locks) return webLocks(navigator.locks);
  if (typeof localStorage !== 'undefined') return storageLeaseLocks(localStorage);
  return memoryLocks();
}
