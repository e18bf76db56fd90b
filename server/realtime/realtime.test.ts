import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_UNAUTHORIZED, type Message } from '../../contract/chat';
import { users } from '../db/schema';
import { CHAT_EVENTS_CHANNEL, publishChatEvent } from '../services/chat-events';
import { call, createTestApp, type TestApp } from '../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../testing/users';
import { openTestSocket, signedInSocket, type TestSocket } from '../testing/socket-client';
import { attachRealtime, REALTIME_PATH, SOCKET_FRAME_MAX_BYTES, type Realtime } from './attach-realtime';
import { CLOSE_GOING_AWAY, CLOSE_SERVICE_RESTART, CLOSE_TOO_BIG } from './socket-hub';

/*
 * The team chat socket in one process (ADR 0046): the app and the hub on a real HTTP server over the
 * test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). What must never arrive is proven by a
 * later event that does: one process delivers its events in the order they were committed.
 */

let t: TestApp;
let server: ServerType;
let realtime: Realtime;
let url = '';
let httpUrl = '';
let alice: TestUser; // member of the private channel
let bob: TestUser; // member of the private channel
let carol: TestUser; // same NGO, not a member of the private channel
let dave: TestUser; // another NGO
let privateId = '';
let publicId = '';
let otherNgoPublicId = '';
const sockets: TestSocket[] = [];

async function socketOf(user: TestUser) {
  const socket = await signedInSocket(url, user.token);
  sockets.push(socket);
  return socket;
}

