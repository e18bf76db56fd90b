import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatErrorCodes, type Conversation, type Message } from '../../../contract/chat';
import { roles } from '../../../contract/roles';
import { files } from '../../db/schema';
import { storeFileAs } from '../../testing/files';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { chatClient, type ChatClient } from './chat-testing';

/*
 * Who reaches what (every role, two NGOs): chat:read and chat:write are every role's, so what decides
 * is membership and the organisation; chat:moderate (SUPER_ADMIN, ADMIN, NGO_ADMIN) manages channels
 * and deletes anyone's message. And bad input: 400 with `fields`.
 */

let t: TestApp;
let chat: ChatClient;
const everyRole = [...roles, 'admin'];
const moderators = new Set(['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN']);
/** NGO A: one user per role in nothing but the public channel (a), one per role in everything (inA). */
let a: Record<string, TestUser>;
let inA: Record<string, TestUser>;
let b: Record<string, TestUser>;
let host: TestUser;
let pub: Conversation;
let priv: Conversation;
let dmOther: Conversation;
const dms: Record<string, Conversation> = {};
let pubMessage: Message;
let privMessage: Message;

beforeAll(async () => {
  t = await createTestApp();
  chat = chatClient(t);
  const ngoA = await createTestNgo(t, 'Alpha Relief');
  a = await createUserPerRole(t, ngoA);
  inA = {};
  for (const role of everyRole)
    inA[role] = await createTestUser(t, { ngoId: ngoA, role, name: `${role} member` });
  b = await createUserPerRole(t, await createTestNgo(t, 'Bravo Aid'));
  host = await createTestUser(t, { ngoId: ngoA, role: 'STAFF', name: 'Hana Host' });
  const outsider = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Oscar Other' });
  pub = await chat.channel(host, { name: 'general', visibility: 'public' });
  priv = await chat.channel(host, {
    name: 'coordinators',
    visibility: 'private',
    memberIds: Object.values(inA).map((u) => u.id),
  });
  for (const role of everyRole) dms[role] = await chat.direct(host, [inA[role]!.id]);
  dmOther = await chat.direct(host, [outsider.id]);
  pubMessage = await chat.post(host, pub.id, { body: 'Welcome to general' });
  privMessage = await chat.post(host, priv.id, { body: 'Coordinators only' });
  await chat.post(host, dmOther.id, { body: 'Just us two' });
});
afterAll(() => t.close());

