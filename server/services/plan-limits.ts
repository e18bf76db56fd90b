import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { planById, plans, type Plan } from '../../contract/plans';
import type { DbExecutor } from '../db';
import { aiUsage, ngoSubscriptions } from '../db/schema';
import { ApiError } from './api-error';

/** The free plan: what an NGO has with no subscription, or once its paid month has run out. */
export const freePlan: Plan = planById('starter') ?? plans[0]!;

export interface EffectivePlan {
  /** The plan whose limits apply at `now`. */
  plan: Plan;
  /** The paid plan on record, whether still running or lapsed; null when the NGO never paid. */
  subscribedPlan: Plan | null;
  status: 'free' | 'active' | 'expired';
  renewsAt: Date | null;
  activatedAt: Date | null;
}

type SubscriptionRow = Pick<typeof ngoSubscriptions.$inferSelect, 'planId' | 'renewsAt' | 'activatedAt'>;

/**
 * The one rule for which limits apply: the paid plan while its month runs (renewsAt in the future),
 * the free plan otherwise. ngos.plan is deliberately not read: nothing resets it when a month is not
 * paid for, so it would keep paid limits forever.
 */
export function effectivePlanOf(sub: SubscriptionRow | null | undefined, now: Date): EffectivePlan {
  const subscribed = sub ? planById(sub.planId) : undefined;
  if (!sub || !subscribed || subscribed.priceMonthlyMinor === 0) {
    return { plan: freePlan, subscribedPlan: null, status: 'free', renewsAt: null, activatedAt: null };
  }
  const running = sub.renewsAt.getTime() > now.getTime();
  return {
    plan: running ? subscribed : freePlan,
    subscribedPlan: subscribed,
    status: running ? 'active' : 'expired',
    renewsAt: sub.renewsAt,
    activatedAt: sub.activatedAt,
  };
}

/** The NGO's effective plan at `now` (see effectivePlanOf). */
export async function getEffectivePlan(
  db: DbExecutor,
  ngoId: string,
  now = new Date(),
): Promise<EffectivePlan> {
  const [sub] = await db
    .select({
      planId: ngoSubscriptions.planId,
      renewsAt: ngoSubscriptions.renewsAt,
      activatedAt: ngoSubscriptions.activatedAt,
    })
    .from(ngoSubscriptions)
    .where(eq(ngoSubscriptions.ngoId, ngoId))
    .limit(1);
  return effectivePlanOf(sub, now);
}

/** The calendar month (UTC) holding `now`, as [start, start of next month). */
export function utcMonthOf(now: Date): { start: Date; end: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** AI tokens the NGO spent in the UTC calendar month of `now`. Calls whose provider reported no usage count 0. */
export async function aiTokensUsedInMonth(db: DbExecutor, ngoId: string, now = new Date()): Promise<number> {
  const { start, end } = utcMonthOf(now);
  const [row] = await db
    .select({ used: sql<string | number>`coalesce(sum(${aiUsage.totalTokens}), 0)` })
    .from(aiUsage)
    .where(and(eq(aiUsage.ngoId, ngoId), gte(aiUsage.createdAt, start), lt(aiUsage.createdAt, end)));
  // sum() of an integer column is a bigint, which the driver hands back as a string.
  return Number(row?.used ?? 0);
}

const resetDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export const planLimitCode = 'plan_limit_reached';

/**
 * Throws a 402 `plan_limit_reached` when the NGO has used its plan's AI tokens for this month.
 * Checked before the call because a call's cost is only known after it: a call started below the
 * allowance may finish above it, and concurrent calls may each pass, so the allowance can be
 * overshot by the calls in flight, never by a call started after it was reached.
 */
export async function assertAiAllowance(db: DbExecutor, ngoId: string, now = new Date()): Promise<void> {
  const [effective, used] = await Promise.all([
    getEffectivePlan(db, ngoId, now),
    aiTokensUsedInMonth(db, ngoId, now),
  ]);
  const { plan } = effective;
  const allowance = plan.limits.aiTokensPerMonth;
  if (used < allowance) return;
  const lapsed =
    effective.status === 'expired' && effective.subscribedPlan && effective.renewsAt
      ? ` Your ${effective.subscribedPlan.name} subscription ended on ${resetDate.format(effective.renewsAt)}.`
      : '';
  const upgrade = plans.some((p) => p.limits.aiTokensPerMonth > allowance)
    ? ' Choose a bigger plan to continue sooner.'
    : '';
  throw new ApiError(
    402,
    `Your organisation has used this month’s AI allowance of ${allowance.toLocaleString('en-US')} tokens ` +
      `on the ${plan.name} plan. It resets on ${resetDate.format(utcMonthOf(now).end)} (00:00 UTC).` +
      lapsed +
      upgrade,
    { code: planLimitCode },
  );
}
