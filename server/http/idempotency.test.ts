import { and, eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, idempotencyKeys, mailOutbox, newsletterSubscribers } from '../db/schema';
import { newId } from '../services/ids';
import { purgeExpiredIdempotencyKeys } from '../services/idempotency-purge';
import { call, createTestApp, type TestApp } from '../testing/test-app';
import pino from 'pino';
import { createMailer } from '../services/mailer';
import type { AppBindings, AuthUser } from './context';
import { errorResponse } from './errors';
import { idempotency } from './idempotency';
import { requestDb } from './request-db';
import { createRouter } from './router';

let t: TestApp;
let seq = 0;
const freshEmail = (label: string) => `${label}.${Date.now()}.${++seq}@example.org`;
const freshKey = () => crypto.randomUUID();

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

// Each test from its own client IP, so the marketing rate limits never interfere.
let testIp = 0;
beforeEach(() => {
  testIp++;
});
const post = (path: string, body: unknown, key?: string) =>
  call(t.app, 'POST', `/api/marketing${path}`, body, undefined, {
    'x-forwarded-for': `198.51.100.${testIp}`,
    ...(key !== undefined && { 'idempotency-key': key }),
  });

const subscribers = (email: string) =>
  t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
const storedKey = (key: string) => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

describe('Idempotency-Key on POST /api/marketing/newsletter', () => {
  it('replays the first answer for the same key and payload, and creates no second row', async () => {
    const key = freshKey();
    const email = freshEmail('replay');
    const first = await post('/newsletter', { email }, key);
    const again = await post('/newsletter', { email }, key);

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(await subscribers(email)).toHaveLength(1);
    expect(await storedKey(key)).toMatchObject([{ scope: 'anonymous', responseStatus: 201 }]);
  });

  it('answers 409 for the same key with a different payload and writes nothing', async () => {
    const key = freshKey();
    await post('/newsletter', { email: freshEmail('first') }, key);
    const other = freshEmail('changed');
    const res = await post('/newsletter', { email: other }, key);

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'idempotency_key_reused', message: expect.any(String) });
    expect(await subscribers(other)).toHaveLength(0);
  });

  it('does not store a 4xx answer: a corrected retry with the same key succeeds', async () => {
    const key = freshKey();
    const bad = await post('/newsletter', { email: 'not-an-email' }, key);
    expect(bad.status).toBe(400);
    expect(await storedKey(key)).toHaveLength(0);

    const email = freshEmail('corrected');
    const good = await post('/newsletter', { email }, key);
    expect(good.status).toBe(201);
    expect(await subscribers(email)).toHaveLength(1);
  });

  it('lets concurrent requests with the same key create exactly one row', async () => {
    const key = freshKey();
    const email = freshEmail('race');
    const results = await Promise.all(Array.from({ length: 6 }, () => post('/newsletter', { email }, key)));

    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    for (const r of results) expect(r.body).toEqual(results[0]?.body);
    expect(await subscribers(email)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['with a space', 'has space'],
    ['over 255 characters', 'k'.repeat(256)],
  ])('refuses a malformed key (%s) with a 400 in the error shape', async (_label, key) => {
    const email = freshEmail('malformed');
    const res = await post('/newsletter', { email }, key);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'idempotency_key_invalid', message: expect.any(String) });
    expect(await subscribers(email)).toHaveLength(0);
  });

  it('accepts a 255-character key and the quoted structured-field form', async () => {
    expect((await post('/newsletter', { email: freshEmail('long') }, 'k'.repeat(255))).status).toBe(201);
    const key = freshKey();
    const email = freshEmail('quoted');
    await post('/newsletter', { email }, `"${key}"`);
    const again = await post('/newsletter', { email }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('passes requests without a key through unchanged', async () => {
    const email = freshEmail('nokey');
    expect((await post('/newsletter', { email })).status).toBe(201);
    expect((await post('/newsletter', { email })).status).toBe(200);
  });
});

describe('Idempotency-Key on POST /api/marketing/contact', () => {
  it('stores one message and mails once however often it is replayed', async () => {
    const key = freshKey();
    const email = freshEmail('contact');
    const body = { name: 'Ada', email, subject: 'Hello', message: 'A message long enough to pass.' };
    const first = await post('/contact', body, key);
    const again = await post('/contact', body, key);

    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(1);
  });
});

/** A route that writes a row, then fails or succeeds as asked; and a fake sign-in by header. */
function failingApp() {
  const fakeUser = createMiddleware<AppBindings>(async (c, next) => {
    const id = c.req.header('x-user');
    if (id) c.set('user', { id } as AuthUser);
    await next();
  });
  const app = createRouter();
  const mailer = createMailer({ db: t.db, logger: pino({ level: 'silent' }), from: t.env.MAIL_FROM });
  app.use('*', requestDb({ db: t.db, mailer }));
  app.post('/write', fakeUser, idempotency(), async (c) => {
    const { email, fail, slow } = await c.req.json<{ email: string; fail?: number; slow?: boolean }>();
    await c.var.db.insert(newsletterSubscribers).values({ id: newId(), email });
    // Holds the transaction open, so a same-key request surely arrives while it runs.
    if (slow) await c.var.db.execute(sql`select pg_sleep(0.3)`);
    if (fail === 500) throw new Error('boom after the write');
    if (fail) return c.json({ message: 'refused', code: 'refused' }, 422);
    return c.body(null, 204);
  });
  app.onError((err, c) => errorResponse(c, err, { error: () => undefined } as never));
  return app;
}
const write = (app: ReturnType<typeof failingApp>, body: unknown, key: string, user?: string) =>
  app.request('/write', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(user && { 'x-user': user }) },
    body: JSON.stringify(body),
  });

