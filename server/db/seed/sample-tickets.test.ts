import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slaClock, type Ticket, type TicketDetail, type TicketStats } from '../../../contract/tickets';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { chatMessages, ticketEvents, ticketReplies, tickets, users } from '../schema';
import { seedDemoData } from './index';
import { SAMPLE_TICKETS } from './sample-tickets';

let t: TestApp;
const now = new Date();

async function tokenOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`missing ${email}`);
  return t.jwt.sign({ sub: user.id, ngo: user.ngoId, role: user.role, sv: 1 });
}

const get = async <T>(token: string, path: string) => {
  const res = await call(t.app, 'GET', `/api/tickets${path}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as T;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { now });
});
afterAll(() => t.close());

describe('the demo tickets', () => {
  it('spread over the last eight weeks, in every status, both audiences, several priorities and categories', async () => {
    const sam = await tokenOf('superadmin@demo.ngo');
    const all = await get<Ticket[]>(sam, '?limit=100');
    expect(all).toHaveLength(SAMPLE_TICKETS.length);
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(new Set(all.map((x) => x.status))).toEqual(new Set(['open', 'pending', 'resolved', 'closed']));
    expect(new Set(all.map((x) => x.audience))).toEqual(new Set(['ngo', 'platform']));
    expect(new Set(all.map((x) => x.priority)).size).toBe(4);
    expect(new Set(all.map((x) => x.category)).size).toBeGreaterThanOrEqual(5);
    expect(all.filter((x) => x.assignee).length).toBeGreaterThanOrEqual(6);
    const eightWeeksAgo = now.getTime() - 56 * 86_400_000;
    for (const x of all) {
      expect(Date.parse(x.createdAt)).toBeGreaterThan(eightWeeksAgo);
      expect(Date.parse(x.createdAt)).toBeLessThan(now.getTime());
      expect(Date.parse(x.updatedAt)).toBeLessThan(now.getTime());
      if (x.status === 'resolved' || x.status === 'closed') expect(x.resolvedAt).not.toBeNull();
      else expect(x.resolvedAt).toBeNull();
    }
    const rated = all.filter((x) => x.rating);
    expect(rated.length).toBeGreaterThanOrEqual(3);
    expect(rated.every((x) => x.rating!.comment.length > 0)).toBe(true);
    const iso = now.toISOString();
    const breached = all.filter(
      (x) =>
        (x.status === 'open' || x.status === 'pending') &&
        (slaClock(x.firstReplyDueAt, x.firstReplyAt, iso).state === 'breached' ||
          slaClock(x.resolveDueAt, x.resolvedAt, iso).state === 'breached'),
    );
    expect(breached.map((x) => x.subject)).toContain('Request: Kinyarwanda version of the volunteer forms');
  });

  it('gives the NGO admin the NGO’s queue with internal notes, and the volunteer her own without them', async () => {
    const nadia = await tokenOf('ngoadmin@demo.ngo');
    const queue = await get<Ticket[]>(nadia, '?limit=100');
    const ngoTickets = SAMPLE_TICKETS.filter((s) => s.audience === 'ngo' || s.by === 'nadia');
    expect(queue).toHaveLength(ngoTickets.length);
    const grace = await tokenOf('volunteer@demo.ngo');
    const own = await get<Ticket[]>(grace, '?limit=100');
    expect(own.map((x) => x.subject).sort()).toEqual(
      SAMPLE_TICKETS.filter((s) => s.by === 'grace')
        .map((s) => s.subject)
        .sort(),
    );
    const photos = own.find((x) => x.subject.startsWith('Cannot upload'))!;
    const hers = await get<TicketDetail>(grace, `/${photos.id}`);
    const theirs = await get<TicketDetail>(nadia, `/${photos.id}`);
    expect(hers.replies.some((r) => r.internal)).toBe(false);
    expect(theirs.replies.some((r) => r.internal)).toBe(true);
    expect(hers.replyCount).toBe(hers.replies.length);
    expect(hers.events.map((e) => e.field)).toEqual(['assignee', 'status', 'status']);
    expect(hers.rating).toMatchObject({ score: 4 });
    const stats = await get<TicketStats>(nadia, '/stats');
    expect(stats.weeks.reduce((n, w) => n + w.opened, 0)).toBeGreaterThanOrEqual(8);
    expect(stats.weeks.some((w) => w.csat !== null)).toBe(true);
    expect(stats.breached).toBeGreaterThanOrEqual(1);
    expect(stats.medianFirstReplyMinutes).not.toBeNull();
  });

  it('holds one ticket made from a demo chat message its requester can read', async () => {
    const made = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.subject, 'Leaking tap at Nyamata water point 3'));
    expect(made).toHaveLength(1);
    const [message] = await t.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, made[0]!.sourceMessageId ?? ''));
    expect(message?.body).toBe(made[0]!.description);
    expect(made[0]!.createdAt.getTime()).toBeGreaterThan(message!.createdAt.getTime());
    const eric = await tokenOf('staff@demo.ngo');
    const res = await call(
      t.app,
      'GET',
      `/api/chat/conversations/${message!.conversationId}`,
      undefined,
      eric,
    );
    expect(res.status).toBe(200);
  });

  it('is added once, however often the seed runs', async () => {
    const counts = async () => ({
      tickets: await t.db.$count(tickets),
      replies: await t.db.$count(ticketReplies),
      events: await t.db.$count(ticketEvents),
    });
    const before = await counts();
    await seedDemoData(t.db, { now });
    expect(await counts()).toEqual(before);
  });
});
