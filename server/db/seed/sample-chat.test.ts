import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message, MessagePage, UnreadSummary } from '../../../contract/chat';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { chatConversations, chatMessages, users } from '../schema';
import { seedDemoData } from './index';
import { SAMPLE_CHAT } from './sample-chat';

let t: TestApp;
const now = new Date();

async function tokenOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`missing ${email}`);
  return t.jwt.sign({ sub: user.id, ngo: user.ngoId, role: user.role, sv: 1 });
}

const get = async <T>(token: string, path: string) => {
  const res = await call(t.app, 'GET', `/api/chat${path}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as T;
};

/** Every message of a conversation through the catch-up from rev 0: each once, revs rising. */
async function everyMessage(token: string, conversationId: string): Promise<Message[]> {
  const all: Message[] = [];
  let after = 0;
  for (;;) {
    const page = await get<MessagePage>(
      token,
      `/conversations/${conversationId}/messages?afterRev=${after}&limit=100`,
    );
    all.push(...page.items);
    if (!page.hasMore) return all;
    after = page.items.at(-1)!.rev;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { now });
});
afterAll(() => t.close());

describe('the demo team chat', () => {
  it('gives the volunteer the public channels and the direct conversation, with unread messages and a mention', async () => {
    const grace = await tokenOf('volunteer@demo.ngo');
    const list = await get<Conversation[]>(grace, '/conversations');
    expect(list.map((c) => c.name).sort()).toEqual(['Nadia Uwase', 'field-team', 'general']);
    const byName = new Map(list.map((c) => [c.name, c]));
    expect(byName.get('field-team')).toMatchObject({ unread: 4, mentioned: true });
    expect(byName.get('Nadia Uwase')).toMatchObject({ kind: 'direct', unread: 2, mentioned: false });
    expect(await get<UnreadSummary>(grace, '/unread')).toEqual({
      conversations: 2,
      messages: 6,
      mentions: 1,
    });
    const found = await get<{ highlighted: string }[]>(grace, '/search?q=wat');
    expect(found.length).toBeGreaterThan(3);
    expect(found.every((h) => h.highlighted.includes('«'))).toBe(true);
  });

  it('holds believable histories: two weeks, threads, reactions, an edit, a delete, revs as the API keeps them', async () => {
    const nadia = await tokenOf('ngoadmin@demo.ngo');
    const list = await get<Conversation[]>(nadia, '/conversations');
    expect(list.map((c) => c.name).sort()).toEqual([
      'Grace Volunteer',
      'coordinators',
      'field-team',
      'general',
    ]);
    expect(list.find((c) => c.name === 'coordinators')).toMatchObject({
      visibility: 'private',
      unread: 3,
      mentioned: true,
    });
    const twoWeeksAgo = now.getTime() - 15 * 86_400_000;
    const all: Message[] = [];
    for (const c of list) {
      const messages = await everyMessage(nadia, c.id);
      expect(messages.length).toBeGreaterThanOrEqual(20);
      expect(messages.length).toBeLessThanOrEqual(60);
      expect(messages.at(-1)!.rev).toBe(c.rev);
      const bySeq = [...messages].sort((x, y) => x.seq - y.seq);
      expect(bySeq.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
      for (const [i, m] of bySeq.entries()) {
        expect(Date.parse(m.createdAt)).toBeGreaterThan(twoWeeksAgo);
        expect(Date.parse(m.createdAt)).toBeLessThan(now.getTime());
        if (i > 0) expect(Date.parse(m.createdAt)).toBeGreaterThan(Date.parse(bySeq[i - 1]!.createdAt));
      }
      all.push(...messages);
    }
    expect(all.filter((m) => m.replyCount > 0).length).toBeGreaterThanOrEqual(5);
    expect(all.filter((m) => m.reactions.length > 0).length).toBeGreaterThanOrEqual(10);
    expect(all.filter((m) => m.editedAt).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((m) => m.deletedAt && m.body === '').length).toBeGreaterThanOrEqual(1);
    expect(all.filter((m) => m.mentionIds.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('keeps #coordinators to admins and staff', async () => {
    const grace = await tokenOf('volunteer@demo.ngo');
    const browse = await get<Conversation[]>(grace, '/conversations?browse=true');
    expect(browse.map((c) => c.name)).not.toContain('coordinators');
  });

  it('is added once, however often the seed runs', async () => {
    const before = {
      conversations: await t.db.$count(chatConversations),
      messages: await t.db.$count(chatMessages),
    };
    await seedDemoData(t.db, { now });
    expect(before.conversations).toBe(SAMPLE_CHAT.length);
    expect(before.messages).toBe(SAMPLE_CHAT.reduce((n, c) => n + c.lines.length, 0));
    expect({
      conversations: await t.db.$count(chatConversations),
      messages: await t.db.$count(chatMessages),
    }).toEqual(before);
  });
});