async function createChannel(
  owner: TestUser,
  name: string,
  visibility: 'public' | 'private',
  memberIds: string[],
) {
  const res = await call(
    t.app,
    'POST',
    '/api/chat/conversations',
    { kind: 'channel', name, visibility, memberIds },
    owner.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function post(author: TestUser, conversationId: string, body: string): Promise<Message> {
  const res = await call(
    t.app,
    'POST',
    `/api/chat/conversations/${conversationId}/messages`,
    { clientId: randomUUID(), body },
    author.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Message;
}

const messageWithBody = (body: string) => (e: { message: Message }) => e.message.body === body;

beforeAll(async () => {
  t = await createTestApp();
  const ngoId = await createTestNgo(t, 'Socket Relief');
  const otherNgoId = await createTestNgo(t, 'Other Relief');
  alice = await createTestUser(t, { ngoId, role: 'STAFF', name: 'Alice' });
  bob = await createTestUser(t, { ngoId, role: 'STAFF', name: 'Bob' });
  carol = await createTestUser(t, { ngoId, role: 'VOLUNTEER', name: 'Carol' });
  dave = await createTestUser(t, { ngoId: otherNgoId, role: 'STAFF', name: 'Dave' });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  httpUrl = `http://127.0.0.1:${port}`;
  url = `ws://127.0.0.1:${port}${REALTIME_PATH}`;
  realtime = await attachRealtime({
    server,
    database: t.handle,
    jwt: t.jwt,
    logger: pino({ level: 'silent' }),
    publicUrl: t.env.PUBLIC_URL,
    options: { authTimeoutMs: 300, typingIntervalMs: 60_000 },
  });
  privateId = await createChannel(alice, 'field-team', 'private', [bob.id]);
  publicId = await createChannel(alice, 'general', 'public', []);
  otherNgoPublicId = await createChannel(dave, 'general', 'public', []);
}, 60_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await realtime?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe('signing in on the socket', () => {
  it('closes with 4401 for a bad token', async () => {
    const socket = await openTestSocket(url);
    socket.send({ type: 'auth', token: 'not-a-token' });
    expect((await socket.closed).code).toBe(SOCKET_UNAUTHORIZED);
  });

  it('closes with 4401 for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ngo: alice.ngoId, role: alice.role, sv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.env.JWT_SECRET));
    const socket = await openTestSocket(url);
    socket.send({ type: 'auth', token: expired });
    expect((await socket.closed).code).toBe(SOCKET_UNAUTHORIZED);
  });

  it('closes with 4401 when no auth frame comes in time', async () => {
    const socket = await openTestSocket(url);
    expect((await socket.closed).code).toBe(SOCKET_UNAUTHORIZED);
    expect(socket.events).toEqual([]);
  });

  it('closes with 4401 when the first frame is not the auth frame', async () => {
    const socket = await openTestSocket(url);
    socket.send({ type: 'ping' });
    expect((await socket.closed).code).toBe(SOCKET_UNAUTHORIZED);
  });

  it("answers a valid token with 'ready' and the user's id, and pings with pongs", async () => {
    const socket = await socketOf(alice);
    expect(socket.events[0]).toEqual({ type: 'ready', userId: alice.id });
    socket.send('{ not json');
    socket.send({ type: 'what-is-this' });
    socket.send({ type: 'ping' });
    await socket.waitFor('pong');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('closes with 4401 once the session is revoked (a password reset bumps its version)', async () => {
    const erin = await createTestUser(t, { ngoId: alice.ngoId, role: 'STAFF', name: 'Erin' });
    const socket = await socketOf(erin);
    await realtime.hub.checkSessionsNow();
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await t.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, erin.id));
    await realtime.hub.checkSessionsNow();
    expect((await socket.closed).code).toBe(SOCKET_UNAUTHORIZED);
  });

  it('refuses a deactivated account', async () => {
    const frank = await createTestUser(t, { ngoId: alice.ngoId, role: 'STAFF', name: 'Frank' });
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, frank.id));
    const socket = await openTestSocket(url);
    socket.send({ type: 'auth', token: frank.token });
    expect((await socket.closed).code).toBe(SOCKET_UNAUTHORIZED);
  });
});

describe('the upgrade', () => {
  it("refuses another site's page (Origin) and accepts the app's own or none", async () => {
    await expect(openTestSocket(url, { origin: 'https://evil.example' })).rejects.toThrow('refused: 403');
    const own = await openTestSocket(url, { origin: httpUrl });
    const configured = await openTestSocket(url, { origin: new URL(t.env.PUBLIC_URL).origin });
    await Promise.all([own.close(), configured.close()]);
  });

  it('drops an upgrade to any other path', async () => {
    await expect(openTestSocket(`ws://${new URL(url).host}/api/other`)).rejects.toThrow();
  });

  it('closes a socket that sends a frame over 16 KB (1009)', async () => {
    const socket = await socketOf(alice);
    socket.send({ type: 'typing', conversationId: 'x'.repeat(SOCKET_FRAME_MAX_BYTES) });
    expect((await socket.closed).code).toBe(CLOSE_TOO_BIG);
  });
});

describe('delivery', () => {
  it("sends a private channel's message to its members, never to another member of the NGO or another NGO", async () => {
    const [a, b, c, d] = await Promise.all([socketOf(alice), socketOf(bob), socketOf(carol), socketOf(dave)]);
    const secret = await post(alice, privateId, 'private plans');
    const atBob = await b.waitFor('message', messageWithBody('private plans'));
    expect(atBob.message).toMatchObject({
      id: secret.id,
      conversationId: privateId,
      seq: secret.seq,
      rev: secret.rev,
    });
    await a.waitFor('message', messageWithBody('private plans'));

    // Later messages each of them may read: when these arrive, the private one would have come first.
    await post(carol, publicId, 'public news');
    await post(dave, otherNgoPublicId, 'other news');
    await c.waitFor('message', messageWithBody('public news'));
    await d.waitFor('message', messageWithBody('other news'));
    await a.waitFor('message', messageWithBody('public news'));
    expect(c.ofType('message').map((e) => e.message.body)).toEqual(['public news']);
    expect(d.ofType('message').map((e) => e.message.body)).toEqual(['other news']);
    expect(a.ofType('message').map((e) => e.message.body)).not.toContain('other news');
    await Promise.all([a, b, c, d].map((s) => s.close()));
  });

  it('sends typing to the readers of the conversation but the typer, at most once per interval, and never to others', async () => {
    const [a, b, c] = await Promise.all([socketOf(alice), socketOf(bob), socketOf(carol)]);
    b.send({ type: 'typing', conversationId: privateId });
    b.send({ type: 'typing', conversationId: privateId });
    // Carol may not read the private channel: her typing there goes nowhere.
    c.send({ type: 'typing', conversationId: privateId });
    const typing = await a.waitFor('typing');
    expect(typing).toEqual({ type: 'typing', conversationId: privateId, userId: bob.id, name: 'Bob' });
    // A socket's frames are handled in order: once these pongs are back, the typing frames were handled.
    b.send({ type: 'ping' });
    c.send({ type: 'ping' });
    await Promise.all([b.waitFor('pong'), c.waitFor('pong')]);

    await post(alice, privateId, 'after typing');
    await post(alice, publicId, 'marker');
    await a.waitFor('message', messageWithBody('marker'));
    await b.waitFor('message', messageWithBody('marker'));
    await c.waitFor('message', messageWithBody('marker'));
    expect(a.ofType('typing')).toHaveLength(1);
    expect(b.ofType('typing')).toEqual([]);
    expect(c.ofType('typing')).toEqual([]);
    await Promise.all([a, b, c].map((s) => s.close()));
  });

  it("tells a member added to a private channel and one removed from it, but no one else; 'read' only to the reader", async () => {
    const henry = await createTestUser(t, { ngoId: alice.ngoId, role: 'STAFF', name: 'Henry' });
    const channelId = await createChannel(alice, 'planning', 'private', [bob.id]);
    const [a, a2, b, c, h] = await Promise.all([
      socketOf(alice),
      socketOf(alice),
      socketOf(bob),
      socketOf(carol),
      socketOf(henry),
    ]);
    const added = await call(
      t.app,
      'POST',
      `/api/chat/conversations/${channelId}/members`,
      { userIds: [henry.id] },
      alice.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await h.waitFor('conversation', (e) => e.conversationId === channelId);
    await b.waitFor('conversation', (e) => e.conversationId === channelId);
    const removed = await call(
      t.app,
      'DELETE',
      `/api/chat/conversations/${channelId}/members/${henry.id}`,
      undefined,
      alice.token,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    // A second event for the channel: Henry, no longer a member, still learns to drop it.
    const ofChannel = () => h.ofType('conversation').filter((e) => e.conversationId === channelId);
    await h.waitFor('conversation', (e) => ofChannel().indexOf(e) === 1);

    const sent = await post(bob, channelId, 'read me');
    await a.waitFor('message', messageWithBody('read me'));
    const read = await call(
      t.app,
      'POST',
      `/api/chat/conversations/${channelId}/read`,
      { seq: sent.seq },
      alice.token,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(await a2.waitFor('read')).toEqual({
      type: 'read',
      conversationId: channelId,
      lastReadSeq: sent.seq,
    });
    await a.waitFor('read');

    await post(alice, publicId, 'planning marker');
    await Promise.all([b, c, h].map((s) => s.waitFor('message', messageWithBody('planning marker'))));
    expect(c.ofType('conversation').filter((e) => e.conversationId === channelId)).toEqual([]);
    expect(c.ofType('message').map((e) => e.message.body)).toEqual(['planning marker']);
    expect(h.ofType('message').map((e) => e.message.body)).toEqual(['planning marker']);
    expect(b.ofType('read')).toEqual([]);
    await Promise.all([a, a2, b, c, h].map((s) => s.close()));
  });

  it('sends nothing for a write that rolled back', async () => {
    const a = await socketOf(alice);
    const sent = await post(bob, privateId, 'committed once');
    await a.waitFor('message', messageWithBody('committed once'));
    await expect(
      t.db.transaction(async (tx) => {
        await publishChatEvent(tx, {
          kind: 'message',
          ngoId: alice.ngoId,
          conversationId: privateId,
          messageId: sent.id,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await post(bob, privateId, 'next one');
    await a.waitFor('message', messageWithBody('next one'));
    expect(a.ofType('message').map((e) => e.message.body)).toEqual(['committed once', 'next one']);
    await a.close();
  });

  it('ignores a malformed notification', async () => {
    const a = await socketOf(alice);
    await t.db.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, 'not json')`);
    await t.db.execute(
      sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify({ kind: 'message', ngoId: alice.ngoId })})`,
    );
    await post(bob, privateId, 'still working');
    await a.waitFor('message', messageWithBody('still working'));
    await a.close();
  });

  it("tells the NGO when a member's first socket opens and their last one closes", async () => {
    const a = await socketOf(alice);
    const grace = await createTestUser(t, { ngoId: alice.ngoId, role: 'STAFF', name: 'Grace' });
    const first = await socketOf(grace);
    const second = await socketOf(grace);
    await a.waitFor('presence', (e) => e.userId === grace.id && e.online);
    // Grace learns who was online already (on this process).
    await first.waitFor('presence', (e) => e.userId === alice.id && e.online);
    await first.close();
    await second.close();
    await a.waitFor('presence', (e) => e.userId === grace.id && !e.online);
    expect(a.ofType('presence').filter((e) => e.userId === grace.id)).toHaveLength(2);
    await a.close();
  });
});

describe('reconnects and shutdown', () => {
  it('closes every socket with 1012 when the LISTEN connection was reopened, so clients catch up', async () => {
    const a = await socketOf(alice);
    const b = await socketOf(bob);
    realtime.hub.listenerReconnected();
    expect((await a.closed).code).toBe(CLOSE_SERVICE_RESTART);
    expect((await b.closed).code).toBe(CLOSE_SERVICE_RESTART);
  });

  it('closes every socket with 1001 on shutdown and takes no new ones', async () => {
    const a = await socketOf(alice);
    await realtime.close();
    expect((await a.closed).code).toBe(CLOSE_GOING_AWAY);
    expect(realtime.hub.size).toBe(0);
    await expect(openTestSocket(url)).rejects.toThrow();
  });
});
