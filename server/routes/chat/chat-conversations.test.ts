import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatErrorCodes,
  type ChatPerson,
  type Conversation,
  type SearchHit,
  type UnreadSummary,
} from '../../../contract/chat';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { eq } from 'drizzle-orm';
import { highlight } from './chat-search';
import { chatClient, type ChatClient } from './chat-testing';

/*
 * Conversations: direct conversations once per set of people, channel names and members, unread
 * counts and mentions, the list's order, search and the people picker.
 */

let t: TestApp;
let chat: ChatClient;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;
let dan: TestUser;
let otherNgoUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  chat = chatClient(t);
  const ngo = await createTestNgo(t, 'Alpha Relief');
  ada = await createTestUser(t, { ngoId: ngo, role: 'STAFF', name: 'Ada Mukamana' });
  ben = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Ben Habimana' });
  cleo = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN', name: 'Cleo Uwase' });
  dan = await createTestUser(t, { ngoId: ngo, role: 'VIEWER', name: 'Dan Nsengiyumva' });
  otherNgoUser = await createTestUser(t, { ngoId: await createTestNgo(t, 'Bravo'), role: 'STAFF' });
});
afterAll(() => t.close());

const list = (user: TestUser, query = '') =>
  chat.expectStatus<Conversation[]>(chat.send('GET', `/conversations${query}`, user), 200);
const unread = (user: TestUser) => chat.expectStatus<UnreadSummary>(chat.send('GET', '/unread', user), 200);
const search = (user: TestUser, q: string) =>
  chat.expectStatus<SearchHit[]>(chat.send('GET', `/search?q=${encodeURIComponent(q)}`, user), 200);

describe('direct conversations', () => {
  it('are one per set of people, whoever starts them, named by the others', async () => {
    const first = await chat.direct(ada, [ben.id]);
    expect(first).toMatchObject({
      kind: 'direct',
      name: 'Ben Habimana',
      visibility: 'private',
      canManage: false,
    });
    expect((await chat.direct(ada, [ben.id, ben.id], 200)).id).toBe(first.id);
    const fromBen = await chat.direct(ben, [ada.id], 200);
    expect(fromBen).toMatchObject({ id: first.id, name: 'Ada Mukamana' });
    const group = await chat.direct(ada, [cleo.id, ben.id]);
    expect(group.name).toBe('Ben Habimana, Cleo Uwase');
    expect(group.id).not.toBe(first.id);
  });

  it('are created once when started at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        chat.send('POST', '/conversations', cleo, { kind: 'direct', memberIds: [dan.id] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => (a.body as unknown as Conversation).id)).size).toBe(1);
  });

  it('keep their people (409 on adding or leaving)', async () => {
    const dm = await chat.direct(ada, [dan.id]);
    const add = await chat.send('POST', `/conversations/${dm.id}/members`, ada, { userIds: [cleo.id] });
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({ code: chatErrorCodes.directMembersFixed });
    expect((await chat.send('DELETE', `/conversations/${dm.id}/members/${ada.id}`, ada)).status).toBe(409);
  });

  it('accept only active members of the organisation', async () => {
    const former = await createTestUser(t, { ngoId: ada.ngoId, role: 'VOLUNTEER', name: 'Former Member' });
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, former.id));
    for (const id of [former.id, otherNgoUser.id]) {
      const res = await chat.send('POST', '/conversations', ada, { kind: 'direct', memberIds: [id] });
      expect(res.status).toBe(400);
      expect(Object.keys((res.body as { fields?: object }).fields ?? {})).toEqual(['memberIds']);
    }
  });
});