describe.each(everyRole)('a %s', (role) => {
  it('reads and writes the private channel and direct conversation they are in', async () => {
    const me = inA[role]!;
    expect((await chat.conversation(me, priv.id)).joined).toBe(true);
    expect((await chat.page(me, priv.id)).items.map((m) => m.body)).toContain('Coordinators only');
    await chat.post(me, priv.id, { body: `From ${role}` });
    await chat.react(me, privMessage.id, '👍', true);
    const dm = await chat.conversation(me, dms[role]!.id);
    expect(dm.name).toBe('Hana Host');
    await chat.post(me, dm.id, { body: 'Noted' });
    await chat.read(me, dm.id, 1);
  });

  it('gets 404 for a private channel or direct conversation they are not in', async () => {
    const me = a[role]!;
    for (const id of [priv.id, dmOther.id]) {
      await chat.expectStatus(chat.send('GET', `/conversations/${id}`, me), 404);
      await chat.expectStatus(chat.send('GET', `/conversations/${id}/messages`, me), 404);
      await chat.expectStatus(
        chat.send('POST', `/conversations/${id}/messages`, me, { clientId: randomUUID(), body: 'hi' }),
        404,
      );
      await chat.expectStatus(chat.send('POST', `/conversations/${id}/read`, me, { seq: 1 }), 404);
      await chat.expectStatus(
        chat.send('POST', `/conversations/${id}/members`, me, { userIds: [me.id] }),
        404,
      );
    }
    await chat.react(me, privMessage.id, '👍', true, 404);
    await chat.edit(me, privMessage.id, 'changed', 404);
    await chat.remove(me, privMessage.id, 404);
    const listed = (
      await chat.expectStatus<Conversation[]>(chat.send('GET', '/conversations?browse=true', me), 200)
    ).map((c) => c.id);
    expect(listed).toContain(pub.id);
    expect(listed).not.toContain(priv.id);
    expect(listed).not.toContain(dmOther.id);
  });

  it('reads a public channel without joining, reacts only once joined, and joins by posting', async () => {
    const me = a[role]!;
    const before = await chat.conversation(me, pub.id);
    expect(before).toMatchObject({ joined: false, unread: 0 });
    expect((await chat.page(me, pub.id)).items.map((m) => m.id)).toContain(pubMessage.id);
    const refused = await chat.react(me, pubMessage.id, '🎉', true, 403);
    expect(refused).toMatchObject({ code: chatErrorCodes.notMember });
    await chat.post(me, pub.id, { body: `Hi, ${role} here` });
    expect((await chat.conversation(me, pub.id)).joined).toBe(true);
    await chat.react(me, pubMessage.id, '🎉', true);
  });

  it('gets 404 for everything of another organisation', async () => {
    const me = b[role]!;
    for (const id of [pub.id, priv.id, dms[role]!.id]) {
      await chat.expectStatus(chat.send('GET', `/conversations/${id}`, me), 404);
      await chat.expectStatus(chat.send('GET', `/conversations/${id}/messages`, me), 404);
      await chat.expectStatus(
        chat.send('POST', `/conversations/${id}/messages`, me, { clientId: randomUUID(), body: 'hi' }),
        404,
      );
      await chat.expectStatus(chat.send('PATCH', `/conversations/${id}`, me, { topic: 'mine now' }), 404);
      await chat.expectStatus(
        chat.send('POST', `/conversations/${id}/members`, me, { userIds: [me.id] }),
        404,
      );
      await chat.expectStatus(chat.send('DELETE', `/conversations/${id}/members/${me.id}`, me), 404);
    }
    for (const m of [pubMessage, privMessage]) {
      await chat.react(me, m.id, '👍', true, 404);
      await chat.edit(me, m.id, 'changed', 404);
      await chat.remove(me, m.id, 404);
    }
    const search = await chat.expectStatus<unknown[]>(chat.send('GET', '/search?q=welcome', me), 200);
    expect(search).toEqual([]);
    const people = await chat.expectStatus<{ id: string }[]>(chat.send('GET', '/people', me), 200);
    expect(people.map((p) => p.id)).not.toContain(host.id);
  });

  it(`${moderators.has(role) ? 'manages' : 'may not manage'} a channel someone else created`, async () => {
    const me = inA[role]!;
    const rename = await chat.send('PATCH', `/conversations/${priv.id}`, me, { topic: `Set by ${role}` });
    expect(rename.status).toBe(moderators.has(role) ? 200 : 403);
    if (moderators.has(role)) expect((rename.body as unknown as Conversation).canManage).toBe(true);
    const mine = await chat.post(host, priv.id, { body: `For ${role} to moderate` });
    const deleted = await chat.send('DELETE', `/messages/${mine.id}`, me);
    expect(deleted.status).toBe(moderators.has(role) ? 200 : 403);
    const edited = await chat.send('PATCH', `/messages/${mine.id}`, me, { body: 'Rewritten' });
    // Not even a moderator edits someone else's words.
    expect(edited.body).toMatchObject({ code: chatErrorCodes.notAuthor });
    const removeHost = await chat.send('DELETE', `/conversations/${pub.id}/members/${host.id}`, me);
    expect(removeHost.status).toBe(moderators.has(role) ? 204 : 403);
    if (moderators.has(role)) await chat.post(host, pub.id, { body: 'Back in' });
  });
});

it('refuses every endpoint without a token (401)', async () => {
  for (const [method, path] of [
    ['GET', '/conversations'],
    ['POST', '/conversations'],
    ['GET', `/conversations/${pub.id}`],
    ['GET', `/conversations/${pub.id}/messages`],
    ['POST', `/conversations/${pub.id}/messages`],
    ['PUT', `/messages/${pubMessage.id}/reactions`],
    ['GET', '/search?q=x'],
    ['GET', '/unread'],
    ['GET', '/people'],
  ] as const) {
    expect((await chat.send(method, path, undefined, method === 'GET' ? undefined : {})).status).toBe(401);
  }
});

