import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, backoffDelay } from './backoff';
import { defineOutboxAction } from './define-action';
import { storageLeaseLocks, webLocks, type LockManagerLike, type TryLock } from './lock';
import { createOutbox, type OutboxSession } from './outbox';
import { createOutboxStore } from './store';
import { startOutboxTestServer, type Reply, type ReceivedRequest } from './testing/outbox-test-server';
import type { OutboxAction } from './types';

const newsletter: OutboxAction = {
  kind: 'newsletter',
  method: 'POST',
  url: '/marketing/newsletter',
  label: 'Newsletter subscription',
};
const report: OutboxAction = { kind: 'report', method: 'POST', url: '/reports', label: 'Activity report' };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let dbCount = 0;

async function setup(
  reply: (request: ReceivedRequest) => Reply | Promise<Reply>,
  opts: {
    session?: OutboxSession;
    random?: () => number;
    tryLock?: TryLock;
    dbName?: string;
  } = {},
) {
  const server = await startOutboxTestServer(reply);
  cleanups.push(server.close);
  let clock = 1_000_000;
  let online = true;
  const dbName = opts.dbName ?? `outbox-test-${++dbCount}`;
  const make = () => {
    const box = createOutbox({
      store: createOutboxStore(dbName),
      baseUrl: () => `${server.url}/api`,
      session: () => opts.session ?? { userId: null, token: null },
      now: () => clock,
      random: opts.random ?? (() => 0.5),
      isOnline: () => online,
      tryLock: opts.tryLock,
      channelName: null,
      storage: null,
    });
    cleanups.push(() => box.dispose());
    return box;
  };
  return {
    server,
    outbox: make(),
    /** A second tab over the same IndexedDB. */
    secondTab: make,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
    setOnline: (value: boolean) => (online = value),
  };
}

const ok = (): Reply => ({ status: 201, body: { message: 'Thanks!' } });

