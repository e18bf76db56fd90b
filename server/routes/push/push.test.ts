import { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions } from '../../db/schema/push';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startPushStandIn, type PushStandIn, type PushSubscriptionJson } from '../../testing/push-stand-in';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { createPushSender, generateVapidKeys } from '../../services/push/push-sender';
import { chatClient, type ChatClient } from '../chat/chat-testing';

/*
 * Web Push end to end: subscriptions kept per device, and a mention or a direct message reaching the
 * local push service signed (VAPID) and encrypted (aes128gcm) as a browser's push service requires;
 * the stand-in decrypts it with the device's keys, as the browser would.
 */

let t: TestApp;
let chat: ChatClient;
let push: PushStandIn;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;

beforeAll(async () => {
  push = await startPushStandIn();
  const env = { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' };
  const vapid = { ...generateVapidKeys(), subject: 'mailto:support@ngo-portal.example' };
  // The real adapter, trusting only the stand-in's certificate.
  const sender = createPushSender(vapid, pino({ level: 'silent' }), new Agent({ ca: push.ca }));
  t = await createTestApp(env, { push: sender });
  chat = chatClient(t);
  const ngo = await createTestNgo(t, 'Push Relief');
  ada = await createTestUser(t, { ngoId: ngo, role: 'STAFF', name: 'Ada Mukamana' });
  ben = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Ben Habimana' });
  cleo = await createTestUser(t, { ngoId: ngo, role: 'VIEWER', name: 'Cleo Uwase' });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const call = (method: string, path: string, user: TestUser | null, body?: unknown) =>
  t.app.request(`/api/push${path}`, {
    method,
    headers: {
      ...(user && { authorization: `Bearer ${user.token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const subscribe = async (user: TestUser, subscription: PushSubscriptionJson) =>
  expect((await call('PUT', '/subscriptions', user, subscription)).status).toBe(204);

const pushesTo = (subscription: PushSubscriptionJson) =>
  push.received.filter((p) => subscription.endpoint.endsWith(`/push/${p.subscriptionId}`));

describe('the key and subscriptions', () => {
  it('gives a signed-in device the VAPID public key, and nobody else', async () => {
    const answer = await call('GET', '/key', ben);
    expect(answer.status).toBe(200);
    const { publicKey } = (await answer.json()) as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/key', null)).status).toBe(401);
  });

  it('lets every role, of either NGO, register and remove its own device; without a session, 401', async () => {
    // There is no role a device may not be registered for: the matrix is every role allowed on its own
    // rows, nobody on another's (the last test below), and nothing without a session.
    const elsewhere = await createTestNgo(t, 'Push Elsewhere');
    const users = [
      ...Object.values(await createUserPerRole(t, ada.ngoId)),
      ...Object.values(await createUserPerRole(t, elsewhere)),
    ];
    for (const user of users) {
      const device = push.subscribe();
      expect((await call('GET', '/key', user)).status, user.role).toBe(200);
      expect((await call('PUT', '/subscriptions', user, device)).status, user.role).toBe(204);
      const rows = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.endpoint));
      expect(rows.map((r) => r.userId)).toEqual([user.id]);
      expect((await call('DELETE', '/subscriptions', user, { endpoint: device.endpoint })).status).toBe(204);
      expect(
        await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
      ).toHaveLength(0);
    }
    const device = push.subscribe();
    expect((await call('PUT', '/subscriptions', null, device)).status).toBe(401);
    expect((await call('DELETE', '/subscriptions', null, { endpoint: device.endpoint })).status).toBe(401);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toHaveLength(0);
  });

  it('refuses malformed subscriptions with field messages', async () => {
    const good = push.subscribe();
    const bad = await call('PUT', '/subscriptions', ben, { ...good, keys: { p256dh: 'short', auth: 'x' } });
    expect(bad.status).toBe(400);
    const { fields } = (await bad.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['keys.auth', 'keys.p256dh']);
    const notUrl = await call('PUT', '/subscriptions', ben, { ...good, endpoint: 'not a url' });
    expect(notUrl.status).toBe(400);
    expect((await call('PUT', '/subscriptions', null, good)).status).toBe(401);
  });

  it('refuses an endpoint on the server’s own network unless told it is a test', async () => {
    const strict = await createTestApp();
    try {
      const user = await createTestUser(strict, { ngoId: await createTestNgo(strict), role: 'STAFF' });
      const send = (endpoint: string) =>
        strict.app.request('/api/push/subscriptions', {
          method: 'PUT',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...push.subscribe(), endpoint }),
        });
      for (const endpoint of [
        'http://fcm.googleapis.com/fcm/send/x',
        'https://127.0.0.1/push/x',
        'https://[::1]/push/x',
        'https://localhost/push/x',
        'https://metadata/computeMetadata',
      ]) {
        const answer = await send(endpoint);
        expect(answer.status, endpoint).toBe(400);
        expect(((await answer.json()) as { fields: Record<string, string> }).fields.endpoint).toBe(
          'Endpoint must be an https address of a push service.',
        );
      }
      expect((await send('https://fcm.googleapis.com/fcm/send/abc')).status).toBe(204);
    } finally {
      await strict.close();
    }
  });
});

describe('pushes for chat', () => {
  it('pushes a direct message and a mention, signed and encrypted, and nothing else', async () => {
    const bensPhone = push.subscribe();
    const adasPhone = push.subscribe();
    await subscribe(ben, bensPhone);
    await subscribe(ada, adasPhone);

    const dm = await chat.direct(ada, [ben.id]);
    await chat.post(ada, dm.id, { body: 'Can you  open\nthe office at 8?' });
    await vi.waitFor(() => expect(pushesTo(bensPhone)).toHaveLength(1));
    expect(pushesTo(bensPhone)[0]!.payload).toEqual({
      title: 'Ada Mukamana',
      body: 'Can you open the office at 8?',
      url: `/team-chat?c=${dm.id}`,
      tag: `chat-${dm.id}`,
    });
    expect(pushesTo(bensPhone)[0]!.ttl).toBeGreaterThan(0);

    const channel = await chat.channel(ada, { name: 'field', memberIds: [ben.id, cleo.id] });
    await chat.post(ada, channel.id, { body: 'Morning all' });
    await chat.post(ben, channel.id, { body: 'Hi @Ada Mukamana', mentionIds: [ada.id] });
    await chat.post(ada, channel.id, { body: '@Ben Habimana bring the seeds', mentionIds: [ben.id] });
    await vi.waitFor(() => expect(pushesTo(bensPhone)).toHaveLength(2));
    await vi.waitFor(() => expect(pushesTo(adasPhone)).toHaveLength(1));
    expect(pushesTo(bensPhone)[1]!.payload).toMatchObject({
      title: 'Ada Mukamana mentioned you in #field',
      body: '@Ben Habimana bring the seeds',
    });
    expect(pushesTo(adasPhone)[0]!.payload).toMatchObject({ title: 'Ben Habimana mentioned you in #field' });
    // 'Morning all' mentioned nobody, and nobody is pushed their own message.
    expect(push.received.map((p) => (p.payload as { body: string }).body)).not.toContain('Morning all');
    expect(push.refused).toEqual([]);
  });

  it('forgets a subscription the push service calls gone', async () => {
    const old = push.subscribe();
    await subscribe(cleo, old);
    push.expire(old.endpoint);
    const dm = await chat.direct(ada, [cleo.id]);
    await chat.post(ada, dm.id, { body: 'Are you coming?' });
    await vi.waitFor(async () =>
      expect(
        await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, old.endpoint)),
      ).toEqual([]),
    );
    expect(push.refused.at(-1)).toMatchObject({ status: 410 });
  });

  it('moves a device to whoever signs in on it, and lets only its holder remove it (not a member of another NGO)', async () => {
    const shared = push.subscribe();
    await subscribe(ben, shared);
    await subscribe(cleo, shared);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([cleo.id]);
    // A member of another NGO cannot remove it either (the caller's own rows only: a no-op 204).
    const stranger = await createTestUser(t, { ngoId: await createTestNgo(t, 'Elsewhere'), role: 'ADMIN' });
    expect((await call('DELETE', '/subscriptions', stranger, { endpoint: shared.endpoint })).status).toBe(
      204,
    );
    expect((await call('DELETE', '/subscriptions', ben, { endpoint: shared.endpoint })).status).toBe(204);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint)),
    ).toHaveLength(1);
    expect((await call('DELETE', '/subscriptions', cleo, { endpoint: shared.endpoint })).status).toBe(204);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint)),
    ).toHaveLength(0);
  });
});
