import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dashboardSummary } from '../../../contract/dashboard';
import { activityReports, blogs, grants, ngos, users } from '../../db/schema';
import { tenantOf } from '../../services/auth/tenant-scope';
import { newId } from '../../services/ids';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { getDashboardSummary, utcDay } from './dashboard.service';

let t: TestApp;
const now = new Date();
const day = (offset: number) => utcDay(now, offset);

const ngoA = { id: newId(), name: 'Alpha Relief' };
const ngoB = { id: newId(), name: 'Bravo Aid' };
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function addUser(ngoId: string, key: string, name: string, role: string, verified = true) {
  const id = newId();
  await t.db.insert(users).values({
    id,
    ngoId,
    name,
    email: `${key}@dashboard.test`,
    passwordHash: 'not-a-real-hash',
    role,
    emailVerifiedAt: verified ? new Date() : null,
  });
  tokens[key] = await t.jwt.sign({ sub: id, ngo: ngoId, role, sv: 1 });
  ids[key] = id;
}

/** An activity report of `key`'s in their NGO (volunteer hours, issue 15). */
function report(key: string, ngoId: string, date: string, minutes: number, status: string) {
  return {
    id: newId(),
    ngoId,
    volunteerId: ids[key] ?? '',
    date,
    minutes,
    reportedMinutes: minutes,
    description: 'Helped out',
    status,
  };
}

function grant(title: string, postOffset: number, deadlineOffset: number | null) {
  return {
    id: newId(),
    title,
    category: 'Health',
    donorAgency: `Donor of ${title}`,
    grantSize: '$10,000 - $50,000',
    postDate: day(postOffset),
    deadlineDate: deadlineOffset === null ? null : day(deadlineOffset),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(ngos).values([
    { ...ngoA, plan: 'starter', createdAt: new Date('2025-01-02T03:04:05.000Z') },
    { ...ngoB, plan: 'pro' },
  ]);
  await addUser(ngoA.id, 'a-admin', 'Alice Admin', 'NGO_ADMIN');
  await addUser(ngoA.id, 'a-staff', 'Sam Staff', 'STAFF', false);
  await addUser(ngoA.id, 'a-volunteer', 'Val Volunteer', 'VOLUNTEER');
  // Stored data may hold the legacy lowercase spelling; it counts as ADMIN.
  await addUser(ngoA.id, 'a-legacy', 'Leo Legacy', 'admin');
  await addUser(ngoA.id, 'a-super', 'Sue Super', 'SUPER_ADMIN');
  await addUser(ngoB.id, 'b-admin', 'Bravo Boss', 'NGO_ADMIN', false);
  await addUser(ngoB.id, 'b-staff1', 'Bravo Staffer One', 'STAFF');
  // Deactivated (staff management): never counted nor listed as a member.
  await addUser(ngoB.id, 'b-former', 'Bravo Former', 'STAFF');
  await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.email, 'b-former@dashboard.test'));

  await t.db
    .insert(grants)
    .values([
      grant('closed yesterday', -100, -1),
      grant('closes today', -10, 0),
      grant('closes in 14 days', -30, 14),
      grant('closes in 15 days', -31, 15),
      grant('rolling', -5, null),
      grant('closes in 3 days', -200, 3),
      grant('closes in 20 days', -200, 20),
      grant('closes in 40 days', -200, 40),
      grant('closes in 60 days', -200, 60),
    ]);
  await t.db.insert(blogs).values(
    [-1, -5, -10, -2].map((offset) => ({
      id: newId(),
      title: `Posted ${-offset} days ago`,
      category: 'Fundraising',
      content: '## Hello',
      postDate: day(offset),
    })),
  );
  // Today's month is certain to hold `today` itself; a day a year and a half back is in neither month nor year.
  const longAgo = utcDay(new Date(now.getTime() - 550 * 86_400_000));
  await t.db.insert(activityReports).values([
    report('a-volunteer', ngoA.id, day(0), 90, 'approved'),
    report('a-volunteer', ngoA.id, longAgo, 30, 'approved'),
    report('a-volunteer', ngoA.id, day(0), 600, 'pending'),
    report('a-volunteer', ngoA.id, day(0), 700, 'declined'),
    // Another member of the NGO: in the organisation's figures, never in the volunteer's own.
    report('a-legacy', ngoA.id, day(0), 45, 'approved'),
    report('a-legacy', ngoA.id, day(0), 20, 'pending'),
    report('b-staff1', ngoB.id, day(0), 999, 'approved'),
  ]);
});
afterAll(() => t.close());