describe('outbox', () => {
  it('sends queued entries oldest first, one at a time, each with its Idempotency-Key, and removes them on 2xx', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const t = await setup(async () => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight--;
      return ok();
    });
    t.setOnline(false);
    for (const [i, email] of ['a@x.org', 'b@x.org', 'c@x.org'].entries())
      await t.outbox.enqueue(newsletter, { email }, { idempotencyKey: `key-${i}` });
    expect(t.outbox.getSnapshot().pending).toBe(3);

    t.setOnline(true);
    await t.outbox.flush({ force: true });

    expect(t.server.requests.map((r) => [r.url, r.key, r.body])).toEqual([
      ['/api/marketing/newsletter', 'key-0', { email: 'a@x.org' }],
      ['/api/marketing/newsletter', 'key-1', { email: 'b@x.org' }],
      ['/api/marketing/newsletter', 'key-2', { email: 'c@x.org' }],
    ]);
    expect(maxInFlight).toBe(1);
    expect(await t.outbox.entries()).toEqual([]);
    expect(t.outbox.getSnapshot()).toMatchObject({ pending: 0, lastSyncAt: t.now() });
  });

  it('sends an entry to the address it was queued for when the action names a record', async () => {
    const t = await setup(ok);
    const response: OutboxAction = {
      kind: 'form-response',
      method: 'POST',
      url: '/forms',
      label: 'Form response',
    };
    t.setOnline(false);
    await t.outbox.enqueue(
      response,
      { answers: { a: '1' } },
      { idempotencyKey: 'i-1', url: '/forms/f1/submissions' },
    );
    await t.outbox.enqueue(
      response,
      { answers: { a: '2' } },
      { idempotencyKey: 'i-2', url: '/forms/f2/submissions' },
    );
    expect((await t.outbox.entries()).map((e) => e.url)).toEqual([
      '/forms/f1/submissions',
      '/forms/f2/submissions',
    ]);
    t.setOnline(true);
    await t.outbox.flush({ force: true });
    expect(t.server.requests.map((r) => [r.url, r.key])).toEqual([
      ['/api/forms/f1/submissions', 'i-1'],
      ['/api/forms/f2/submissions', 'i-2'],
    ]);
  });

  it('keeps an entry after a 5xx or a network error, with a growing, jittered backoff', async () => {
    const answers: Reply[] = [{ status: 503, body: { message: 'Down for a moment' } }, 'hang-up', 'hang-up'];
    const t = await setup(() => answers.shift() ?? ok());
    await t.outbox.enqueue(newsletter, { email: 'a@x.org' }, { idempotencyKey: 'k' });

    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await t.outbox.flush({ force: true });
      const [entry] = await t.outbox.entries();
      expect(entry).toMatchObject({ status: 'pending', attempts: i + 1 });
      waits.push(entry!.nextAttemptAt - t.now());
    }
    const [afterServerError] = await t.outbox.entries();
    expect(afterServerError!.lastError).toEqual({
      message: 'Network error. The device seems to be offline.',
    });
    // With random() = 0.5 each wait is 3/4 of its ceiling, and the ceiling doubles.
    expect(waits).toEqual([0.75, 1.5, 3].map((f) => f * BACKOFF_BASE_MS));

    // The timer's flush (not forced) leaves it alone until it is due, then sends it.
    await t.outbox.flush();
    expect(t.server.requests).toHaveLength(3);
    t.advance(waits[2]!);
    await t.outbox.flush();
    expect(t.server.requests).toHaveLength(4);
    expect(new Set(t.server.requests.map((r) => r.key))).toEqual(new Set(['k']));
    expect(await t.outbox.entries()).toEqual([]);
  });

  it('after a network error the whole queue waits out the backoff, unless a flush is forced', async () => {
    const answers: Reply[] = ['hang-up'];
    const t = await setup(() => answers.shift() ?? ok());
    t.setOnline(false);
    await t.outbox.enqueue(newsletter, { email: 'a@x.org' }, { idempotencyKey: 'k1' });
    await t.outbox.enqueue(newsletter, { email: 'b@x.org' }, { idempotencyKey: 'k2' });
    t.setOnline(true);
    await t.outbox.flush();
    expect(t.server.requests.map((r) => r.key)).toEqual(['k1']);
    // k2 was never tried and is due, but the connection just failed: the timer's flush waits.
    await t.outbox.flush();
    expect(t.server.requests).toHaveLength(1);
    t.advance(BACKOFF_BASE_MS);
    await t.outbox.flush();
    expect(t.server.requests.map((r) => r.key)).toEqual(['k1', 'k1', 'k2']);
  });

  it('keeps the jitter within its bounds and never lets the wait shrink', () => {
    let previousHigh = 0;
    for (let attempts = 1; attempts < 25; attempts++) {
      const ceiling = Math.min(10 * 60_000, BACKOFF_BASE_MS * 2 ** (attempts - 1));
      const low = backoffDelay(attempts, () => 0);
      const high = backoffDelay(attempts, () => 0.999999);
      expect(low).toBe(ceiling / 2);
      expect(high).toBeLessThanOrEqual(ceiling);
      for (let i = 0; i < 20; i++) {
        const wait = backoffDelay(attempts);
        expect(wait).toBeGreaterThanOrEqual(low);
        expect(wait).toBeLessThanOrEqual(high);
      }
      expect(low).toBeGreaterThanOrEqual(Math.min(previousHigh, ceiling / 2));
      previousHigh = high;
    }
  });

  it('moves a 4xx and a 409 to needs attention, keeps sending the rest, and never drops them', async () => {
    const t = await setup((r) => {
      const email = (r.body as { email: string }).email;
      if (email === 'bad')
        return {
          status: 400,
          body: { message: 'Invalid', fields: { email: 'Enter a valid email address.' } },
        };
      if (email === 'conflict')
        return { status: 409, body: { message: 'This key was used for another request.' } };
      return ok();
    });
    t.setOnline(false);
    await t.outbox.enqueue(newsletter, { email: 'bad' }, { idempotencyKey: 'k1' });
    await t.outbox.enqueue(newsletter, { email: 'conflict' }, { idempotencyKey: 'k2' });
    await t.outbox.enqueue(newsletter, { email: 'fine@x.org' }, { idempotencyKey: 'k3' });
    t.setOnline(true);
    await t.outbox.flush({ force: true });

    const snapshot = t.outbox.getSnapshot();
    expect(snapshot.pending).toBe(0);
    expect(snapshot.attention.map((e) => [e.id, e.lastError])).toEqual([
      ['k1', { status: 400, message: 'Invalid', fields: { email: 'Enter a valid email address.' } }],
      ['k2', { status: 409, message: 'This key was used for another request.' }],
    ]);
    // Later flushes leave them alone.
    await t.outbox.flush({ force: true });
    expect(t.server.requests).toHaveLength(3);
  });

  it('retries a needs-attention entry with an edited body under a new key', async () => {
    const t = await setup((r) =>
      (r.body as { email: string }).email === 'bad' ? { status: 400, body: { message: 'Invalid' } } : ok(),
    );
    await t.outbox.enqueue(newsletter, { email: 'bad' }, { idempotencyKey: 'k1' });
    await t.outbox.flush({ force: true });
    const [held] = t.outbox.getSnapshot().attention;

    const result = await t.outbox.retry(held!.id, { email: 'good@x.org' });

    expect(result).toEqual({ status: 'sent', response: { message: 'Thanks!' } });
    expect(t.server.requests.at(-1)!.body).toEqual({ email: 'good@x.org' });
    expect(t.server.requests.at(-1)!.key).not.toBe('k1');
    expect(await t.outbox.entries()).toEqual([]);
  });

  it("hands a retry's answer over while its entry is still listed, so a list never shows neither", async () => {
    let refuse = true;
    const t = await setup(() => (refuse ? { status: 422, body: { message: 'Not yet' } } : ok()));
    await t.outbox.enqueue(newsletter, { email: 'x@x.org' }, { idempotencyKey: 'k1' });
    await t.outbox.flush({ force: true });
    refuse = false;
    const seen: { response: unknown; listed: string[] }[] = [];
    const result = await t.outbox.retry('k1', undefined, (response) =>
      seen.push({ response, listed: t.outbox.getSnapshot().waiting.map((e) => e.id) }),
    );
    expect(result).toEqual({ status: 'sent', response: { message: 'Thanks!' } });
    expect(seen).toEqual([{ response: { message: 'Thanks!' }, listed: ['k1'] }]);
    expect(await t.outbox.entries()).toEqual([]);
    expect(t.outbox.getSnapshot()).toMatchObject({ waiting: [], attention: [] });
  });

  it('keeps a retried entry in needs attention when it is refused again', async () => {
    const t = await setup(() => ({ status: 422, body: { message: 'Still wrong' } }));
    await t.outbox.enqueue(newsletter, { email: 'x' }, { idempotencyKey: 'k1' });
    await t.outbox.flush({ force: true });
    expect(await t.outbox.retry('k1')).toEqual({
      status: 'rejected',
      error: { status: 422, message: 'Still wrong' },
    });
    expect(t.outbox.getSnapshot().attention.map((e) => e.id)).toEqual(['k1']);
  });

  it('hands a 4xx back to the form that submitted it and lets the entry go; queues on a 5xx', async () => {
    const answers: Reply[] = [
      { status: 429, body: { message: 'Too many attempts.' } },
      { status: 500, body: { message: 'Oops' } },
    ];
    const t = await setup(() => answers.shift() ?? ok());
    expect(await t.outbox.submit(newsletter, { email: 'a@x.org' }, { idempotencyKey: 'k1' })).toEqual({
      status: 'rejected',
      error: { status: 429, message: 'Too many attempts.' },
    });
    expect(await t.outbox.entries()).toEqual([]);
    expect(await t.outbox.submit(newsletter, { email: 'a@x.org' }, { idempotencyKey: 'k1' })).toEqual({
      status: 'queued',
      reason: 'server',
    });
    t.setOnline(false);
    expect(await t.outbox.submit(newsletter, { email: 'b@x.org' }, { idempotencyKey: 'k2' })).toEqual({
      status: 'queued',
      reason: 'offline',
    });
    expect((await t.outbox.entries()).map((e) => e.id)).toEqual(['k1', 'k2']);
  });

  it('retries a 429 in the background after its Retry-After rather than asking the user', async () => {
    const answers: Reply[] = [
      { status: 429, body: { message: 'Slow down' }, headers: { 'Retry-After': '3600' } },
    ];
    const t = await setup(() => answers.shift() ?? ok());
    await t.outbox.enqueue(newsletter, { email: 'a@x.org' }, { idempotencyKey: 'k1' });
    await t.outbox.flush({ force: true });
    const [entry] = await t.outbox.entries();
    expect(entry).toMatchObject({ status: 'pending', nextAttemptAt: t.now() + 3_600_000 });
  });

  it('keeps an entry whose session expired (401) for when its user signs in again', async () => {
    const answers: Reply[] = [{ status: 401, body: { message: 'Session expired.' } }];
    let session: OutboxSession = { userId: 'u1', token: 'expired' };
    const t = await setup(() => answers.shift() ?? ok(), { session: undefined });
    const box = createOutbox({
      store: createOutboxStore(`outbox-test-${dbCount}`),
      baseUrl: () => `${t.server.url}/api`,
      session: () => session,
      channelName: null,
      storage: null,
    });
    cleanups.push(() => box.dispose());
    await box.enqueue(report, { text: 'mine' }, { idempotencyKey: 'r1' });
    await box.flush({ force: true });
    expect(await box.entries()).toMatchObject([{ id: 'r1', status: 'pending' }]);

    session = { userId: null, token: null };
    await box.flush({ force: true });
    expect(t.server.requests).toHaveLength(1);

    session = { userId: 'u1', token: 'fresh' };
    await box.flush({ force: true });
    expect(t.server.requests.map((r) => r.authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(await box.entries()).toEqual([]);
  });

  it('sends the bearer token only with the signed-in user’s own entries', async () => {
    const t = await setup(ok, { session: { userId: 'u1', token: 'tok-1' } });
    t.setOnline(false);
    await t.outbox.enqueue(report, { text: 'mine' }, { idempotencyKey: 'mine' });
    await t.outbox.enqueue(newsletter, { email: 'a@x.org' }, { idempotencyKey: 'anon', userId: null });
    t.setOnline(true);
    await t.outbox.flush({ force: true });
    expect(t.server.requests.map((r) => [r.key, r.authorization])).toEqual([
      ['mine', 'Bearer tok-1'],
      ['anon', undefined],
    ]);
  });

  it('never sends an entry twice when two tabs flush at once (storage lease)', async () => {
    const t = await setup(
      async () => {
        await new Promise((r) => setTimeout(r, 20));
        return ok();
      },
      { tryLock: storageLeaseLocks(localStorage) },
    );
    t.setOnline(false);
    for (let i = 0; i < 5; i++)
      await t.outbox.enqueue(newsletter, { email: `${i}@x.org` }, { idempotencyKey: `k${i}` });
    t.setOnline(true);
    const other = t.secondTab();
    await Promise.all([
      t.outbox.flush({ force: true }),
      other.flush({ force: true }),
      t.outbox.flush({ force: true }),
    ]);
    expect(t.server.requests.map((r) => r.key).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
  });

  it('never sends an entry twice when two tabs flush at once (Web Locks)', async () => {
    // Web Locks' ifAvailable semantics, shared by both "tabs" as the browser would.
    const held = new Set<string>();
    const locks: LockManagerLike = {
      async request(name, _options, callback) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    const t = await setup(
      async () => {
        await new Promise((r) => setTimeout(r, 20));
        return ok();
      },
      { tryLock: webLocks(locks) },
    );
    t.setOnline(false);
    for (let i = 0; i < 4; i++)
      await t.outbox.enqueue(newsletter, { email: `${i}@x.org` }, { idempotencyKey: `k${i}` });
    t.setOnline(true);
    const other = t.secondTab();
    // The second tab's form submit races the first tab's flush for the same entry.
    await Promise.all([t.outbox.flush({ force: true }), other.flush({ force: true })]);
    expect(t.server.requests.map((r) => r.key)).toEqual(['k0', 'k1', 'k2', 'k3']);
  });

  it('clears one user’s entries and leaves other users’ and anonymous ones', async () => {
    const t = await setup(ok);
    t.setOnline(false);
    await t.outbox.enqueue(report, { text: 'a' }, { idempotencyKey: 'a1', userId: 'alice' });
    await t.outbox.enqueue(report, { text: 'b' }, { idempotencyKey: 'b1', userId: 'bob' });
    await t.outbox.enqueue(newsletter, { email: 'n@x.org' }, { idempotencyKey: 'n1', userId: null });
    const store = createOutboxStore(`outbox-test-${dbCount}`);
    await store.put({
      ...(await store.get('a1'))!,
      id: 'a2',
      createdAt: t.now() + 10,
      status: 'attention',
      lastError: { status: 400, message: 'Invalid' },
    });
    expect(await t.outbox.countUnsentForUser('alice')).toBe(2);

    await t.outbox.clearOutboxForUser('alice');

    expect(await t.outbox.countUnsentForUser('alice')).toBe(0);
    const left = await store.all();
    expect(left.map((e) => e.id)).toEqual(['b1', 'n1']);
  });

  describe('order keys', () => {
    const chat: OutboxAction = { kind: 'chat', method: 'POST', url: '/chat', label: 'Message' };
    const bodyOf = (r: ReceivedRequest) => (r.body as { text: string }).text;

    it('never lets a later entry with the same key overtake an older one that waits out a backoff', async () => {
      const answers = new Map<string, Reply[]>([['a1', [{ status: 503, body: { message: 'Busy' } }]]]);
      const t = await setup((r) => answers.get(bodyOf(r))?.shift() ?? ok());
      t.setOnline(false);
      await t.outbox.enqueue(chat, { text: 'a1' }, { idempotencyKey: 'k1', orderKey: 'c1' });
      await t.outbox.enqueue(chat, { text: 'a2' }, { idempotencyKey: 'k2', orderKey: 'c1' });
      await t.outbox.enqueue(chat, { text: 'b1' }, { idempotencyKey: 'k3', orderKey: 'c2' });
      await t.outbox.enqueue(newsletter, { text: 'n' }, { idempotencyKey: 'k4' });
      t.setOnline(true);
      await t.outbox.flush({ force: true });
      // a1 failed: a2 waits behind it; another key and an unkeyed entry go on.
      expect(t.server.requests.map(bodyOf)).toEqual(['a1', 'b1', 'n']);
      // The timer's flush before a1 is due sends nothing, a2 included (it is due, but blocked).
      await t.outbox.flush();
      expect(t.server.requests).toHaveLength(3);
      t.advance(BACKOFF_BASE_MS);
      await t.outbox.flush();
      expect(t.server.requests.map(bodyOf)).toEqual(['a1', 'b1', 'n', 'a1', 'a2']);
      expect(await t.outbox.entries()).toEqual([]);
    });

    it('holds the later entries of a key behind one that needs attention until it is retried or removed', async () => {
      const t = await setup((r) =>
        bodyOf(r) === 'bad' ? { status: 400, body: { message: 'Invalid' } } : ok(),
      );
      t.setOnline(false);
      await t.outbox.enqueue(chat, { text: 'bad' }, { idempotencyKey: 'k1', orderKey: 'c1' });
      await t.outbox.enqueue(chat, { text: 'next' }, { idempotencyKey: 'k2', orderKey: 'c1' });
      t.setOnline(true);
      await t.outbox.flush({ force: true });
      expect(t.server.requests.map(bodyOf)).toEqual(['bad']);
      expect(t.outbox.getSnapshot()).toMatchObject({ pending: 1, attention: [{ id: 'k1' }] });
      await t.outbox.flush({ force: true });
      expect(t.server.requests).toHaveLength(1);

      await t.outbox.remove('k1');
      await t.outbox.flush({ force: true });
      expect(t.server.requests.map(bodyOf)).toEqual(['bad', 'next']);
    });

    it('keeps the order for a write submitted while an older one of its key waits', async () => {
      const t = await setup(ok);
      t.setOnline(false);
      await t.outbox.enqueue(chat, { text: 'first' }, { idempotencyKey: 'k1', orderKey: 'c1' });
      t.setOnline(true);
      const result = await t.outbox.submit(
        chat,
        { text: 'second' },
        { idempotencyKey: 'k2', orderKey: 'c1' },
      );
      expect(result).toEqual({ status: 'queued', reason: 'server' });
      expect(t.server.requests).toHaveLength(0);
      await t.outbox.flush({ force: true });
      expect(t.server.requests.map(bodyOf)).toEqual(['first', 'second']);
    });

    it('orders by key per user: another account’s entries never block this one’s', async () => {
      const t = await setup(ok, { session: { userId: 'u2', token: 't2' } });
      t.setOnline(false);
      await t.outbox.enqueue(
        chat,
        { text: 'theirs' },
        { idempotencyKey: 'k1', orderKey: 'c1', userId: 'u1' },
      );
      await t.outbox.enqueue(chat, { text: 'mine' }, { idempotencyKey: 'k2', orderKey: 'c1' });
      t.setOnline(true);
      await t.outbox.flush({ force: true });
      expect(t.server.requests.map(bodyOf)).toEqual(['mine']);
    });

    it('takes the key from the action’s orderKey(body) and stores a quiet action’s entries as quiet', async () => {
      const t = await setup(ok);
      t.setOnline(false);
      const box = t.outbox;
      const action = defineOutboxAction<{ conversationId: string; text: string }>(
        { ...chat, quiet: true, orderKey: (body) => body.conversationId },
        box,
      );
      await action.enqueue({ conversationId: 'c9', text: 'hi' }, { idempotencyKey: 'k1' });
      expect(await box.entries()).toMatchObject([{ id: 'k1', orderKey: 'c9', quiet: true }]);
    });
  });
});
