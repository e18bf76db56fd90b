import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import {
  ticketErrorCodes,
  ticketSlaTargets,
  slaClock,
  type Ticket,
  type TicketStats,
} from '../../../contract/tickets';
import { tickets } from '../../db/schema';
import { newId } from '../../services/ids';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { mondayOf } from './tickets-stats';
import { ticketClient, type TicketClient } from './tickets-testing';

let t: TestApp;
let tc: TicketClient;
let a: Record<string, TestUser>;

const MINUTE = 60_000;
const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / MINUTE;

beforeAll(async () => {
  t = await createTestApp();
  tc = ticketClient(t);
  a = await createUserPerRole(t, await createTestNgo(t, 'Alpha Relief'));
});
afterAll(() => t.close());

describe('SLA clocks', () => {
  it('sets both due times from the priority; the first public agent reply stops the first clock, once', async () => {
    const x = await tc.open(a.STAFF!, { priority: 'urgent' });
    expect(x.number).toBeGreaterThanOrEqual(1001);
    expect(minutesBetween(x.createdAt, x.firstReplyDueAt)).toBe(ticketSlaTargets.urgent.firstReplyMinutes);
    expect(minutesBetween(x.createdAt, x.resolveDueAt)).toBe(ticketSlaTargets.urgent.resolveMinutes);
    expect(x).toMatchObject({ status: 'open', firstReplyAt: null, resolvedAt: null, rating: null });
    expect(slaClock(x.firstReplyDueAt, x.firstReplyAt, x.createdAt).state).toBe('running');

    let now = await tc.reply(a.STAFF!, x.id, { body: 'Also the receipts do not arrive.' });
    expect(now.firstReplyAt).toBeNull();
    now = await tc.reply(a.NGO_ADMIN!, x.id, { body: 'Looking into it', internal: true });
    expect(now.firstReplyAt).toBeNull();
    now = await tc.reply(a.NGO_ADMIN!, x.id, { body: 'We see it too; fixing.' });
    const first = now.firstReplyAt;
    expect(first).not.toBeNull();
    expect(now.replies.at(-1)?.createdAt).toBe(first);
    expect(slaClock(now.firstReplyDueAt, first, new Date().toISOString()).state).toBe('met');
    now = await tc.reply(a.ADMIN!, x.id, { body: 'Fixed now.' });
    expect(now.firstReplyAt).toBe(first);
  });

  it('moves both due times with a new priority (the resolution clock keeps its start)', async () => {
    const x = await tc.open(a.STAFF!, { priority: 'low' });
    const y = await tc.change(a.NGO_ADMIN!, x.id, { priority: 'high' });
    expect(minutesBetween(y.createdAt, y.firstReplyDueAt)).toBe(ticketSlaTargets.high.firstReplyMinutes);
    expect(minutesBetween(y.createdAt, y.resolveDueAt)).toBe(ticketSlaTargets.high.resolveMinutes);
    expect(y.events.map((e) => [e.field, e.from, e.to])).toEqual([['priority', 'low', 'high']]);
  });

  it('resolving sets resolvedAt (kept when closed); reopening clears it and restarts the clock from now', async () => {
    const x = await tc.open(a.STAFF!, { priority: 'normal' });
    const resolved = await tc.change(a.NGO_ADMIN!, x.id, { status: 'resolved' });
    expect(resolved.resolvedAt).not.toBeNull();
    const before = Date.now();
    const reopened = await tc.change(a.STAFF!, x.id, { status: 'open' });
    expect(reopened).toMatchObject({ status: 'open', resolvedAt: null });
    const due = Date.parse(reopened.resolveDueAt) - ticketSlaTargets.normal.resolveMinutes * MINUTE;
    expect(due).toBeGreaterThanOrEqual(before - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 1000);

    const again = await tc.reply(a.NGO_ADMIN!, x.id, { body: 'Done for real.', status: 'resolved' });
    const closed = await tc.change(a.NGO_ADMIN!, x.id, { status: 'closed' });
    expect(closed.resolvedAt).toBe(again.resolvedAt);
    expect(closed.events.map((e) => `${e.from}→${e.to}`)).toEqual([
      'open→resolved',
      'resolved→open',
      'open→resolved',
      'resolved→closed',
    ]);
  });

  it('the requester’s reply reopens a pending or resolved ticket; an agent may set the status with a reply', async () => {
    const x = await tc.open(a.VOLUNTEER!);
    const pending = await tc.reply(a.NGO_ADMIN!, x.id, { body: 'Which browser?', status: 'pending' });
    expect(pending.status).toBe('pending');
    expect((await tc.reply(a.VOLUNTEER!, x.id, { body: 'Chrome on my phone.' })).status).toBe('open');
    await tc.change(a.NGO_ADMIN!, x.id, { status: 'resolved' });
    const back = await tc.reply(a.VOLUNTEER!, x.id, { body: 'It happened again.' });
    expect(back).toMatchObject({ status: 'open', resolvedAt: null });
    const refused = await tc.send('POST', `/${x.id}/replies`, a.VOLUNTEER, {
      body: 'Done',
      status: 'resolved',
    });
    expect(refused.status).toBe(403);
  });
});