describe('the idempotency transaction', () => {
  it.each([500, 422])('rolls back the writes of a %i answer and keeps the key free', async (fail) => {
    const app = failingApp();
    const key = freshKey();
    const email = freshEmail(`fail${fail}`);
    expect((await write(app, { email, fail }, key)).status).toBe(fail);
    expect(await subscribers(email)).toHaveLength(0);
    expect(await storedKey(key)).toHaveLength(0);

    const retry = await write(app, { email }, key);
    expect(retry.status).toBe(204);
    expect(await subscribers(email)).toHaveLength(1);
    const replay = await write(app, { email }, key);
    expect(replay.status).toBe(204);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await subscribers(email)).toHaveLength(1);
  });

  it('makes a same-key request that arrives mid-write wait, then replay the committed answer', async () => {
    const app = failingApp();
    const key = freshKey();
    const email = freshEmail('slow');
    const [first, second] = await Promise.all([
      write(app, { email, slow: true }, key),
      new Promise((r) => setTimeout(r, 50)).then(() => write(app, { email, slow: true }, key)),
    ]);
    expect([first.status, second.status]).toEqual([204, 204]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await subscribers(email)).toHaveLength(1);
  });

  it('scopes keys to the signed-in user', async () => {
    const app = failingApp();
    const key = freshKey();
    const a = freshEmail('user-a');
    const b = freshEmail('user-b');
    expect((await write(app, { email: a }, key, 'usera')).status).toBe(204);
    const other = await write(app, { email: b }, key, 'userb');
    expect(other.status).toBe(204);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(
      await t.db
        .select({ scope: idempotencyKeys.scope })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key))
        .orderBy(idempotencyKeys.scope),
    ).toEqual([{ scope: 'user:usera' }, { scope: 'user:userb' }]);
  });
});

describe('purgeExpiredIdempotencyKeys', () => {
  it('removes only keys older than 30 days', async () => {
    const old = freshKey();
    const recent = freshKey();
    const row = (key: string, daysAgo: number) => ({
      scope: 'anonymous',
      key,
      requestHash: 'x',
      responseStatus: 201,
      responseBody: '{}',
      createdAt: sql`now() - (${daysAgo}::int * interval '1 day')`,
    });
    await t.db.insert(idempotencyKeys).values([row(old, 31), row(recent, 29)]);

    expect(await purgeExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, 'anonymous'), sql`${idempotencyKeys.key} in (${old}, ${recent})`));
    expect(left).toEqual([{ key: recent }]);
  });
});

describe('OpenAPI', () => {
  it('documents the Idempotency-Key header and the 409 on both forms', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as unknown as {
      paths: Record<string, { post: { parameters?: { name: string; in: string }[]; responses: object } }>;
    };
    for (const path of ['/api/marketing/newsletter', '/api/marketing/contact']) {
      const op = doc.paths[path]!.post;
      expect(op.parameters).toContainEqual(
        expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
      );
      expect(op.responses).toHaveProperty('409');
    }
  });
});