describe('bad input answers 400 naming the field', () => {
  const fieldsOf = async (res: ReturnType<ChatClient['send']>) => {
    const body = await chat.expectStatus<{ fields?: Record<string, string> }>(res, 400);
    return Object.keys(body.fields ?? {});
  };
  const postTo = (id: string, body: unknown) =>
    chat.send('POST', `/conversations/${id}/messages`, host, body);

  it('on conversations', async () => {
    expect(
      await fieldsOf(
        chat.send('POST', '/conversations', host, { kind: 'channel', name: ' ', visibility: 'public' }),
      ),
    ).toContain('name');
    expect(
      await fieldsOf(
        chat.send('POST', '/conversations', host, { kind: 'channel', name: 'x', visibility: 'open' }),
      ),
    ).toContain('visibility');
    expect(
      await fieldsOf(chat.send('POST', '/conversations', host, { kind: 'direct', memberIds: [] })),
    ).toContain('memberIds');
    expect(
      await fieldsOf(chat.send('POST', '/conversations', host, { kind: 'direct', memberIds: [host.id] })),
    ).toContain('memberIds');
    expect(
      await fieldsOf(chat.send('POST', '/conversations', host, { kind: 'direct', memberIds: [b.STAFF!.id] })),
    ).toContain('memberIds');
    expect(
      await fieldsOf(
        chat.send('POST', '/conversations', host, {
          kind: 'channel',
          name: 'y',
          visibility: 'public',
          memberIds: ['nobody'],
        }),
      ),
    ).toContain('memberIds');
    expect(
      await fieldsOf(chat.send('POST', `/conversations/${pub.id}/members`, host, { userIds: [b.STAFF!.id] })),
    ).toContain('userIds');
    expect(await fieldsOf(chat.send('PATCH', `/conversations/${pub.id}`, host, {}))).toContain('name');
    expect(
      await fieldsOf(chat.send('PATCH', `/conversations/${dmOther.id}`, host, { topic: 'x' })),
    ).toContain('name');
    expect(await fieldsOf(chat.send('POST', `/conversations/${pub.id}/read`, host, { seq: -1 }))).toContain(
      'seq',
    );
    expect((await chat.send('GET', `/conversations/${'x'.repeat(65)}`, host)).status).toBe(400);
    expect((await chat.send('GET', '/conversations/ab%00cd', host)).status).toBe(400);
  });

  it('on messages', async () => {
    expect(await fieldsOf(postTo(pub.id, { clientId: randomUUID(), body: '  ' }))).toContain('body');
    expect(await fieldsOf(postTo(pub.id, { clientId: 'not-a-uuid', body: 'x' }))).toContain('clientId');
    expect(await fieldsOf(postTo(pub.id, { clientId: randomUUID(), body: 'x'.repeat(4001) }))).toContain(
      'body',
    );
    expect(await fieldsOf(postTo(pub.id, { clientId: randomUUID(), body: 'x', parentId: 'nope' }))).toContain(
      'parentId',
    );
    expect(
      await fieldsOf(postTo(pub.id, { clientId: randomUUID(), body: 'x', parentId: privMessage.id })),
    ).toContain('parentId');
    const reply = await chat.post(host, pub.id, { parentId: pubMessage.id, body: 'A reply' });
    expect(
      await fieldsOf(postTo(pub.id, { clientId: randomUUID(), body: 'x', parentId: reply.id })),
    ).toContain('parentId');
    expect(await fieldsOf(postTo(pub.id, { clientId: randomUUID(), attachmentIds: ['missing'] }))).toContain(
      'attachmentIds',
    );
    const theirs = await storeFileAs(t, b.STAFF!, 'theirs.txt', 'not yours');
    expect(await fieldsOf(postTo(pub.id, { clientId: randomUUID(), attachmentIds: [theirs.id] }))).toContain(
      'attachmentIds',
    );
    const gone = await storeFileAs(t, host, 'gone.txt', 'deleted');
    await t.db.update(files).set({ deletedAt: new Date() }).where(eq(files.id, gone.id));
    expect(await fieldsOf(postTo(pub.id, { clientId: randomUUID(), attachmentIds: [gone.id] }))).toContain(
      'attachmentIds',
    );
    expect(
      await fieldsOf(
        chat.send('PUT', `/messages/${pubMessage.id}/reactions`, host, { emoji: '🤡', on: true }),
      ),
    ).toContain('emoji');
    expect(await fieldsOf(chat.send('PATCH', `/messages/${pubMessage.id}`, host, { body: '' }))).toContain(
      'body',
    );
    for (const query of ['limit=0', 'limit=101', 'beforeSeq=-1', 'afterRev=1e300', 'afterRev=abc']) {
      expect((await chat.send('GET', `/conversations/${pub.id}/messages?${query}`, host)).status, query).toBe(
        400,
      );
    }
    await chat.expectStatus(
      chat.send('GET', `/conversations/${pub.id}/messages?parentId=${privMessage.id}`, host),
      404,
    );
  });

  it('keeps an attachment of the organisation as a snapshot of the file', async () => {
    const file = await storeFileAs(t, host, 'water-point.txt', 'meter reading 1234');
    const sent = await chat.post(host, pub.id, { body: '', attachmentIds: [file.id, file.id] });
    expect(sent.attachments).toEqual([
      {
        fileId: file.id,
        name: 'water-point.txt',
        contentType: expect.any(String),
        size: 18,
        hasThumbnail: false,
      },
    ]);
    expect((await chat.conversation(host, pub.id)).lastMessagePreview).toEqual({
      authorName: 'Hana Host',
      body: '📎 water-point.txt',
    });
  });
});