describe('GET /api/dashboard/summary', () => {
  it("answers real figures for the caller's organisation", async () => {
    const res = await call(t.app, 'GET', '/api/dashboard/summary', undefined, tokens['a-staff']);
    expect(res.status).toBe(200);
    expect(dashboardSummary.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({
      ngo: { id: ngoA.id, name: 'Alpha Relief', plan: 'starter', createdAt: '2025-01-02T03:04:05.000Z' },
      members: {
        total: 5,
        byRole: {
          SUPER_ADMIN: 1,
          ADMIN: 1,
          NGO_ADMIN: 1,
          STAFF: 1,
          VOLUNTEER: 1,
          ANALYST: 0,
          VIEWER: 0,
        },
        unverified: 1,
      },
      grants: { open: 8, closingSoon: 3, newThisMonth: 3, total: 9 },
      volunteerHours: { thisMonth: 135, thisYear: 135, allTime: 165, pendingReports: 2 },
      blogs: {
        total: 4,
        latest: [
          expect.objectContaining({ title: 'Posted 1 days ago', category: 'Fundraising', postDate: day(-1) }),
          expect.objectContaining({ title: 'Posted 2 days ago', postDate: day(-2) }),
          expect.objectContaining({ title: 'Posted 5 days ago', postDate: day(-5) }),
        ],
      },
      upcomingDeadlines: [
        expect.objectContaining({
          title: 'closes today',
          deadlineDate: day(0),
          donorAgency: 'Donor of closes today',
        }),
        expect.objectContaining({ title: 'closes in 3 days', deadlineDate: day(3) }),
        expect.objectContaining({ title: 'closes in 14 days', deadlineDate: day(14) }),
        expect.objectContaining({ title: 'closes in 15 days', deadlineDate: day(15) }),
        expect.objectContaining({
          title: 'closes in 20 days',
          deadlineDate: day(20),
          grantSize: '$10,000 - $50,000',
        }),
      ],
    });
  });

  it("never counts another organisation's members", async () => {
    const res = await call(t.app, 'GET', '/api/dashboard/summary', undefined, tokens['b-admin']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ngo: { id: ngoB.id, name: 'Bravo Aid', plan: 'pro' },
      members: { total: 2, byRole: { NGO_ADMIN: 1, STAFF: 1, VOLUNTEER: 0 }, unverified: 1 },
      // Grants and blogs are the shared catalogue.
      grants: { total: 9 },
      blogs: { total: 4 },
    });
    expect(JSON.stringify(res.body)).not.toContain(ngoA.id);
    expect(JSON.stringify(res.body)).not.toContain('Alpha');
  });

  it("sums a volunteer's own approved hours, and the organisation's for everyone else", async () => {
    const asVolunteer = await getDashboardSummary(
      t.db,
      tenantOf({ ngoId: ngoA.id, role: 'VOLUNTEER' }),
      now,
      {
        id: ids['a-volunteer'] ?? '',
        role: 'VOLUNTEER',
      },
    );
    // Pending and declined reports never count; the pending one is counted as waiting.
    expect(asVolunteer.volunteerHours).toEqual({
      thisMonth: 90,
      thisYear: 90,
      allTime: 120,
      pendingReports: 1,
    });
    const asAdmin = await getDashboardSummary(t.db, tenantOf({ ngoId: ngoA.id, role: 'NGO_ADMIN' }), now, {
      id: ids['a-admin'] ?? '',
      role: 'NGO_ADMIN',
    });
    expect(asAdmin.volunteerHours).toEqual({
      thisMonth: 135,
      thisYear: 135,
      allTime: 165,
      pendingReports: 2,
    });
    const other = await call(t.app, 'GET', '/api/dashboard/summary', undefined, tokens['b-admin']);
    expect(other.body).toMatchObject({ volunteerHours: { allTime: 999, pendingReports: 0 } });
  });

  it('keeps a SUPER_ADMIN on their own organisation', async () => {
    const res = await call(t.app, 'GET', '/api/dashboard/summary', undefined, tokens['a-super']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ngo: { id: ngoA.id }, members: { total: 5 } });
    expect(JSON.stringify(res.body)).not.toContain('Bravo');
  });

  it('is open to every role, volunteers included', async () => {
    for (const key of ['a-admin', 'a-volunteer', 'a-legacy']) {
      const res = await call(t.app, 'GET', '/api/dashboard/summary', undefined, tokens[key]);
      expect(res.status, key).toBe(200);
    }
  });

  it('answers 401 without a valid token', async () => {
    const missing = await call(t.app, 'GET', '/api/dashboard/summary');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    const bogus = await call(t.app, 'GET', '/api/dashboard/summary', undefined, 'not-a-jwt');
    expect(bogus.status).toBe(401);
  });

  it('is documented in the OpenAPI document with bearer security', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const doc = res.body as unknown as { paths: Record<string, { get?: { security?: unknown } }> };
    expect(doc.paths['/api/dashboard/summary']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });
});
