import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOURS_CSV_COLUMNS,
  hoursSummary as summarySchema,
  type HoursSummary,
  type VolunteerHours,
} from '../../../contract/activity-reports';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { csvCell } from './hours.service';
import { insertReports } from './activity-testing';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let staff: TestUser;
let viewer: TestUser;
let elsewhere: TestUser;

/** The caller's day every figure below is computed for. */
const TODAY = '2026-03-15';

const summary = async (user: TestUser, query = `today=${TODAY}`) => {
  const res = await call(t.app, 'GET', `/api/hours/summary?${query}`, undefined, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(summarySchema.safeParse(res.body).success).toBe(true);
  return res.body as unknown as HoursSummary;
};

beforeAll(async () => {
  t = await createTestApp();
  const ngo = await createTestNgo(t, 'Hours Relief');
  ann = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Ann Able', email: 'ann@hours.test' });
  bob = await createTestUser(t, {
    ngoId: ngo,
    role: 'VOLUNTEER',
    name: 'bob Baker',
    email: 'bob@hours.test',
  });
  staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });
  viewer = await createTestUser(t, { ngoId: ngo, role: 'VIEWER' });
  elsewhere = await createTestUser(t, { ngoId: await createTestNgo(t, 'Other'), role: 'VOLUNTEER' });
  await insertReports(t, ann, [
    // This month (both edges), this year, last year; service and training.
    { date: '2026-03-01', minutes: 60, status: 'approved' },
    { date: '2026-03-31', minutes: 30, status: 'approved', category: 'training' },
    { date: '2026-02-28', minutes: 120, status: 'approved', description: '=HYPERLINK("http://evil")' },
    { date: '2026-01-01', minutes: 15, status: 'approved', category: 'training' },
    { date: '2025-12-31', minutes: 600, status: 'approved', description: 'Year end, "big" day, with commas' },
    { date: '2025-03-10', minutes: 45, status: 'approved' },
    // Never counted.
    { date: '2026-03-02', minutes: 1000, status: 'pending' },
    { date: '2026-03-03', minutes: 1000, status: 'declined' },
  ]);
  await insertReports(t, bob, [
    { date: '2026-03-05', minutes: 90, status: 'approved', category: 'training' },
    { date: '2026-03-06', minutes: 500, status: 'pending' },
  ]);
  await insertReports(t, elsewhere, [{ date: '2026-03-05', minutes: 999, status: 'approved' }]);
});
afterAll(() => t.close());

describe('GET /api/hours/summary', () => {
  it("sums a volunteer's approved hours only, by today's month and year, training apart", async () => {
    const s = await summary(ann);
    expect(s).toMatchObject({
      thisMonth: 90,
      thisYear: 60 + 30 + 120 + 15,
      allTime: 60 + 30 + 120 + 15 + 600 + 45,
      trainingAllTime: 45,
      trainingThisYear: 45,
      reports: 6,
      pendingReports: 1,
    });
    expect(s.byMonth).toHaveLength(12);
    expect(s.byMonth[0]).toEqual({ month: '2025-04', service: 0, training: 0 });
    expect(s.byMonth.slice(-4)).toEqual([
      { month: '2025-12', service: 600, training: 0 },
      { month: '2026-01', service: 0, training: 15 },
      { month: '2026-02', service: 120, training: 0 },
      { month: '2026-03', service: 60, training: 30 },
    ]);
  });

  it('moves the month and the year with `today`', async () => {
    expect(await summary(ann, 'today=2025-12-31')).toMatchObject({
      thisMonth: 600,
      thisYear: 645,
      allTime: 870,
    });
    expect(await summary(ann, 'today=2026-02-01')).toMatchObject({ thisMonth: 120, thisYear: 225 });
  });

  it("keeps a volunteer to their own, whatever volunteerId says; staff read the NGO's or one volunteer's", async () => {
    expect(await summary(ann, `today=${TODAY}&volunteerId=${bob.id}`)).toMatchObject({ allTime: 870 });
    expect(await summary(staff)).toMatchObject({
      allTime: 960,
      thisMonth: 180,
      trainingAllTime: 135,
      pendingReports: 2,
    });
    expect(await summary(viewer, `today=${TODAY}&volunteerId=${bob.id}`)).toMatchObject({
      allTime: 90,
      pendingReports: 1,
    });
    const stranger = await call(
      t.app,
      'GET',
      `/api/hours/summary?volunteerId=${elsewhere.id}`,
      undefined,
      staff.token,
    );
    expect(stranger.status).toBe(404);
  });

  it('refuses a malformed day', async () => {
    const res = await call(t.app, 'GET', '/api/hours/summary?today=2026-13-01', undefined, ann.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { today: expect.any(String) } });
  });
});

describe('GET /api/hours/volunteers', () => {
  it('lists every active volunteer with their totals, by name; q narrows', async () => {
    const res = await call(t.app, 'GET', `/api/hours/volunteers?today=${TODAY}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    const rows = res.body as unknown as VolunteerHours[];
    expect(rows.map((r) => [r.volunteerName, r.allTime, r.thisMonth, r.reports])).toEqual([
      ['Ann Able', 870, 90, 6],
      ['bob Baker', 90, 90, 1],
    ]);
    const q = await call(t.app, 'GET', '/api/hours/volunteers?q=BOB@', undefined, staff.token);
    expect((q.body as unknown as VolunteerHours[]).map((r) => r.email)).toEqual(['bob@hours.test']);
  });
});

describe('GET /api/hours/export.csv', () => {
  const csvOf = async (user: TestUser, query = '') => {
    const res = await t.app.request(`/api/hours/export.csv${query}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="volunteer-hours-.*\.csv"$/,
    );
    return (await res.text()).replace(/^\uFEFF/, '');
  };

  it('writes the approved reports by day, quoted as RFC 4180 says, with no formula left live', async () => {
    const csv = await csvOf(ann, '?from=2025-12-01&to=2026-02-28');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(HOURS_CSV_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual([
      '2025-12-31,Ann Able,Service,10,,"Year end, ""big"" day, with commas",,',
      '2026-01-01,Ann Able,Training,0.25,,Helped at the food bank.,,',
      `2026-02-28,Ann Able,Service,2,,"'=HYPERLINK(""http://evil"")",,`,
      '',
    ]);
  });

  it("gives a volunteer only their own; staff the NGO's, never pending or declined", async () => {
    const mine = await csvOf(bob, `?volunteerId=${ann.id}`);
    expect(mine.split('\r\n').slice(1, -1)).toEqual([
      '2026-03-05,bob Baker,Training,1.5,,Helped at the food bank.,,',
    ]);
    const all = (await csvOf(staff)).split('\r\n').slice(1, -1);
    expect(all).toHaveLength(7);
    expect(all.join('\n')).not.toContain(',16.67,');
  });

  it('guards every text cell against formulas', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', 'plain'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      'plain',
    ]);
    expect(csvCell(-1.5)).toBe('-1.5');
  });
});
