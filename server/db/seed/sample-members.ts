import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '..';
import { plans } from '../../../contract/plans';
import { seatsUsed } from '../../../contract/members';
import { hashToken } from '../../services/auth/tokens';
import { newId } from '../../services/ids';
import { effectivePlanOf } from '../../services/plan-limits';
import { invites, ngoSubscriptions, ngos, users } from '../schema';

const DAY_MS = 86_400_000;

/** A former member, deactivated, so the staff screen shows the status and reactivation has a subject. */
export const SAMPLE_DEACTIVATED_MEMBER = {
  email: 'former.staff@demo.ngo',
  role: 'STAFF',
  name: 'Felix Former',
} as const;

/** A pending invitation, so the invitations tab has one. Its link was never mailed: only its digest exists. */
export const SAMPLE_INVITE = { email: 'new.volunteer@demo.ngo', role: 'VOLUNTEER' } as const;

/** How far ahead the demo's seeded subscription renews; a start after it lapses renews it again. */
const DEMO_SUBSCRIPTION_DAYS = 365;

/**
 * The demo's staff-management samples (issue 15): one deactivated member and one pending invitation,
 * added once: not while the demo NGO has any invitation (revoking keeps the row, so a sample an admin
 * revoked stays revoked). `passwordHash` is asked for only when the member is added.
 */
export async function seedSampleMembers(
  tx: DbExecutor,
  ngoId: string,
  now: Date,
  passwordHash: () => Promise<string>,
): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(invites).where(eq(invites.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const [inviter] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.role, 'NGO_ADMIN')))
    .limit(1);
  await tx
    .insert(users)
    .values({
      id: newId(),
      ngoId,
      ...SAMPLE_DEACTIVATED_MEMBER,
      passwordHash: await passwordHash(),
      status: 'deactivated',
      emailVerifiedAt: new Date(now.getTime() - 200 * DAY_MS),
      lastSeenAt: new Date(now.getTime() - 41 * DAY_MS),
      createdAt: new Date(now.getTime() - 200 * DAY_MS),
    })
    // A real account that already took the address keeps it.
    .onConflictDoNothing({ target: users.email });
  await tx.insert(invites).values({
    id: newId(),
    ngoId,
    ...SAMPLE_INVITE,
    tokenHash: hashToken(randomBytes(32).toString('base64url')),
    invitedBy: inviter?.id ?? null,
    createdAt: new Date(now.getTime() - 2 * DAY_MS),
    sentAt: new Date(now.getTime() - 2 * DAY_MS),
    expiresAt: new Date(now.getTime() + 5 * DAY_MS),
  });
  return true;
}

/**
 * Keeps the demo NGO within its own plan (ADR 0041): its active accounts and pending invitations must
 * fit the effective plan's member limit. When they do not fit the free plan, the demo gets a running
 * subscription to the smallest paid plan they fit, written as payments write one (ngo_subscriptions
 * plus the ngos.plan label) but with no payment behind it. A start after that subscription lapsed
 * renews it; a subscription the demo's admin paid for (it names its payment) is left as it is.
 */
export async function keepDemoWithinPlan(tx: DbExecutor, ngoId: string, now: Date): Promise<void> {
  const [active] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.status, 'active')));
  const [pending] = await tx
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.ngoId, ngoId), isNull(invites.acceptedAt), isNull(invites.revokedAt)));
  const needed = seatsUsed(Number(active?.n ?? 0), Number(pending?.n ?? 0));
  const [sub] = await tx.select().from(ngoSubscriptions).where(eq(ngoSubscriptions.ngoId, ngoId)).limit(1);
  if (effectivePlanOf(sub, now).plan.limits.members >= needed) return;
  if (sub?.lastPaymentId) return;
  const plan = [...plans]
    .filter((p) => p.priceMonthlyMinor > 0)
    .sort((a, b) => a.limits.members - b.limits.members)
    .find((p) => p.limits.members >= needed);
  if (!plan) return;
  const values = {
    planId: plan.id,
    status: 'active',
    activatedAt: now,
    renewsAt: new Date(now.getTime() + DEMO_SUBSCRIPTION_DAYS * DAY_MS),
    updatedAt: now,
  };
  await tx
    .insert(ngoSubscriptions)
    .values({ ngoId, ...values })
    .onConflictDoUpdate({ target: ngoSubscriptions.ngoId, set: values });
  await tx.update(ngos).set({ plan: plan.id }).where(eq(ngos.id, ngoId));
}
