import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityErrorCodes,
  activityReport as reportSchema,
  type ActivityReport,
} from '../../../contract/activity-reports';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { roles } from '../../../contract/roles';
import { activityReports } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { utcDay } from './activity-reports.service';
import { insertReports, PNG, reportBody, reportId, sendPhoto } from './activity-testing';

let t: TestApp;
let a: Record<string, TestUser>;
let b: Record<string, TestUser>;
let vol2: TestUser;
/** A pending report of a.VOLUNTEER, and one of b.VOLUNTEER. */
let aReport: ActivityReport;
let bReportId: string;
let aTaskId: string;

const everyRole = [...roles, 'admin'];
const reviewers = ['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN', 'STAFF'];

async function submit(user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(t.app, 'POST', '/api/activity-reports', body, user.token, headers);
}

async function listAll(user: TestUser, query = ''): Promise<ActivityReport[]> {
  const res = await call(t.app, 'GET', `/api/activity-reports?limit=100${query}`, undefined, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as ActivityReport[];
}

beforeAll(async () => {
  t = await createTestApp();
  const ngoA = await createTestNgo(t, 'Alpha Relief');
  a = await createUserPerRole(t, ngoA);
  vol2 = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Zed Second' });
  const ngoB = await createTestNgo(t, 'Bravo Aid');
  b = await createUserPerRole(t, ngoB);
  const task = await call(
    t.app,
    'POST',
    '/api/tasks',
    { title: 'Sort clothes', dueOn: '2026-03-10', assigneeIds: [a.VOLUNTEER!.id] },
    a.STAFF!.token,
  );
  expect(task.status, JSON.stringify(task.body)).toBe(201);
  aTaskId = (task.body as unknown as { id: string }).id;
  const created = await submit(a.VOLUNTEER!, reportBody({ photos: ['a.png'] }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  aReport = reportSchema.parse(created.body);
  [bReportId] = (await insertReports(t, b.VOLUNTEER!, [{}])) as [string];
});
afterAll(() => t.close());

describe('the permission matrix (every role, two NGOs)', () => {
  type Send = (user: TestUser | undefined) => Promise<{ status: number }>;
  const pending = async () => (await insertReports(t, a.VOLUNTEER!, [{}]))[0]!;
  const endpoints: { name: string; allowed: string[]; ok: number; send: Send }[] = [
    {
      name: 'GET /api/activity-reports',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/activity-reports', undefined, u?.token),
    },
    {
      name: 'GET /api/activity-reports/{reportId}',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', `/api/activity-reports/${aReport.id}`, undefined, u?.token),
    },
    {
      name: 'GET /api/activity-reports/{reportId}/history',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', `/api/activity-reports/${aReport.id}/history`, undefined, u?.token),
    },
    {
      name: 'POST /api/activity-reports',
      allowed: ['VOLUNTEER'],
      ok: 201,
      send: (u) => call(t.app, 'POST', '/api/activity-reports', reportBody(), u?.token),
    },
    {
      name: 'PUT /api/activity-reports/{reportId}/photos/{name}',
      allowed: ['VOLUNTEER'],
      ok: 201,
      send: async (u) => {
        const created = await submit(a.VOLUNTEER!, reportBody({ photos: ['p.png'] }));
        return sendPhoto(t, u?.token, (created.body as unknown as { id: string }).id, 'p.png', PNG);
      },
    },
    {
      name: 'POST /api/activity-reports/review',
      allowed: reviewers,
      ok: 200,
      send: async (u) =>
        call(
          t.app,
          'POST',
          '/api/activity-reports/review',
          { ids: [await pending()], decision: 'approve' },
          u?.token,
        ),
    },
    {
      name: 'PATCH /api/activity-reports/{reportId}/hours',
      allowed: reviewers,
      ok: 200,
      send: async (u) =>
        call(
          t.app,
          'PATCH',
          `/api/activity-reports/${await pending()}/hours`,
          { minutes: 30, reason: 'Matrix' },
          u?.token,
        ),
    },
    {
      name: 'GET /api/hours/summary',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/hours/summary', undefined, u?.token),
    },
    {
      name: 'GET /api/hours/volunteers',
      allowed: everyRole.filter((r) => r !== 'VOLUNTEER'),
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/hours/volunteers', undefined, u?.token),
    },
    {
      name: 'GET /api/hours/export.csv',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/hours/export.csv', undefined, u?.token),
    },
  ];

  it.each(endpoints.map((e) => [e.name, e] as const))('%s: allowed, 403 or 401 by role', async (_, e) => {
    for (const role of everyRole) {
      const res = await e.send(a[role]);
      expect(res.status, `${e.name} as ${role}`).toBe(e.allowed.includes(role) ? e.ok : 403);
    }
    expect((await e.send(undefined)).status, `${e.name} without a token`).toBe(401);
  });

  it("answers another NGO's report as missing (a SUPER_ADMIN reads it by id, ADR 0020)", async () => {
    for (const role of everyRole) {
      const token = a[role]!.token;
      const get = await call(t.app, 'GET', `/api/activity-reports/${bReportId}`, undefined, token);
      expect(get.status, `GET as ${role}`).toBe(role === 'SUPER_ADMIN' ? 200 : 404);
      const history = await call(
        t.app,
        'GET',
        `/api/activity-reports/${bReportId}/history`,
        undefined,
        token,
      );
      expect(history.status, `history as ${role}`).toBe(role === 'SUPER_ADMIN' ? 200 : 404);
      const writeStatus = reviewers.includes(role) ? 404 : 403;
      const review = await call(
        t.app,
        'POST',
        '/api/activity-reports/review',
        { ids: [bReportId], decision: 'approve' },
        token,
      );
      expect(review.status, `review as ${role}`).toBe(writeStatus);
      const hours = await call(
        t.app,
        'PATCH',
        `/api/activity-reports/${bReportId}/hours`,
        { minutes: 5, reason: 'Taken' },
        token,
      );
      expect(hours.status, `hours as ${role}`).toBe(writeStatus);
      const photo = await sendPhoto(t, token, bReportId, 'x.png', PNG);
      expect(photo.status, `photo as ${role}`).toBe(role === 'VOLUNTEER' ? 404 : 403);
      expect((await listAll(a[role]!)).map((r) => r.id)).not.toContain(bReportId);
    }
    const [row] = await t.db.select().from(activityReports).where(eq(activityReports.id, bReportId));
    expect(row).toMatchObject({ status: 'pending', minutes: 60 });
  });

  it('keeps a volunteer to their own reports, whatever the filter says', async () => {
    const [othersId] = (await insertReports(t, vol2, [{}])) as [string];
    const own = await listAll(a.VOLUNTEER!, `&volunteerId=${vol2.id}`);
    expect(own).toEqual([]);
    const mine = await listAll(a.VOLUNTEER!);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.volunteerId === a.VOLUNTEER!.id)).toBe(true);
    expect(
      (await call(t.app, 'GET', `/api/activity-reports/${othersId}`, undefined, a.VOLUNTEER!.token)).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/activity-reports/${othersId}/history`, undefined, a.VOLUNTEER!.token))
        .status,
    ).toBe(404);
    expect((await listAll(a.STAFF!)).map((r) => r.id)).toContain(othersId);
  });
});

describe('POST /api/activity-reports', () => {
  it('stores the report as the device made it, pending, with its photos awaited', async () => {
    expect(aReport).toMatchObject({
      volunteerId: a.VOLUNTEER!.id,
      volunteerName: a.VOLUNTEER!.name,
      date: '2026-03-10',
      startTime: '09:00',
      endTime: '11:00',
      minutes: 120,
      reportedMinutes: 120,
      category: 'service',
      status: 'pending',
      declineReason: null,
      reviewedById: null,
      reviewedByName: '',
      photos: [{ name: 'a.png', fileId: null, sizeBytes: null }],
    });
  });

  it('takes hours instead of times, a task of theirs, a category and a GPS point', async () => {
    const body = reportBody({
      startTime: null,
      endTime: null,
      minutes: 45,
      taskId: aTaskId,
      category: 'training',
      location: { latitude: -1.95, longitude: 30.06, accuracy: 12 },
    });
    const res = await submit(a.VOLUNTEER!, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      minutes: 45,
      taskId: aTaskId,
      taskTitle: 'Sort clothes',
      category: 'training',
      location: { latitude: -1.95, longitude: 30.06, accuracy: 12 },
      startTime: null,
    });
  });

  it.each([
    ['times that do not agree with the hours', { minutes: 30 }, 'minutes'],
    ['an end before the start', { endTime: '08:00' }, 'endTime'],
    ['neither hours nor times', { startTime: null, endTime: null }, 'minutes'],
    ['a start without an end', { endTime: null }, 'endTime'],
    ['more than a day', { startTime: null, endTime: null, minutes: 1441 }, 'minutes'],
    ['an id that is not a UUID', { id: 'not-a-uuid' }, 'id'],
    ['no description', { description: '  ' }, 'description'],
    ['a photo that is not a picture', { photos: ['notes.txt'] }, 'photos.0'],
  ])('refuses %s (400 naming the field)', async (_, extra, field) => {
    const res = await submit(a.VOLUNTEER!, reportBody(extra));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it('refuses a day more than one day after today, and takes tomorrow', async () => {
    const later = await submit(a.VOLUNTEER!, reportBody({ date: utcDay(new Date(), 2) }));
    expect(later.status).toBe(400);
    expect(later.body).toMatchObject({ fields: { date: expect.any(String) } });
    const tomorrow = await submit(a.VOLUNTEER!, reportBody({ date: utcDay(new Date(), 1) }));
    expect(tomorrow.status).toBe(201);
  });

  it("refuses a task not assigned to them, or another NGO's (400 naming taskId)", async () => {
    const other = await call(
      t.app,
      'POST',
      '/api/tasks',
      { title: 'Only Zed', dueOn: '2026-03-10', assigneeIds: [vol2.id] },
      a.STAFF!.token,
    );
    for (const taskId of [(other.body as unknown as { id: string }).id, 'nosuchtask']) {
      const res = await submit(a.VOLUNTEER!, reportBody({ taskId }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ fields: { taskId: expect.any(String) } });
    }
  });

  it('answers a replay of the same report with 200 and keeps one row', async () => {
    const body = reportBody({ description: 'Replayed from the outbox.' });
    const first = await submit(a.VOLUNTEER!, body);
    expect(first.status).toBe(201);
    const again = await submit(a.VOLUNTEER!, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await t.db.select().from(activityReports).where(eq(activityReports.id, body.id));
    expect(rows).toHaveLength(1);
  });

  it('replays through the Idempotency-Key too', async () => {
    const body = reportBody({ description: 'Sent with a key.' });
    const headers = { 'idempotency-key': reportId() };
    const first = await submit(a.VOLUNTEER!, body, headers);
    expect(first.status).toBe(201);
    const again = await submit(a.VOLUNTEER!, body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it("answers 409 for the same id with other content, or someone else's id, and changes nothing", async () => {
    const body = reportBody({ description: 'The original.' });
    expect((await submit(a.VOLUNTEER!, body)).status).toBe(201);
    const changed = await submit(a.VOLUNTEER!, { ...body, description: 'Something else.' });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: activityErrorCodes.reportConflict });
    const byOther = await submit(vol2, body);
    expect(byOther.status).toBe(409);
    const byOtherNgo = await submit(b.VOLUNTEER!, body);
    expect(byOtherNgo.status).toBe(409);
    expect(JSON.stringify(byOtherNgo.body)).not.toContain('The original');
    const [row] = await t.db.select().from(activityReports).where(eq(activityReports.id, body.id));
    expect(row).toMatchObject({ description: 'The original.', volunteerId: a.VOLUNTEER!.id });
  });
});

describe('GET /api/activity-reports', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = await insertReports(t, vol2, [
      { date: '2025-01-05', status: 'approved', description: 'Painted the FENCE' },
      { date: '2025-01-06', status: 'declined' },
      { date: '2025-01-07' },
    ]);
  });

  it('filters by status, volunteer, days and words, newest day first', async () => {
    const staff = a.STAFF!;
    const range = `&volunteerId=${vol2.id}&from=2025-01-01&to=2025-01-31`;
    expect((await listAll(staff, range)).map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await listAll(staff, `${range}&status=pending`)).map((r) => r.id)).toEqual([ids[2]]);
    expect((await listAll(staff, '&q=fence')).map((r) => r.id)).toEqual([ids[0]]);
    const wrong = await call(
      t.app,
      'GET',
      '/api/activity-reports?from=2025-02-01&to=2025-01-01',
      undefined,
      staff.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { to: expect.any(String) } });
  });

  it('pages with a cursor bound to the filters', async () => {
    const query = `/api/activity-reports?volunteerId=${vol2.id}&from=2025-01-01&to=2025-01-31&limit=2`;
    const first = await call(t.app, 'GET', query, undefined, a.STAFF!.token);
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const second = await call(t.app, 'GET', `${query}&cursor=${cursor}`, undefined, a.STAFF!.token);
    expect((second.body as unknown as ActivityReport[]).map((r) => r.id)).toEqual([ids[0]]);
    expect(second.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    const misused = await call(
      t.app,
      'GET',
      `/api/activity-reports?limit=2&cursor=${cursor}`,
      undefined,
      a.STAFF!.token,
    );
    expect(misused.status).toBe(400);
  });

  it('answers every report in the contract shape', async () => {
    for (const r of await listAll(a.STAFF!)) expect(reportSchema.safeParse(r).success).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every route with bearer security', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const routes: [string, string][] = [
      ['/api/activity-reports', 'get'],
      ['/api/activity-reports', 'post'],
      ['/api/activity-reports/{reportId}', 'get'],
      ['/api/activity-reports/{reportId}/photos/{name}', 'put'],
      ['/api/activity-reports/review', 'post'],
      ['/api/activity-reports/{reportId}/hours', 'patch'],
      ['/api/activity-reports/{reportId}/history', 'get'],
      ['/api/hours/summary', 'get'],
      ['/api/hours/volunteers', 'get'],
      ['/api/hours/export.csv', 'get'],
    ];
    for (const [path, method] of routes)
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
  });
});