describe('closing and reopening', () => {
  it('lets the requester close or reopen a resolved ticket only; a closed ticket takes nothing but an agent’s reopening', async () => {
    const x = await tc.open(a.STAFF!);
    for (const body of [{ status: 'pending' }, { status: 'resolved' }, { assigneeId: a.NGO_ADMIN!.id }]) {
      expect((await tc.send('PATCH', `/${x.id}`, a.STAFF, body)).status, JSON.stringify(body)).toBe(403);
    }
    expect((await tc.change(a.STAFF!, x.id, { status: 'open' })).events).toEqual([]);
    await tc.change(a.NGO_ADMIN!, x.id, { status: 'pending' });
    expect((await tc.send('PATCH', `/${x.id}`, a.STAFF, { status: 'open' })).status).toBe(403);
    const closed = await tc.change(a.STAFF!, x.id, { status: 'closed' });
    expect(closed).toMatchObject({ status: 'closed' });
    expect(closed.resolvedAt).not.toBeNull();

    const refusals: [TestUser, string, string, Record<string, unknown>][] = [
      [a.STAFF!, 'PATCH', '', { status: 'open' }],
      [a.STAFF!, 'PATCH', '', { status: 'closed' }],
      [a.STAFF!, 'POST', '/replies', { body: 'One more thing' }],
      [a.NGO_ADMIN!, 'PATCH', '', { priority: 'urgent' }],
      [a.NGO_ADMIN!, 'PATCH', '', { status: 'resolved' }],
      [a.NGO_ADMIN!, 'POST', '/replies', { body: 'Late answer' }],
      [a.NGO_ADMIN!, 'POST', '/replies', { body: 'Reopening', status: 'open' }],
    ];
    for (const [user, method, path, body] of refusals) {
      const res = await tc.send(method, `/${x.id}${path}`, user, body);
      expect(res.status, `${user.role} ${method} ${path} ${JSON.stringify(body)}`).toBe(409);
      expect(res.body.code).toBe(ticketErrorCodes.closed);
    }
    const reopened = await tc.change(a.NGO_ADMIN!, x.id, { status: 'open', priority: 'high' });
    expect(reopened).toMatchObject({ status: 'open', priority: 'high', resolvedAt: null });
    expect(minutesBetween(new Date().toISOString(), reopened.resolveDueAt)).toBeGreaterThan(
      ticketSlaTargets.high.resolveMinutes - 1,
    );
  });
});

