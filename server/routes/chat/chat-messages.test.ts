import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatErrorCodes, type Conversation, type Message } from '../../../contract/chat';
import { chatMessages } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { chatClient, type ChatClient } from './chat-testing';

/*
 * Messages: exactly once per client id (also under concurrency), seq and rev in order, the catch-up
 * by rev with no gap, threads, edits, deletes and reactions.
 */

let t: TestApp;
let chat: ChatClient;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  chat = chatClient(t);
  const ngo = await createTestNgo(t, 'Alpha Relief');
  ada = await createTestUser(t, { ngoId: ngo, role: 'STAFF', name: 'Ada Mukamana' });
  ben = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Ben Habimana' });
  cleo = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN', name: 'Cleo Uwase' });
});
afterAll(() => t.close());

const rowsOf = (conversationId: string) =>
  t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));

describe('the client id', () => {
  let room: Conversation;
  beforeAll(async () => {
    room = await chat.channel(ada, { visibility: 'private', memberIds: [ben.id] });
  });

  it('answers a resend with the stored message, taking no rev', async () => {
    const clientId = randomUUID();
    const first = await chat.post(ada, room.id, { clientId, body: 'Truck leaves at 7' });
    const rev = (await chat.conversation(ada, room.id)).rev;
    const again = await chat.post(ada, room.id, { clientId, body: 'Truck leaves at 7' }, 200);
    expect(again).toEqual(first);
    expect((await chat.conversation(ada, room.id)).rev).toBe(rev);
    // Edited since: the original text resent is still the same message.
    await chat.edit(ada, first.id, 'Truck leaves at 8');
    expect((await chat.post(ada, room.id, { clientId, body: 'Truck leaves at 7' }, 200)).id).toBe(first.id);
  });

  it('refuses the same client id for another body or conversation (409)', async () => {
    const clientId = randomUUID();
    await chat.post(ada, room.id, { clientId, body: 'One' });
    const other = await chat.channel(ada);
    for (const [conversationId, body] of [
      [room.id, 'Two'],
      [other.id, 'One'],
    ] as const) {
      const res = await chat.post(ada, conversationId, { clientId, body }, 409);
      expect(res).toMatchObject({ code: chatErrorCodes.clientIdReused });
    }
    // Another author's device may well have made the same UUID: theirs is another message.
    await chat.post(ben, room.id, { clientId, body: 'Two' }, 201);
  });

  it('works inside the Idempotency-Key transaction too (the outbox sends both)', async () => {
    const body = { clientId: randomUUID(), body: 'Sent from the outbox' };
    const headers = { 'idempotency-key': randomUUID() };
    const path = `/api/chat/conversations/${room.id}/messages`;
    const first = await call(t.app, 'POST', path, body, ada.token, headers);
    expect(first.status).toBe(201);
    const replay = await call(t.app, 'POST', path, body, ada.token, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const newKey = await call(t.app, 'POST', path, body, ada.token, { 'idempotency-key': randomUUID() });
    expect(newKey.status).toBe(200);
    expect((newKey.body as unknown as Message).id).toBe((first.body as unknown as Message).id);
  });

  it('keeps one message when the same send races itself', async () => {
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        chat.send('POST', `/conversations/${room.id}/messages`, ada, { clientId, body: 'Racing' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => (a.body as unknown as Message).id)).size).toBe(1);
  });

  it('stores 100 concurrent sends once each, in seqs 1..100, and answers their resends 200', async () => {
    const busy = await chat.channel(ada, { memberIds: [ben.id] });
    const sends = Array.from({ length: 100 }, (_, i) => ({
      user: i % 2 ? ada : ben,
      body: { clientId: randomUUID(), body: `Message ${i}` },
    }));
    const post = () =>
      Promise.all(sends.map((s) => chat.send('POST', `/conversations/${busy.id}/messages`, s.user, s.body)));
    const first = await post();
    expect(first.map((r) => r.status)).toEqual(Array(100).fill(201));
    const rows = await rowsOf(busy.id);
    expect(rows).toHaveLength(100);
    expect(rows.map((r) => r.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(new Set(rows.map((r) => r.rev)).size).toBe(100);
    const again = await post();
    expect(again.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(again.map((r) => (r.body as unknown as Message).id)).toEqual(
      first.map((r) => (r.body as unknown as Message).id),
    );
    expect(await rowsOf(busy.id)).toHaveLength(100);
    const conversation = await chat.conversation(ada, busy.id);
    expect(conversation).toMatchObject({ lastSeq: 100, rev: 100 });
  });
});

describe('the history and threads', () => {
  it('pages the top-level messages newest first, each page ascending, with threads apart', async () => {
    const room = await chat.channel(ada, { memberIds: [ben.id] });
    const sent: Message[] = [];
    for (let i = 1; i <= 7; i++) sent.push(await chat.post(ada, room.id, { body: `Point ${i}` }));
    const r1 = await chat.post(ben, room.id, { parentId: sent[2]!.id, body: 'Reply one' });
    const r2 = await chat.post(ada, room.id, { parentId: sent[2]!.id, body: 'Reply two' });

    const newest = await chat.page(ada, room.id, '?limit=3');
    expect(newest.items.map((m) => m.body)).toEqual(['Point 5', 'Point 6', 'Point 7']);
    expect(newest.hasMore).toBe(true);
    const older = await chat.page(ada, room.id, `?limit=3&beforeSeq=${newest.items[0]!.seq}`);
    expect(older.items.map((m) => m.body)).toEqual(['Point 2', 'Point 3', 'Point 4']);
    const oldest = await chat.page(ada, room.id, `?limit=3&beforeSeq=${older.items[0]!.seq}`);
    expect(oldest).toMatchObject({ hasMore: false, items: [{ body: 'Point 1' }] });

    const parent = older.items[1]!;
    expect(parent).toMatchObject({ replyCount: 2, lastReplyAt: expect.any(String) });
    expect(parent.rev).toBe(r2.rev + 1);
    const thread = await chat.page(ben, room.id, `?parentId=${parent.id}`);
    expect(thread.items.map((m) => m.id)).toEqual([r1.id, r2.id]);
    expect(thread.rev).toBe((await chat.conversation(ada, room.id)).rev);
  });
});

describe('the catch-up by rev', () => {
  it('answers every change since a rev, edits, deletes and reactions included, with no gap', async () => {
    const room = await chat.channel(ada, { visibility: 'private', memberIds: [ben.id, cleo.id] });
    let seen = (await chat.conversation(ben, room.id)).rev;
    /** What ben's device gets after each change: exactly the message(s) changed, in rev order. */
    const catchUp = async (expected: string[]) => {
      const page = await chat.page(ben, room.id, `?afterRev=${seen}`);
      expect(page.items.map((m) => m.id)).toEqual(expected);
      expect(page.items.every((m, i) => m.rev > (page.items[i - 1]?.rev ?? seen))).toBe(true);
      seen = page.items.at(-1)?.rev ?? seen;
      expect(page.rev).toBe(seen);
      return page.items;
    };
    const start = seen;
    const m1 = await chat.post(ada, room.id, { body: 'Distribution at Gikondo' });
    await catchUp([m1.id]);
    const m2 = await chat.post(cleo, room.id, { body: 'School visit moved' });
    await catchUp([m2.id]);
    const reply = await chat.post(ben, room.id, { parentId: m1.id, body: 'I can help' });
    const [, parentNow] = await catchUp([reply.id, m1.id]);
    expect(parentNow).toMatchObject({ replyCount: 1 });
    await chat.edit(cleo, m2.id, 'School visit moved to Friday');
    expect((await catchUp([m2.id]))[0]).toMatchObject({ editedAt: expect.any(String) });
    await chat.react(ada, m1.id, '🙏', true);
    expect((await catchUp([m1.id]))[0]!.reactions).toEqual([{ emoji: '🙏', userIds: [ada.id] }]);
    await chat.react(ada, m1.id, '🙏', true);
    await chat.edit(cleo, m2.id, 'School visit moved to Friday');
    await catchUp([]);
    await chat.remove(cleo, m2.id);
    expect((await catchUp([m2.id]))[0]).toMatchObject({ body: '', deletedAt: expect.any(String) });
    await chat.remove(cleo, m2.id);
    await catchUp([]);

    // From the start in pages of 2: each message once, at its latest state, revs rising.
    const all: Message[] = [];
    let after = start;
    for (;;) {
      const page = await chat.page(ben, room.id, `?afterRev=${after}&limit=2`);
      all.push(...page.items);
      if (!page.hasMore) break;
      after = page.items.at(-1)!.rev;
    }
    expect(all.map((m) => m.id)).toEqual([reply.id, m1.id, m2.id]);
    expect(all.at(-1)!.rev).toBe((await chat.conversation(ben, room.id)).rev);
  });
});

describe('edits, deletes and reactions', () => {
  let room: Conversation;
  beforeAll(async () => {
    room = await chat.channel(ada, { memberIds: [ben.id] });
  });

  it('lets only the author edit, and not once deleted', async () => {
    const m = await chat.post(ben, room.id, { body: 'Water point 3 is dry' });
    expect(await chat.edit(ada, m.id, 'Not mine', 403)).toMatchObject({ code: chatErrorCodes.notAuthor });
    const edited = await chat.edit(ben, m.id, 'Water point 3 is working again');
    expect(edited).toMatchObject({ body: 'Water point 3 is working again', editedAt: expect.any(String) });
    expect(edited.rev).toBeGreaterThan(m.rev);
    const deleted = await chat.remove(ben, m.id);
    expect(deleted).toMatchObject({
      body: '',
      attachments: [],
      reactions: [],
      deletedAt: expect.any(String),
    });
    expect(await chat.remove(ben, m.id)).toEqual(deleted);
    expect(await chat.edit(ben, m.id, 'Back', 409)).toMatchObject({ code: chatErrorCodes.messageDeleted });
    expect(await chat.react(ben, m.id, '👍', true, 409)).toMatchObject({
      code: chatErrorCodes.messageDeleted,
    });
  });

  it('keeps reactions idempotent and in the offered order', async () => {
    const m = await chat.post(ada, room.id, { body: 'Food parcels delivered' });
    await chat.react(ben, m.id, '🎉', true);
    const both = await chat.react(ada, m.id, '👍', true);
    expect(both.reactions).toEqual([
      { emoji: '👍', userIds: [ada.id] },
      { emoji: '🎉', userIds: [ben.id] },
    ]);
    expect((await chat.react(ada, m.id, '👍', true)).rev).toBe(both.rev);
    const off = await chat.react(ada, m.id, '👍', false);
    expect(off.reactions).toEqual([{ emoji: '🎉', userIds: [ben.id] }]);
    expect(off.rev).toBeGreaterThan(both.rev);
    expect((await chat.react(ada, m.id, '👍', false)).rev).toBe(off.rev);
  });

  it('refuses new messages in an archived channel but keeps it readable', async () => {
    const archived = await chat.channel(ada, { memberIds: [ben.id] });
    await chat.post(ada, archived.id, { body: 'Last words' });
    await chat.expectStatus(
      chat.send('PATCH', `/conversations/${archived.id}`, ada, { archived: true }),
      200,
    );
    expect(await chat.post(ben, archived.id, {}, 409)).toMatchObject({
      code: chatErrorCodes.conversationArchived,
    });
    expect((await chat.page(ben, archived.id)).items).toHaveLength(1);
    await chat.expectStatus(
      chat.send('PATCH', `/conversations/${archived.id}`, ada, { archived: false }),
      200,
    );
    await chat.post(ben, archived.id, { body: 'Reopened' });
  });

  it('keeps only the mentions of people who can read the conversation', async () => {
    const secret = await chat.channel(ada, { visibility: 'private', memberIds: [ben.id] });
    const m = await chat.post(ada, secret.id, {
      body: '@Ben @Cleo',
      mentionIds: [ben.id, cleo.id, 'nobody'],
    });
    expect(m.mentionIds).toEqual([ben.id]);
    const open = await chat.channel(ada);
    expect((await chat.post(ada, open.id, { body: '@Cleo', mentionIds: [cleo.id] })).mentionIds).toEqual([
      cleo.id,
    ]);
  });
});
