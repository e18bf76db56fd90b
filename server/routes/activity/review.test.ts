import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityErrorCodes,
  REVIEW_BATCH_MAX,
  type ActivityHistoryEntry,
  type ActivityReport,
} from '../../../contract/activity-reports';
import { activityReports, auditLog } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import { insertReports, reportBody, reportId } from './activity-testing';

let t: TestApp;
let volunteer: TestUser;
let staff: TestUser;
let admin: TestUser;
let foreign: TestUser;

const review = (
  body: Record<string, unknown>,
  user: TestUser = staff,
  headers: Record<string, string> = {},
) => call(t.app, 'POST', '/api/activity-reports/review', body, user.token, headers);

const statusesOf = async (ids: string[]) =>
  (
    await t.db
      .select({ status: activityReports.status })
      .from(activityReports)
      .where(inArray(activityReports.id, ids))
  ).map((r) => r.status);

const auditOf = (ids: string[]) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'activity_report'), inArray(auditLog.targetId, ids)));

beforeAll(async () => {
  t = await createTestApp();
  const ngo = await createTestNgo(t, 'Review Relief');
  volunteer = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Val Volunteer' });
  staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF', name: 'Sam Staff' });
  admin = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN', name: 'Ada Admin' });
  foreign = await createTestUser(t, { ngoId: await createTestNgo(t, 'Elsewhere'), role: 'VOLUNTEER' });
});
afterAll(() => t.close());

describe('POST /api/activity-reports/review', () => {
  it(`approves ${REVIEW_BATCH_MAX} reports in one request, each audited`, async () => {
    const ids = await insertReports(
      t,
      volunteer,
      Array.from({ length: REVIEW_BATCH_MAX }, (_, i) => ({ minutes: 30 + (i % 60) })),
    );
    const res = await review({ ids, decision: 'approve' });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const reviewed = (res.body as unknown as { reviewed: ActivityReport[] }).reviewed;
    expect(reviewed).toHaveLength(REVIEW_BATCH_MAX);
    expect(
      reviewed.every(
        (r) => r.status === 'approved' && r.reviewedById === staff.id && r.reviewedByName === 'Sam Staff',
      ),
    ).toBe(true);
    expect(reviewed.every((r) => r.reviewedAt && r.declineReason === null)).toBe(true);
    expect(new Set(await statusesOf(ids))).toEqual(new Set(['approved']));
    const audit = await auditOf(ids);
    expect(audit).toHaveLength(REVIEW_BATCH_MAX);
    expect(audit.every((e) => e.action === 'activity.approved' && e.actorName === 'Sam Staff')).toBe(true);
  });

  it('changes nothing when one report is no longer pending (409 naming it)', async () => {
    const ids = await insertReports(t, volunteer, [{}, {}, { status: 'approved' }, {}]);
    const res = await review({ ids, decision: 'approve' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: activityErrorCodes.notPending,
      fields: { ids: expect.stringContaining(ids[2]!) },
    });
    expect(await statusesOf(ids)).toEqual(
      expect.arrayContaining(['pending', 'pending', 'approved', 'pending']),
    );
    expect((await statusesOf(ids)).filter((s) => s === 'approved')).toHaveLength(1);
    expect(await auditOf(ids)).toHaveLength(0);
  });

  it("changes nothing when one id is another NGO's or unknown (404 naming it)", async () => {
    const ids = await insertReports(t, volunteer, [{}, {}]);
    const [theirs] = (await insertReports(t, foreign, [{}])) as [string];
    for (const stranger of [theirs, 'nosuchreport']) {
      const res = await review({ ids: [...ids, stranger], decision: 'decline', reason: 'No' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ fields: { ids: expect.stringContaining(stranger) } });
      expect(JSON.stringify(res.body)).not.toContain('Elsewhere');
    }
    expect(await statusesOf([...ids, theirs])).toEqual(['pending', 'pending', 'pending']);
    expect(await auditOf([...ids, theirs])).toHaveLength(0);
  });

  it('declines with a reason, and refuses a decline without one', async () => {
    const ids = await insertReports(t, volunteer, [{}, {}]);
    const bare = await review({ ids, decision: 'decline' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ fields: { reason: expect.any(String) } });
    const res = await review(
      { ids, decision: 'decline', reason: 'Please report each day separately.' },
      admin,
    );
    expect(res.status).toBe(200);
    expect((res.body as unknown as { reviewed: ActivityReport[] }).reviewed).toEqual([
      expect.objectContaining({ status: 'declined', declineReason: 'Please report each day separately.' }),
      expect.objectContaining({ status: 'declined', reviewedByName: 'Ada Admin' }),
    ]);
    const audit = await auditOf(ids);
    expect(audit.map((e) => [e.action, e.details])).toEqual([
      ['activity.declined', { reason: 'Please report each day separately.' }],
      ['activity.declined', { reason: 'Please report each day separately.' }],
    ]);
    // The volunteer sees the status and the reason on their own report.
    const mine = await call(t.app, 'GET', `/api/activity-reports/${ids[0]}`, undefined, volunteer.token);
    expect(mine.body).toMatchObject({
      status: 'declined',
      declineReason: 'Please report each day separately.',
    });
  });

  it('refuses an empty list and more than the batch allows', async () => {
    expect((await review({ ids: [], decision: 'approve' })).status).toBe(400);
    const tooMany = Array.from({ length: REVIEW_BATCH_MAX + 1 }, (_, i) => `r${i}`);
    expect((await review({ ids: tooMany, decision: 'approve' })).status).toBe(400);
  });

  it('replays an Idempotency-Key without reviewing twice', async () => {
    const ids = await insertReports(t, volunteer, [{}]);
    const headers = { 'idempotency-key': reportId() };
    const first = await review({ ids, decision: 'approve' }, staff, headers);
    expect(first.status).toBe(200);
    const again = await review({ ids, decision: 'approve' }, staff, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await auditOf(ids)).toHaveLength(1);
    // Without the key, the same review again is a 409: it is no longer pending.
    expect((await review({ ids, decision: 'approve' })).status).toBe(409);
  });
});

