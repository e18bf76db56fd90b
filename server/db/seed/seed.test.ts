import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roles } from '../../../contract/roles';
import { verifyPassword } from '../../services/auth/passwords';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { blogs, causes, donations, grants, invites, ngoSubscriptions, ngos, users } from '../schema';
import { DEMO_NGO, DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './index';
import { utcDay } from './prng';
import { buildSampleBlogs } from './sample-blogs';
import { buildSampleGrants } from './sample-grants';
import { SAMPLE_DEACTIVATED_MEMBER, SAMPLE_INVITE } from './sample-members';
import { SAMPLE_CAMPAIGN, SAMPLE_PHONES, SCHEDULED_CAMPAIGN } from './sample-campaigns';

let t: TestApp;
const now = new Date();
const today = utcDay(now);

async function counts() {
  return {
    ngos: await t.db.$count(ngos),
    users: await t.db.$count(users),
    grants: await t.db.$count(grants),
    blogs: await t.db.$count(blogs),
    causes: await t.db.$count(causes),
    donations: await t.db.$count(donations),
    invites: await t.db.$count(invites),
    subscriptions: await t.db.$count(ngoSubscriptions),
  };
}

async function signInAs(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`missing ${email}`);
  return t.jwt.sign({ sub: user.id, ngo: user.ngoId, role: user.role, sv: 1 });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedDemoData', () => {
  it('seeds once even when two calls race', async () => {
    const results = await Promise.all([seedDemoData(t.db, { now }), seedDemoData(t.db, { now })]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(await counts()).toEqual({
      ngos: 1,
      users: 8,
      grants: 64,
      blogs: 14,
      causes: 2,
      donations: 6,
      invites: 1,
      subscriptions: 1,
    });
  });

  it('creates the demo organisation, marked as sample data', async () => {
    const rows = await t.db.select().from(ngos);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: DEMO_NGO.name,
      country: 'Rwanda',
      // Its members need more than the free plan's 5 seats (keepDemoWithinPlan).
      plan: 'growth',
      isSample: true,
    });
  });

  it('creates one verified account per role, sharing the demo password', async () => {
    const rows = (await t.db.select().from(users)).filter((u) => u.email !== SAMPLE_DEACTIVATED_MEMBER.email);
    const [ngo] = await t.db.select().from(ngos);
    expect(rows.map((u) => u.role).sort()).toEqual([...roles].sort());
    expect(rows.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(rows.find((u) => u.email === 'ngoadmin@demo.ngo')).toMatchObject({
      name: 'Nadia Uwase',
      role: 'NGO_ADMIN',
    });
    for (const u of rows) {
      expect(u.ngoId).toBe(ngo?.id);
      expect(u.emailVerifiedAt).toBeInstanceOf(Date);
      expect(u.passwordHash).toBe(rows[0]?.passwordHash);
    }
    expect(await verifyPassword(rows[0]?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(rows[0]?.passwordHash ?? '', 'wrong-password')).toBe(false);
  });

  it('adds at least 60 varied sample grants with comma-separated lists', async () => {
    const rows = await t.db.select().from(grants);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.every((g) => g.isSample)).toBe(true);
    expect(new Set(rows.map((g) => g.title)).size).toBe(rows.length);
    const categories = new Set(rows.map((g) => g.category));
    for (const c of ['Health', 'Education', 'Agriculture', 'Climate', 'Human Rights', 'Water & Sanitation']) {
      expect(categories).toContain(c);
    }
    expect(categories).toContain('Gender Equality');
    expect(new Set(rows.map((g) => g.donorAgency)).size).toBeGreaterThanOrEqual(10);
    expect(rows.some((g) => g.country.includes(', '))).toBe(true);
    expect(rows.some((g) => g.areaOfInterest.includes(', '))).toBe(true);
    expect(rows.some((g) => !g.country.includes(','))).toBe(true);
    for (const g of rows) {
      expect(g.grantSize).toMatch(/\d/);
      expect(g.description.length).toBeGreaterThan(100);
      expect(g.eligibility.length).toBeGreaterThan(100);
      expect(g.applicationUrl).toMatch(/^https:\/\/example\.org\//);
      expect(g.sourceUrl).toMatch(/^https:\/\/example\.org\//);
      expect([null, 'funding-opportunity.png']).toContain(g.imageUrl);
      expect(g.postDate <= today).toBe(true);
      expect(g.postDate >= utcDay(now, -310)).toBe(true);
      if (g.deadlineDate) expect(g.deadlineDate > g.postDate).toBe(true);
    }
  });

  it('spreads deadlines around the seeding date', async () => {
    const rows = await t.db.select().from(grants);
    const deadlines = rows.map((g) => g.deadlineDate);
    const past = deadlines.filter((d) => d !== null && d < today).length;
    const soon = deadlines.filter((d) => d !== null && d >= today && d <= utcDay(now, 14)).length;
    const later = deadlines.filter((d) => d !== null && d > utcDay(now, 14)).length;
    expect(past).toBeGreaterThanOrEqual(3);
    expect(soon).toBeGreaterThanOrEqual(5);
    expect(later).toBeGreaterThan(rows.length / 2);
    expect(deadlines.filter((d) => d === null).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((g) => g.postDate >= utcDay(now, -30)).length).toBeGreaterThanOrEqual(5);
  });

  it('adds at least 12 sample blogs with real Markdown', async () => {
    const rows = await t.db.select().from(blogs);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.every((b) => b.isSample)).toBe(true);
    for (const b of rows) {
      expect(b.content).toMatch(/^## /m);
      expect(b.content).toMatch(/^(- |\d\. )/m);
      expect(b.content.split('\n\n').length).toBeGreaterThanOrEqual(5);
      expect(['informative', 'inspirational', 'casual', 'formal']).toContain(b.tone);
      expect(b.keywords).toContain(',');
      expect(b.summary).not.toBe('');
      expect(b.author).not.toBe('');
      expect([null, 'blog-default.png']).toContain(b.imageUrl);
      expect(b.postDate <= today).toBe(true);
      if (b.source === 'generated') expect(b.generatedAt).toBeInstanceOf(Date);
      else expect(b.generatedAt).toBeNull();
    }
    expect(rows.filter((b) => b.source === 'manual').length).toBeGreaterThan(rows.length / 2);
    expect(rows.filter((b) => b.source === 'generated').length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((b) => b.category)).size).toBeGreaterThanOrEqual(6);
  });

  it('gives the demo accounts a working dashboard and member list', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'ngoadmin@demo.ngo'));
    if (!admin) throw new Error('missing demo admin');
    const token = await t.jwt.sign({ sub: admin.id, ngo: admin.ngoId, role: admin.role, sv: 1 });
    const summary = await call(t.app, 'GET', '/api/dashboard/summary', undefined, token);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      ngo: { name: DEMO_NGO.name },
      // The seven accounts; the deactivated former member is not counted.
      members: { total: 7, unverified: 0 },
      grants: { total: 64 },
      blogs: { total: 14 },
    });
    const members = await call(t.app, 'GET', `/api/ngos/${admin.ngoId}/members`, undefined, token);
    expect(members.status).toBe(200);
    expect(members.body).toHaveLength(7);
  });

  it('keeps the demo within its own plan: a running Growth subscription, a pending invitation, a deactivated member', async () => {
    const admin = await signInAs('ngoadmin@demo.ngo');
    const seats = await call(t.app, 'GET', '/api/members/seats', undefined, admin);
    expect(seats.body).toEqual({ limit: 25, active: 7, pendingInvites: 1, planName: 'NGO Growth' });
    const [sub] = await t.db.select().from(ngoSubscriptions);
    expect(sub).toMatchObject({ planId: 'growth', status: 'active', lastPaymentId: null });
    expect(sub!.renewsAt.getTime()).toBeGreaterThan(now.getTime() + 300 * 86_400_000);
    const pending = await call(t.app, 'GET', '/api/invites', undefined, admin);
    expect(pending.body).toEqual([
      expect.objectContaining({ ...SAMPLE_INVITE, status: 'pending', invitedBy: 'Nadia Uwase' }),
    ]);
    const former = await call(
      t.app,
      'GET',
      `/api/members?q=${encodeURIComponent(SAMPLE_DEACTIVATED_MEMBER.email)}`,
      undefined,
      admin,
    );
    expect(former.body).toEqual([
      expect.objectContaining({ ...SAMPLE_DEACTIVATED_MEMBER, status: 'deactivated' }),
    ]);
    const signIn = await call(t.app, 'POST', '/api/auth/signin', {
      email: SAMPLE_DEACTIVATED_MEMBER.email,
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(403);
  });

  it('renews the seeded subscription on a later run once it has lapsed', async () => {
    await t.db.update(ngoSubscriptions).set({ renewsAt: new Date(now.getTime() - 1000) });
    const before = await counts();
    expect(await seedDemoData(t.db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    const [sub] = await t.db.select().from(ngoSubscriptions);
    expect(sub!.renewsAt.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it('adds sample causes with donations that match their totals, visible to the demo admin', async () => {
    const admin = await signInAs('ngoadmin@demo.ngo');
    const list = await call(t.app, 'GET', '/api/causes', undefined, admin);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(2);
    for (const c of list.body as unknown as { id: string; raisedMinor: number; donorCount: number }[]) {
      const detail = await call(t.app, 'GET', `/api/causes/${c.id}`, undefined, admin);
      const gifts = detail.body.recentDonations as unknown as { amountMinor: number }[];
      expect(gifts.reduce((sum, d) => sum + d.amountMinor, 0)).toBe(c.raisedMinor);
      expect(gifts).toHaveLength(c.donorCount);
    }
  });

  it('gives the demo admin a past campaign with every final status and a scheduled one; members see it in the app', async () => {
    const admin = await signInAs('ngoadmin@demo.ngo');
    const list = await call(t.app, 'GET', '/api/campaigns', undefined, admin);
    expect(list.status).toBe(200);
    const listed = list.body as unknown as { id: string; name: string; status: string }[];
    expect(listed.map((c) => [c.name, c.status])).toEqual([
      [SCHEDULED_CAMPAIGN.name, 'scheduled'],
      [SAMPLE_CAMPAIGN.name, 'sent'],
    ]);
    const report = await call(t.app, 'GET', `/api/campaigns/${listed[1]!.id}`, undefined, admin);
    const email = report.body.byChannel as unknown as Record<string, Record<string, number>>;
    expect(email.email).toMatchObject({ sent: 5, bounced: 1, failed: 1, queued: 0, sending: 0 });
    expect(email.in_app).toMatchObject({ sent: 7 });
    expect(report.body.opened).toBe(3);
    // This server has no SMS provider: the composer is told, and a campaign by SMS is refused.
    const audience = await call(
      t.app,
      'POST',
      '/api/campaigns/audience',
      { segment: { kind: 'members' }, channels: ['email', 'sms'] },
      admin,
    );
    expect(audience.body).toMatchObject({ people: 7, smsAvailable: false, byChannel: { email: 7, sms: 4 } });
    const bySms = await call(
      t.app,
      'POST',
      '/api/campaigns',
      { name: 'x', subject: 'x', body: 'x', channels: ['sms'], segment: { kind: 'members' } },
      admin,
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(bySms.status).toBe(400);
    expect(bySms.body.fields).toEqual({ channels: expect.stringMatching(/SMS is not set up/) as unknown });
    const grace = await signInAs('volunteer@demo.ngo');
    const bell = await call(t.app, 'GET', '/api/notifications', undefined, grace);
    expect(bell.body.unread).toBe(1);
    expect((bell.body.items as unknown as { title: string }[])[0]!.title).toBe('Thank you, Grace');
    const [phone] = await t.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.email, 'volunteer@demo.ngo'));
    expect(phone?.phone).toBe(SAMPLE_PHONES['volunteer@demo.ngo']);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    const grantIds = (await t.db.select({ id: grants.id }).from(grants)).map((g) => g.id).sort();
    expect(await seedDemoData(t.db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    expect((await t.db.select({ id: grants.id }).from(grants)).map((g) => g.id).sort()).toEqual(grantIds);
  });
});

describe('sample content builders', () => {
  const fixed = new Date('2026-03-01T10:00:00.000Z');

  it('are deterministic and never use Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const first = { grants: buildSampleGrants(fixed), blogs: buildSampleBlogs(fixed) };
    const second = { grants: buildSampleGrants(fixed), blogs: buildSampleBlogs(fixed) };
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    expect(second).toEqual(first);
  });

  it('date everything relative to the seeding day', () => {
    const g = buildSampleGrants(fixed);
    const later = buildSampleGrants(new Date('2026-03-11T10:00:00.000Z'));
    expect(g.every((x) => x.postDate <= '2026-03-01')).toBe(true);
    expect(later[0]?.postDate).toBe(utcDay(new Date(`${g[0]?.postDate}T00:00:00.000Z`), 10));
    expect(buildSampleBlogs(fixed).every((b) => b.postDate <= '2026-03-01')).toBe(true);
  });
});
