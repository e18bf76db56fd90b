import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planById } from '../../contract/plans';
import { aiUsage, ngoSubscriptions } from '../db/schema';
import { ApiError } from './api-error';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestNgo } from '../testing/users';
import { newId } from './ids';
import {
  aiTokensUsedInMonth,
  assertAiAllowance,
  effectivePlanOf,
  getEffectivePlan,
  utcMonthOf,
} from './plan-limits';

const starter = planById('starter')!;
const growth = planById('growth')!;
const now = new Date('2025-07-15T12:00:00.000Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('effectivePlanOf', () => {
  it('is the free plan with no subscription', () => {
    expect(effectivePlanOf(undefined, now)).toEqual({
      plan: starter,
      subscribedPlan: null,
      status: 'free',
      renewsAt: null,
      activatedAt: null,
    });
  });

  it('is the paid plan while renewsAt is ahead, and the free plan from renewsAt on', () => {
    const sub = { planId: 'growth', activatedAt: later(-20), renewsAt: later(10) };
    expect(effectivePlanOf(sub, now)).toMatchObject({
      plan: growth,
      subscribedPlan: growth,
      status: 'active',
    });
    expect(effectivePlanOf(sub, sub.renewsAt)).toMatchObject({
      plan: starter,
      subscribedPlan: growth,
      status: 'expired',
      renewsAt: sub.renewsAt,
    });
    expect(effectivePlanOf(sub, later(11)).plan.limits).toEqual(starter.limits);
  });

  it('falls back to the free plan for a plan id the catalogue no longer has', () => {
    expect(effectivePlanOf({ planId: 'legacy', activatedAt: now, renewsAt: later(30) }, now)).toMatchObject({
      plan: starter,
      status: 'free',
    });
  });
});

describe('utcMonthOf', () => {
  it.each([
    ['2025-07-15T12:00:00.000Z', '2025-07-01T00:00:00.000Z', '2025-08-01T00:00:00.000Z'],
    ['2025-12-31T23:59:59.999Z', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['2025-03-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z'],
  ])('%s → [%s, %s)', (at, start, end) => {
    const month = utcMonthOf(new Date(at));
    expect([month.start.toISOString(), month.end.toISOString()]).toEqual([start, end]);
  });
});

describe('with a database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const use = (ngoId: string | null, totalTokens: number | null, createdAt: Date) =>
    t.db.insert(aiUsage).values({
      id: newId(),
      ngoId,
      userId: null,
      feature: 'blog-generate',
      model: 'test-model',
      totalTokens,
      createdAt,
    });

  it('reads the subscription row, not ngos.plan', async () => {
    const ngoId = await createTestNgo(t, 'Label Only');
    await t.db.insert(ngoSubscriptions).values({
      ngoId,
      planId: 'growth',
      activatedAt: later(-40),
      renewsAt: later(-10),
    });
    expect((await getEffectivePlan(t.db, ngoId, now)).plan.id).toBe('starter');
    expect((await getEffectivePlan(t.db, ngoId, later(-20))).plan.id).toBe('growth');
  });

  it('sums only this NGO’s tokens of the UTC month, treating unreported usage as 0', async () => {
    const ngoId = await createTestNgo(t, 'Summed');
    const other = await createTestNgo(t, 'Other');
    await use(ngoId, 1_000, new Date('2025-07-01T00:00:00.000Z'));
    await use(ngoId, 2_500, new Date('2025-07-31T23:59:59.999Z'));
    await use(ngoId, null, now);
    await use(ngoId, 40_000, new Date('2025-06-30T23:59:59.999Z'));
    await use(ngoId, 40_000, new Date('2025-08-01T00:00:00.000Z'));
    await use(other, 7_000, now);
    await use(null, 7_000, now);
    expect(await aiTokensUsedInMonth(t.db, ngoId, now)).toBe(3_500);
    expect(await aiTokensUsedInMonth(t.db, ngoId, new Date('2025-06-10T00:00:00.000Z'))).toBe(40_000);
  });

  it('refuses with 402 plan_limit_reached from the allowance on, naming it and the reset day', async () => {
    const ngoId = await createTestNgo(t, 'Busy');
    await use(ngoId, starter.limits.aiTokensPerMonth - 1, now);
    await expect(assertAiAllowance(t.db, ngoId, now)).resolves.toBeUndefined();
    await use(ngoId, 1, now);
    const err = await assertAiAllowance(t.db, ngoId, now).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 402, code: 'plan_limit_reached' });
    expect((err as ApiError).message).toBe(
      'Your organisation has used this month’s AI allowance of 50,000 tokens on the NGO Starter plan. ' +
        'It resets on 1 August 2025 (00:00 UTC). Choose a bigger plan to continue sooner.',
    );
    // Next month the same usage is history.
    await expect(
      assertAiAllowance(t.db, ngoId, new Date('2025-08-01T00:00:00.000Z')),
    ).resolves.toBeUndefined();
  });

  it('lets a running paid plan go past the free allowance, and says when a lapsed one ended', async () => {
    const ngoId = await createTestNgo(t, 'Paid');
    await use(ngoId, 60_000, now);
    await t.db.insert(ngoSubscriptions).values({
      ngoId,
      planId: 'growth',
      activatedAt: later(-20),
      renewsAt: later(1),
    });
    await expect(assertAiAllowance(t.db, ngoId, now)).resolves.toBeUndefined();
    const lapsed = await assertAiAllowance(t.db, ngoId, later(2)).catch((e: unknown) => e);
    expect(lapsed).toMatchObject({ status: 402, code: 'plan_limit_reached' });
    expect((lapsed as ApiError).message).toContain(
      'on the NGO Starter plan. It resets on 1 August 2025 (00:00 UTC). ' +
        'Your NGO Growth subscription ended on 16 July 2025.',
    );
  });
});