describe('editing hours, with the history', () => {
  it('records who changed the hours, from what, to what and why; the history shows it', async () => {
    const body = reportBody({ startTime: null, endTime: null, minutes: 240 });
    const created = await call(t.app, 'POST', '/api/activity-reports', body, volunteer.token);
    expect(created.status).toBe(201);
    const edit = await call(
      t.app,
      'PATCH',
      `/api/activity-reports/${body.id}/hours`,
      { minutes: 180, reason: 'Lunch break was included.' },
      staff.token,
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body).toMatchObject({ minutes: 180, reportedMinutes: 240, status: 'pending' });
    expect((await review({ ids: [body.id], decision: 'approve' }, admin)).status).toBe(200);
    const again = await call(
      t.app,
      'PATCH',
      `/api/activity-reports/${body.id}/hours`,
      { minutes: 150, reason: 'Left early.' },
      admin.token,
    );
    expect(again.body).toMatchObject({ minutes: 150, status: 'approved' });

    const history = await call(
      t.app,
      'GET',
      `/api/activity-reports/${body.id}/history`,
      undefined,
      volunteer.token,
    );
    expect(history.status).toBe(200);
    const entries = history.body as unknown as ActivityHistoryEntry[];
    expect(entries.map((e) => [e.action, e.actorName, e.details])).toEqual([
      ['activity.submitted', 'Val Volunteer', {}],
      ['activity.hours_edited', 'Sam Staff', { from: 240, to: 180, reason: 'Lunch break was included.' }],
      ['activity.approved', 'Ada Admin', { minutes: 180 }],
      ['activity.hours_edited', 'Ada Admin', { from: 180, to: 150, reason: 'Left early.' }],
    ]);
    const times = entries.map((e) => e.createdAt);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses a declined report (409), a missing reason (400) and a volunteer (403)', async () => {
    const [declined, pending] = (await insertReports(t, volunteer, [{ status: 'declined' }, {}])) as [
      string,
      string,
    ];
    const patch = (id: string, body: Record<string, unknown>, user = staff) =>
      call(t.app, 'PATCH', `/api/activity-reports/${id}/hours`, body, user.token);
    expect((await patch(declined, { minutes: 30, reason: 'Fix' })).status).toBe(409);
    const noReason = await patch(pending, { minutes: 30, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ fields: { reason: expect.any(String) } });
    expect((await patch(pending, { minutes: 0, reason: 'Zero' })).status).toBe(400);
    expect((await patch(pending, { minutes: 30, reason: 'Mine' }, volunteer)).status).toBe(403);
    expect(await auditOf([declined, pending])).toHaveLength(0);
  });
});
