import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { adminRoles, memberErrorCodes, seatsUsed, type MemberSeats } from '../../../contract/members';
import type { DbExecutor } from '../../db';
import { invites, ngos, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { getEffectivePlan } from '../../services/plan-limits';

/*
 * The member limit and the admin rule, shared by the members and invitations services (ADR 0041).
 *
 * Every write that may take a seat (inviting, resending an expired invitation, reactivating,
 * accepting) or that may remove an NGO's last admin (a role change, a deactivation, a member moving
 * to another NGO) runs in a transaction that first locks the NGO's row (`lockNgos`). Writes of one
 * NGO therefore take turns, so counting and then writing cannot be raced past the limit or past the
 * last admin, on PGlite and on PostgreSQL alike.
 */

/**
 * Locks the rows of the given NGOs for the rest of the transaction, in id order, so two transactions
 * that lock the same two NGOs (a member moving from A to B while another moves from B to A) cannot
 * deadlock. Answers the ids that exist.
 */
export async function lockNgos(tx: DbExecutor, ngoIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(ngoIds)].sort();
  const rows = await tx
    .select({ id: ngos.id })
    .from(ngos)
    .where(inArray(ngos.id, ids))
    .orderBy(ngos.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** Stored data may spell ADMIN as 'admin' (contract/roles.ts). */
const adminRoleValues = [...adminRoles, 'admin'];

export async function activeMemberCount(db: DbExecutor, ngoId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.status, 'active')));
  return Number(row?.n ?? 0);
}

/** Invitations that hold a seat: neither accepted nor revoked, and not expired. */
export const pendingInvite = and(
  isNull(invites.acceptedAt),
  isNull(invites.revokedAt),
  gt(invites.expiresAt, sql`now()`),
);

export async function pendingInviteCount(db: DbExecutor, ngoId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.ngoId, ngoId), pendingInvite));
  return Number(row?.n ?? 0);
}

/** Active members with an admin role other than `exceptUserId`. */
export async function otherActiveAdmins(db: DbExecutor, ngoId: string, exceptUserId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.ngoId, ngoId),
        eq(users.status, 'active'),
        inArray(users.role, adminRoleValues),
        ne(users.id, exceptUserId),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function getSeats(db: DbExecutor, ngoId: string): Promise<MemberSeats> {
  // One after another: `db` may be a transaction, whose one connection runs a statement at a time.
  const { plan } = await getEffectivePlan(db, ngoId);
  const active = await activeMemberCount(db, ngoId);
  const pendingInvites = await pendingInviteCount(db, ngoId);
  return { limit: plan.limits.members, active, pendingInvites, planName: plan.name };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const memberLimitReached = (message: string) =>
  new ApiError(409, message, { code: memberErrorCodes.memberLimitReached });

/**
 * Refuses (409 `member_limit_reached`) when `extra` more seats would pass the effective plan's limit.
 * Seats are active members plus pending invitations (contract/members.ts seatsUsed). `remedy` ends
 * the message: what the admin can do besides choosing a bigger plan.
 */
export async function assertSeatsFor(db: DbExecutor, ngoId: string, extra: number, remedy: string) {
  const seats = await getSeats(db, ngoId);
  const taken = seatsUsed(seats.active, seats.pendingInvites);
  if (taken + extra <= seats.limit) return;
  throw memberLimitReached(
    `Your ${seats.planName} plan allows ${plural(seats.limit, 'member', 'members')}, and ` +
      `${plural(taken, 'seat is', 'seats are')} taken (members and pending invitations). Choose a bigger ` +
      `plan in Account Settings (Choose a plan), or ${remedy}.`,
  );
}

export const lastAdmin = (message: string) =>
  new ApiError(409, message, { code: memberErrorCodes.lastAdmin });
