import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityReports, users } from '../../db/schema';
import { createRng } from '../../db/seed/prng';
import { hoursByMonth, hoursTotalsOf, volunteersHoursOf } from '../../services/volunteer-hours';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';

/*
 * The totals read the monthly roll-up a trigger keeps (migration 0021); here every figure is checked
 * against a sum over the approved entries themselves, after each of many random writes of every kind
 * the product makes: single and bulk inserts, approvals, declines, corrections, moves between
 * categories and days, deletes and a volunteer's account removed with their reports.
 */

let t: TestApp;
let ngoId: string;
let volunteers: TestUser[];
const TODAY = '2026-06-15';

/** The entries' own sums, for a scope, computed the slow way. */
async function truth(volunteerId?: string) {
  const rows = await t.db
    .select()
    .from(activityReports)
    .where(volunteerId ? eq(activityReports.volunteerId, volunteerId) : eq(activityReports.ngoId, ngoId));
  const approved = rows.filter((r) => r.status === 'approved');
  const sum = (keep: (r: (typeof approved)[number]) => boolean) =>
    approved.filter(keep).reduce((total, r) => total + r.minutes, 0);
  return {
    thisMonth: sum((r) => r.date.startsWith('2026-06')),
    thisYear: sum((r) => r.date.startsWith('2026')),
    allTime: sum(() => true),
    trainingAllTime: sum((r) => r.category === 'training'),
    trainingThisYear: sum((r) => r.category === 'training' && r.date.startsWith('2026')),
    reports: approved.length,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ngoId = await createTestNgo(t, 'Roll-up Relief');
  volunteers = [];
  for (let i = 0; i < 3; i++) volunteers.push(await createTestUser(t, { ngoId, role: 'VOLUNTEER' }));
});
afterAll(() => t.close());

describe('the hours roll-up', () => {
  it('equals the approved entries’ own sums after every kind of write', async () => {
    const rng = createRng(44);
    const days = ['2025-11-30', '2026-01-01', '2026-05-31', '2026-06-01', '2026-06-15', '2026-06-30'];
    const row = (volunteer: TestUser) => ({
      id: randomUUID(),
      ngoId,
      volunteerId: volunteer.id,
      date: rng.pick(days),
      minutes: rng.int(1, 600),
      reportedMinutes: 60,
      category: rng.pick(['service', 'training']),
      description: 'Work',
      status: rng.pick(['pending', 'approved', 'declined']),
    });
    const ids = () =>
      t.db
        .select({ id: activityReports.id })
        .from(activityReports)
        .then((r) => r.map((x) => x.id));
    for (let step = 0; step < 60; step++) {
      const all = await ids();
      const some = all.filter(() => rng.next() < 0.3);
      switch (rng.int(0, 6)) {
        case 0:
          await t.db.insert(activityReports).values(row(rng.pick(volunteers)));
          break;
        case 1:
          await t.db
            .insert(activityReports)
            .values(Array.from({ length: rng.int(2, 20) }, () => row(rng.pick(volunteers))));
          break;
        case 2:
          if (some.length)
            await t.db
              .update(activityReports)
              .set({ status: 'approved' })
              .where(inArray(activityReports.id, some));
          break;
        case 3:
          if (some.length)
            await t.db
              .update(activityReports)
              .set({ status: 'declined', declineReason: 'No' })
              .where(inArray(activityReports.id, some));
          break;
        case 4:
          if (some.length)
            await t.db
              .update(activityReports)
              .set({
                minutes: sql`least(1440, ${activityReports.minutes} + 7)`,
                category: rng.pick(['service', 'training']),
                date: rng.pick(days),
              })
              .where(inArray(activityReports.id, some));
          break;
        case 5:
          if (some.length) await t.db.delete(activityReports).where(inArray(activityReports.id, some));
          break;
        default:
          if (some.length)
            await t.db
              .update(activityReports)
              .set({ status: 'pending' })
              .where(inArray(activityReports.id, some));
      }
      expect(await hoursTotalsOf(t.db, { ngoId }, TODAY), `step ${step}`).toEqual(await truth());
    }
    for (const v of volunteers)
      expect(await hoursTotalsOf(t.db, { ngoId, volunteerId: v.id }, TODAY)).toEqual(await truth(v.id));
    const months = await hoursByMonth(t.db, { ngoId }, TODAY);
    const june = months.find((m) => m.month === '2026-06')!;
    expect(june.service + june.training).toBe((await truth()).thisMonth);

    // A volunteer's account removed: their reports go by cascade, and so do their hours.
    const [gone, ...kept] = volunteers;
    await t.db.delete(users).where(eq(users.id, gone!.id));
    expect(await hoursTotalsOf(t.db, { ngoId }, TODAY)).toEqual(await truth());
    const listed = await volunteersHoursOf(t.db, ngoId, TODAY);
    expect(listed.map((v) => v.volunteerId).sort()).toEqual(kept.map((v) => v.id).sort());
  });
});