describe('channels', () => {
  it('have names unique in the organisation whatever the case', async () => {
    await chat.channel(ada, { name: 'Field Team' });
    const taken = await chat.send('POST', '/conversations', ben, {
      kind: 'channel',
      name: 'field team',
      visibility: 'private',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: chatErrorCodes.channelNameTaken,
      fields: { name: expect.any(String) },
    });
    const other = await chat.channel(ada, { name: 'Logistics' });
    const rename = await chat.send('PATCH', `/conversations/${other.id}`, ada, { name: 'FIELD TEAM' });
    expect(rename.status).toBe(409);
    expect(rename.body).toMatchObject({ code: chatErrorCodes.channelNameTaken });
    const renamed = await chat.expectStatus<Conversation>(
      chat.send('PATCH', `/conversations/${other.id}`, ada, { name: 'logistics', topic: 'Trucks and stock' }),
      200,
    );
    expect(renamed).toMatchObject({ name: 'logistics', topic: 'Trucks and stock', canManage: true });
  });

  it('are joined, added to and left by the rules', async () => {
    const open = await chat.channel(ada, { name: 'Water points' });
    // In a public channel one adds only oneself, unless one manages it.
    expect(
      (await chat.send('POST', `/conversations/${open.id}/members`, ben, { userIds: [dan.id] })).status,
    ).toBe(403);
    const joined = await chat.expectStatus<Conversation>(
      chat.send('POST', `/conversations/${open.id}/members`, ben, { userIds: [ben.id] }),
      200,
    );
    expect(joined.joined).toBe(true);
    await chat.expectStatus(
      chat.send('POST', `/conversations/${open.id}/members`, ada, { userIds: [dan.id] }),
      200,
    );
    // Removing someone else is the manager's; leaving is anyone's.
    expect((await chat.send('DELETE', `/conversations/${open.id}/members/${dan.id}`, ben)).status).toBe(403);
    expect((await chat.send('DELETE', `/conversations/${open.id}/members/${ben.id}`, ben)).status).toBe(204);
    expect((await chat.send('DELETE', `/conversations/${open.id}/members/${ben.id}`, ben)).status).toBe(204);
    expect((await chat.conversation(ben, open.id)).joined).toBe(false);

    const closed = await chat.channel(ada, {
      name: 'Coordinators',
      visibility: 'private',
      memberIds: [ben.id],
    });
    // In a private channel any member adds people.
    const added = await chat.expectStatus<Conversation>(
      chat.send('POST', `/conversations/${closed.id}/members`, ben, { userIds: [dan.id] }),
      200,
    );
    expect(added.members.map((m) => m.name)).toEqual(['Ada Mukamana', 'Ben Habimana', 'Dan Nsengiyumva']);
    await chat.expectStatus(chat.send('DELETE', `/conversations/${closed.id}/members/${dan.id}`, ada), 204);
    await chat.expectStatus(chat.send('GET', `/conversations/${closed.id}`, dan), 404);
  });
});

