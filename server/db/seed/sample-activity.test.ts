import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityHistoryEntry, ActivityReport, HoursSummary } from '../../../contract/activity-reports';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { activityReports, users } from '../schema';
import { seedDemoData } from './index';
import { SAMPLE_REPORTS } from './sample-activity';

let t: TestApp;
const now = new Date();

async function tokenOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`missing ${email}`);
  return t.jwt.sign({ sub: user.id, ngo: user.ngoId, role: user.role, sv: 1 });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, { now });
});
afterAll(() => t.close());

describe('the demo activity reports', () => {
  it('give the demo volunteer approved hours over several months, a review queue and a declined report', async () => {
    const volunteer = await tokenOf('volunteer@demo.ngo');
    const res = await call(t.app, 'GET', '/api/hours/summary', undefined, volunteer);
    const summary = res.body as unknown as HoursSummary;
    const approved = SAMPLE_REPORTS.filter((r) => r.status === 'approved');
    expect(summary.allTime).toBe(approved.reduce((sum, r) => sum + r.minutes, 0));
    expect(summary.allTime / 60).toBeGreaterThanOrEqual(40);
    expect(summary.allTime / 60).toBeLessThanOrEqual(60);
    expect(summary.trainingAllTime).toBeGreaterThan(0);
    expect(summary.pendingReports).toBe(3);
    expect(summary.byMonth.filter((m) => m.service + m.training > 0).length).toBeGreaterThanOrEqual(6);

    const staff = await tokenOf('staff@demo.ngo');
    const queue = await call(t.app, 'GET', '/api/activity-reports?status=pending', undefined, staff);
    expect((queue.body as unknown as ActivityReport[]).length).toBe(3);
    const declined = await call(t.app, 'GET', '/api/activity-reports?status=declined', undefined, volunteer);
    const [report] = declined.body as unknown as ActivityReport[];
    expect(report).toMatchObject({ declineReason: expect.any(String), reviewedByName: 'Eric Staff' });
    const linked = await call(t.app, 'GET', '/api/activity-reports?limit=100', undefined, volunteer);
    expect((linked.body as unknown as ActivityReport[]).some((r) => r.taskTitle)).toBe(true);
    const history = await call(
      t.app,
      'GET',
      `/api/activity-reports/${report!.id}/history`,
      undefined,
      volunteer,
    );
    expect((history.body as unknown as ActivityHistoryEntry[]).map((e) => e.action)).toEqual([
      'activity.submitted',
      'activity.declined',
    ]);
  });

  it('is added once, however often the seed runs', async () => {
    await seedDemoData(t.db, { now });
    expect(await t.db.$count(activityReports)).toBe(SAMPLE_REPORTS.length);
  });
});