describe('ratings', () => {
  it('asks for resolved or closed, takes one, and keeps it', async () => {
    const x = await tc.open(a.VIEWER!);
    const early = await tc.send('PUT', `/${x.id}/rating`, a.VIEWER, { score: 4 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(ticketErrorCodes.notResolved);
    await tc.change(a.ADMIN!, x.id, { status: 'resolved' });
    const rated = await tc.rate(a.VIEWER!, x.id, { score: 4, comment: '  Solved in a day.  ' });
    expect(rated.rating).toMatchObject({ score: 4, comment: 'Solved in a day.' });
    const twice = await tc.send('PUT', `/${x.id}/rating`, a.VIEWER, { score: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(ticketErrorCodes.alreadyRated);
    expect((await tc.send('PUT', `/${x.id}/rating`, a.ADMIN, { score: 5 })).status).toBe(403);

    const closedUnrated = await tc.open(a.VIEWER!);
    await tc.change(a.VIEWER!, closedUnrated.id, { status: 'closed' });
    expect((await tc.rate(a.VIEWER!, closedUnrated.id, { score: 2 })).rating).toMatchObject({
      score: 2,
      comment: '',
    });
  });
});

describe('the listing: paging, filters and search', () => {
  let c: Record<string, TestUser>;
  const subjects = [
    'Water pump broken at Nyamata',
    'Payroll question for March',
    'Cannot upload photos',
    'Feature: export volunteers',
    'Water meter reading wrong',
    'Password reset mail never arrives',
    'Thank you for the new chat',
  ];
  beforeAll(async () => {
    const ngoC = await createTestNgo(t, 'Charlie Care');
    c = {
      STAFF: await createTestUser(t, { ngoId: ngoC, role: 'STAFF', name: 'Carl Staff' }),
      VOLUNTEER: await createTestUser(t, { ngoId: ngoC, role: 'VOLUNTEER' }),
      NGO_ADMIN: await createTestUser(t, { ngoId: ngoC, role: 'NGO_ADMIN' }),
    };
    for (const [i, subject] of subjects.entries()) {
      await tc.open(i % 2 ? c.VOLUNTEER! : c.STAFF!, {
        subject,
        description: i === 3 ? 'A spreadsheet of every volunteer and their hours.' : 'Details inside.',
        category: i === 3 ? 'feature' : 'problem',
        priority: i === 0 ? 'urgent' : 'normal',
        audience: i === 6 ? 'platform' : 'ngo',
      });
    }
  });

  const list = async (user: TestUser, query = '') => {
    const res = await tc.send('GET', `?limit=100${query}`, user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    return res.body as unknown as Ticket[];
  };

  it('walks every page newest first, matching the whole list', async () => {
    const whole = await list(c.NGO_ADMIN!);
    // The platform ticket is not the NGO admin's.
    expect(whole.map((x) => x.subject)).toEqual(subjects.slice(0, 6).reverse());
    const walked: Ticket[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await tc.send('GET', `?limit=2${query}`, c.NGO_ADMIN);
      expect(page.status).toBe(200);
      walked.push(...(page.body as unknown as Ticket[]));
      cursor = page.headers.get(NEXT_CURSOR_HEADER);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(walked).toEqual(whole);
    const defaultPage = await tc.send('GET', '', c.NGO_ADMIN);
    expect((defaultPage.body as unknown as Ticket[]).length).toBe(6);
  });

  it('refuses a cursor sent with other filters or by another caller', async () => {
    const first = await tc.send('GET', '?limit=2', c.NGO_ADMIN);
    const cursor = encodeURIComponent(first.headers.get(NEXT_CURSOR_HEADER) ?? '');
    for (const [user, query] of [
      [c.NGO_ADMIN!, `?limit=2&status=open&cursor=${cursor}`],
      [c.STAFF!, `?limit=2&cursor=${cursor}`],
    ] as const) {
      const res = await tc.send('GET', query, user);
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('cursor');
    }
  });

  it('searches words as prefixes in the subject and description', async () => {
    expect((await list(c.NGO_ADMIN!, '&q=wat')).map((x) => x.subject)).toEqual([
      'Water meter reading wrong',
      'Water pump broken at Nyamata',
    ]);
    expect((await list(c.NGO_ADMIN!, '&q=PAY%20ques')).map((x) => x.subject)).toEqual([
      'Payroll question for March',
    ]);
    expect((await list(c.NGO_ADMIN!, '&q=spreadsheet')).map((x) => x.subject)).toEqual([
      'Feature: export volunteers',
    ]);
    expect(await list(c.NGO_ADMIN!, '&q=zebra')).toEqual([]);
    expect((await list(c.NGO_ADMIN!, '&q=%2B%2B')).length).toBe(6);
    // A requester searches only their own.
    expect(await list(c.VOLUNTEER!, '&q=wat')).toEqual([]);
    expect((await list(c.VOLUNTEER!, '&q=pay')).map((x) => x.subject)).toEqual([
      'Payroll question for March',
    ]);
  });

  it('filters by status, priority, category, audience, assignee and mine', async () => {
    const whole = await list(c.NGO_ADMIN!);
    const target = whole.find((x) => x.subject.startsWith('Cannot upload'))!;
    await tc.change(c.NGO_ADMIN!, target.id, { status: 'pending', assigneeId: c.NGO_ADMIN!.id });
    expect((await list(c.NGO_ADMIN!, '&status=pending')).map((x) => x.id)).toEqual([target.id]);
    expect((await list(c.NGO_ADMIN!, '&assignee=me')).map((x) => x.id)).toEqual([target.id]);
    expect((await list(c.NGO_ADMIN!, `&assignee=${c.NGO_ADMIN!.id}`)).map((x) => x.id)).toEqual([target.id]);
    expect((await list(c.NGO_ADMIN!, '&assignee=none')).length).toBe(5);
    expect((await list(c.NGO_ADMIN!, '&priority=urgent')).map((x) => x.subject)).toEqual([subjects[0]]);
    expect((await list(c.NGO_ADMIN!, '&category=feature')).map((x) => x.subject)).toEqual([subjects[3]]);
    expect((await list(c.STAFF!, '&audience=platform')).map((x) => x.subject)).toEqual([subjects[6]]);
    expect(await list(c.NGO_ADMIN!, '&audience=platform')).toEqual([]);
    expect(await list(c.NGO_ADMIN!, '&mine=true')).toEqual([]);
    const staffOwn = await list(c.STAFF!, '&mine=true');
    expect(staffOwn.map((x) => x.subject)).toEqual([subjects[6], subjects[4], subjects[2], subjects[0]]);
    expect(staffOwn.every((x) => x.requester.name === 'Carl Staff' && x.ngoName === 'Charlie Care')).toBe(
      true,
    );
  });
});

describe('stats', () => {
  let d: Record<string, TestUser>;
  let super1: TestUser;
  let stats: TicketStats;
  const now = new Date();
  const monday = mondayOf(now).getTime();
  const at = (week: number, minutesIn: number) =>
    new Date(monday + week * 7 * 86_400_000 + minutesIn * MINUTE);

  beforeAll(async () => {
    const ngoD = await createTestNgo(t, 'Delta Hope');
    d = {
      NGO_ADMIN: await createTestUser(t, { ngoId: ngoD, role: 'NGO_ADMIN' }),
      STAFF: await createTestUser(t, { ngoId: ngoD, role: 'STAFF' }),
    };
    super1 = await createTestUser(t, { ngoId: ngoD, role: 'SUPER_ADMIN' });
    const far = new Date(now.getTime() + 365 * 86_400_000);
    const past = new Date(now.getTime() - 60 * MINUTE);
    const row = (over: Partial<typeof tickets.$inferInsert>): typeof tickets.$inferInsert => ({
      id: newId(),
      ngoId: ngoD,
      audience: 'ngo',
      requesterId: d.STAFF!.id,
      subject: 'Stats',
      description: 'Stats',
      category: 'question',
      priority: 'normal',
      firstReplyDueAt: far,
      resolveDueAt: far,
      ...over,
    });
    await t.db.insert(tickets).values([
      // Two weeks ago: replied after 30 min, resolved after 120, closed, rated 4.
      row({
        status: 'closed',
        createdAt: at(-2, 60),
        firstReplyAt: at(-2, 90),
        resolvedAt: at(-2, 180),
        ratingScore: 4,
        ratedAt: at(-2, 200),
      }),
      // This week: replied after 90 min, resolved after 600, rated 5 and 2.
      row({
        status: 'resolved',
        createdAt: at(0, 10),
        firstReplyAt: at(0, 100),
        resolvedAt: at(0, 610),
        ratingScore: 5,
        ratedAt: at(0, 620),
      }),
      row({
        status: 'resolved',
        createdAt: at(0, 20),
        resolvedAt: at(0, 80),
        ratingScore: 2,
        ratedAt: at(0, 90),
      }),
      // Open and past its first-reply target: breached.
      row({ status: 'open', createdAt: at(0, 5), firstReplyDueAt: past }),
      // Pending, in time.
      row({ status: 'pending', createdAt: at(0, 15) }),
      // Resolved late is not 'breached' (only open and pending are).
      row({ status: 'resolved', createdAt: at(-1, 0), resolvedAt: at(-1, 30), resolveDueAt: past }),
      // Older than the period: counted by status only.
      row({ status: 'open', createdAt: at(-5, 0) }),
      // The platform's: not the NGO admin's queue.
      row({ status: 'open', audience: 'platform', createdAt: at(0, 30), firstReplyDueAt: past }),
    ]);
    stats = await tc.expectStatus<TicketStats>(tc.send('GET', '/stats?weeks=3', d.NGO_ADMIN), 200);
  });

  it('counts weeks (Monday, UTC) of the agent’s queue, oldest first', () => {
    const day = (week: number) => new Date(monday + week * 7 * 86_400_000).toISOString().slice(0, 10);
    expect(stats.weeks).toEqual([
      { weekStart: day(-2), opened: 1, resolved: 1, csat: 4, ratings: 1 },
      { weekStart: day(-1), opened: 1, resolved: 1, csat: null, ratings: 0 },
      { weekStart: day(0), opened: 4, resolved: 2, csat: 3.5, ratings: 2 },
    ]);
    expect(new Date(`${stats.weeks[0]!.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('counts statuses, breaches and the medians', () => {
    expect(stats.byStatus).toEqual({ open: 2, pending: 1, resolved: 3, closed: 1 });
    expect(stats.breached).toBe(1);
    // First replies after 30 and 90 minutes; resolutions after 120, 600, 60 and 30.
    expect(stats.medianFirstReplyMinutes).toBe(60);
    expect(stats.medianResolveMinutes).toBe(90);
  });

  it('takes the default of 8 weeks, and a SUPER_ADMIN’s queue holds every ticket', async () => {
    const eight = await tc.expectStatus<TicketStats>(tc.send('GET', '/stats', d.NGO_ADMIN), 200);
    expect(eight.weeks).toHaveLength(8);
    expect(eight.weeks.at(-1)).toEqual(stats.weeks.at(-1));
    const all = await tc.expectStatus<TicketStats>(tc.send('GET', '/stats?weeks=1', super1), 200);
    const total = Object.values(all.byStatus).reduce((n, x) => n + x, 0);
    expect(total).toBe(await t.db.$count(tickets));
    expect(all.breached).toBeGreaterThanOrEqual(2);
  });

  it('answers nulls and zeros for an empty queue', async () => {
    const empty = await createTestUser(t, { ngoId: await createTestNgo(t, 'Echo'), role: 'ADMIN' });
    const none = await tc.expectStatus<TicketStats>(tc.send('GET', '/stats?weeks=2', empty), 200);
    expect(none).toMatchObject({
      byStatus: { open: 0, pending: 0, resolved: 0, closed: 0 },
      breached: 0,
      medianFirstReplyMinutes: null,
      medianResolveMinutes: null,
    });
    expect(none.weeks.map((w) => [w.opened, w.resolved, w.csat, w.ratings])).toEqual([
      [0, 0, null, 0],
      [0, 0, null, 0],
    ]);
  });
});