describe('unread counts and mentions', () => {
  it('count others’ messages after the read mark, deleted ones left out, and flag a mention', async () => {
    const room = await chat.channel(ada, {
      name: 'Distributions',
      visibility: 'private',
      memberIds: [ben.id],
    });
    const before = await unread(ben);
    await chat.post(ada, room.id, { body: 'Parcels at 9' });
    const gone = await chat.post(ada, room.id, { body: 'Typo' });
    await chat.remove(ada, gone.id);
    let view = await chat.conversation(ben, room.id);
    expect(view).toMatchObject({ unread: 1, mentioned: false, lastReadSeq: 0 });
    // The sender's own message moves their read mark past everything before it.
    await chat.post(ben, room.id, { body: 'On my way' });
    expect(await chat.conversation(ben, room.id)).toMatchObject({ unread: 0, lastReadSeq: 3 });
    const third = await chat.post(ada, room.id, { body: '@Ben bring the list', mentionIds: [ben.id] });
    view = await chat.conversation(ben, room.id);
    expect(view).toMatchObject({
      unread: 1,
      mentioned: true,
      lastMessagePreview: { authorName: 'Ada Mukamana' },
    });
    expect(await unread(ben)).toEqual({
      conversations: before.conversations + 1,
      messages: before.messages + 1,
      mentions: before.mentions + 1,
    });
    expect(await chat.read(ben, room.id, third.seq)).toMatchObject({
      unread: 0,
      mentioned: false,
      lastReadSeq: third.seq,
    });
    // Never back, never past the last message.
    expect((await chat.read(ben, room.id, 1)).lastReadSeq).toBe(third.seq);
    expect((await chat.read(ben, room.id, 9_000_000_000)).lastReadSeq).toBe(third.seq);
    expect(await unread(ben)).toEqual(before);
  });

  it('list the caller’s conversations by last message, never-used ones last, then by name', async () => {
    const solo = await createTestUser(t, { ngoId: ada.ngoId, role: 'STAFF', name: 'Solo Staff' });
    const quiet = await chat.channel(solo, { name: 'b-quiet' });
    const quieter = await chat.channel(solo, { name: 'A-quieter' });
    const busy = await chat.channel(solo, { name: 'z-busy' });
    const busier = await chat.channel(solo, { name: 'y-busier' });
    await chat.post(solo, busy.id);
    await chat.post(solo, busier.id);
    expect((await list(solo)).map((c) => c.id)).toEqual([busier.id, busy.id, quieter.id, quiet.id]);
    const browse = await list(solo, '?browse=true');
    expect(browse.length).toBeGreaterThan(4);
    expect(
      browse.filter((c) => !c.joined).every((c) => c.visibility === 'public' && c.kind === 'channel'),
    ).toBe(true);
    expect(browse.find((c) => c.name === 'Coordinators')).toBeUndefined();
  });
});

describe('search', () => {
  it('finds word prefixes in what the caller may read, and nothing else', async () => {
    const open = await chat.channel(ada, { name: 'Kigali field' });
    const secret = await chat.channel(ada, { name: 'Board', visibility: 'private', memberIds: [cleo.id] });
    await chat.post(ada, open.id, { body: 'The WATER point in Nyamata works; water-tank full.' });
    await chat.post(cleo, secret.id, { body: 'Water budget is confidential' });
    const deleted = await chat.post(ada, open.id, { body: 'Waterlogged road' });
    await chat.remove(ada, deleted.id);

    const forBen = await search(ben, 'wat');
    expect(forBen.map((h) => h.highlighted)).toEqual([
      'The «WATER» point in Nyamata works; «water»-tank full.',
    ]);
    expect(forBen[0]).toMatchObject({
      conversationName: 'Kigali field',
      message: { body: expect.any(String) },
    });
    expect((await search(cleo, 'wat')).map((h) => h.conversationName)).toEqual(['Board', 'Kigali field']);
    expect(await search(ben, 'wat nyam')).toHaveLength(1);
    expect(await search(ben, 'wat budget')).toEqual([]);
    expect(await search(ben, '  ')).toEqual([]);
    expect(await search(ben, '&|!:*')).toEqual([]);
    expect(await search(otherNgoUser, 'water')).toEqual([]);
    const dm = await chat.direct(ben, [dan.id]);
    await chat.post(dan, dm.id, { body: 'Water at school' });
    expect((await search(ben, 'school')).map((h) => h.conversationName)).toEqual(['Dan Nsengiyumva']);
  });

  it('highlights as plain text', () => {
    expect(highlight('<b>Wat</b> waters', 'wat')).toBe('<b>«Wat»</b> «waters»');
    expect(highlight('École ecole', 'éco')).toBe('«École» ecole');
  });
});

it('lists the organisation’s active members for the people picker', async () => {
  const people = await chat.expectStatus<ChatPerson[]>(chat.send('GET', '/people', dan), 200);
  const names = people.map((p) => p.name);
  expect(names).toContain('Ada Mukamana');
  expect(names).not.toContain('Former Member');
  expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
  expect(people.find((p) => p.id === cleo.id)).toEqual({
    id: cleo.id,
    name: 'Cleo Uwase',
    role: 'NGO_ADMIN',
  });
});
