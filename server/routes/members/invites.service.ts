import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordSchema, type SignInResponse } from '../../../contract/auth';
import {
  INVITE_TTL_DAYS,
  isAdminRole,
  memberErrorCodes,
  type Invite,
  type InviteAccept,
  type InviteCreate,
  type InviteLookup,
} from '../../../contract/members';
import type { PageQuery } from '../../../contract/paging';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { invites, ngos, users } from '../../db/schema';
import type { Env } from '../../env';
import { ApiError } from '../../services/api-error';
import { recordAudit } from '../../services/audit';
import type { Jwt } from '../../services/auth/jwt';
import { hashPassword, timingSafeDummyVerify, verifyPassword } from '../../services/auth/passwords';
import { hashToken } from '../../services/auth/tokens';
import { isUniqueViolation } from '../../services/db-errors';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';
import { getEffectivePlan } from '../../services/plan-limits';
import { enforceRateLimits } from '../../services/rate-limit';
import type { AuthMailDeps } from '../auth/auth-mails';
import { authMessages, sessionFor } from '../auth/auth.service';
import { sendInvite } from './invite-mails';
import { assertMayGive, type Manager } from './members.service';
import {
  activeMemberCount,
  assertSeatsFor,
  lastAdmin,
  lockNgos,
  memberLimitReached,
  otherActiveAdmins,
  pendingInvite,
} from './seats';

/*
 * Invitations (issue 15, ADR 0041): single-use, expiring links whose token is stored only as its
 * SHA-256 (services/auth/tokens.ts hashToken). Mail is queued in the transaction that writes the
 * invitation, so a refused or rolled-back request mails nothing (ADR 0023).
 */

export const inviteNotFound = () => new ApiError(404, 'Invitation not found.');

/** One answer for a link unknown, used, revoked or expired, so the link says nothing about which. */
export const inviteInvalid = () =>
  new ApiError(404, 'This invitation link is no longer valid. Ask for a new one.', {
    code: memberErrorCodes.inviteInvalid,
  });

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** One invitation as JSON text, from `invites e`, its status derived on database time. */
const inviteItem = sql<string>`json_build_object(
  'id', e.id, 'email', e.email, 'role', e.role,
  'status', case when e.accepted_at is not null then 'accepted' when e.revoked_at is not null then 'revoked'
    when e.expires_at <= now() then 'expired' else 'pending' end,
  'invitedBy', (select u.name from users u where u.id = e.invited_by),
  'createdAt', ${iso('e.created_at')}, 'expiresAt', ${iso('e.expires_at')}, 'sentAt', ${iso('e.sent_at')}
)::text`;

/** One page of the caller's NGO's invitations, newest first. */
export function listInvitesPage(
  db: DbExecutor,
  tenant: Manager['tenant'],
  page: PageQuery,
): Promise<JsonPage> {
  return readJsonPage(
    db,
    {
      from: sql`invites e`,
      where: sql`e.ngo_id = ${tenant.ngoId}`,
      item: inviteItem,
      keys: [sortKey(sql`e.created_at`, 'timestamptz', 'desc'), sortKey(sql`e.id`, 'text', 'desc')],
    },
    { listing: 'invites', filters: { ngo: tenant.ngoId }, page, reuse: false },
  );
}

async function inviteById(db: DbExecutor, inviteId: string): Promise<Invite> {
  const result = await db.execute<{ item: string }>(
    sql`select ${inviteItem} as item from invites e where e.id = ${inviteId}`,
  );
  const item = result.rows[0]?.item;
  if (!item) throw inviteNotFound();
  return JSON.parse(item) as Invite;
}

const expiresAt = sql`now() + (${INVITE_TTL_DAYS}::int * interval '1 day')`;

/** A fresh link: the raw token (only ever in the mailed link) and the digest stored. */
function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export interface InviteDeps extends AuthMailDeps {
  manager: Manager & { name: string };
}

async function ngoNameOf(db: DbExecutor, ngoId: string) {
  const [row] = await db.select({ name: ngos.name }).from(ngos).where(eq(ngos.id, ngoId)).limit(1);
  return row?.name ?? 'your organisation';
}

/**
 * POST /api/invites. An address with an open invitation of this NGO gets it refreshed (the same row,
 * a new link, a new week, the role now asked for) rather than a second one; an address that is an
 * active member already is a 409. Pending invitations hold seats, so inviting past the plan's limit
 * is refused (409 `member_limit_reached`).
 */
export async function createInvite(a: InviteDeps, body: InviteCreate): Promise<Invite> {
  const { manager } = a;
  const ngoId = manager.tenant.ngoId;
  assertMayGive(manager, body.role);
  const inviteId = await a.db.transaction(async (tx) => {
    await lockNgos(tx, [ngoId]);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, body.email), eq(users.ngoId, ngoId), eq(users.status, 'active')))
      .limit(1);
    if (member) {
      throw new ApiError(409, `${body.email} is already a member of this organisation.`, {
        code: memberErrorCodes.alreadyMember,
      });
    }
    const [open] = await tx
      .select({ id: invites.id, pending: sql<boolean>`${invites.expiresAt} > now()` })
      .from(invites)
      .where(
        and(
          eq(invites.ngoId, ngoId),
          eq(invites.email, body.email),
          isNull(invites.acceptedAt),
          isNull(invites.revokedAt),
        ),
      )
      .limit(1);
    // A pending invitation already holds its seat; a new or an expired one takes one.
    await assertSeatsFor(tx, ngoId, open?.pending ? 0 : 1, 'revoke a pending invitation');
    const { token, tokenHash } = newToken();
    const values = { role: body.role, tokenHash, invitedBy: manager.id, expiresAt, sentAt: sql`now()` };
    let id: string;
    if (open) {
      id = open.id;
      await tx.update(invites).set(values).where(eq(invites.id, id));
    } else {
      id = newId();
      await tx.insert(invites).values({ id, ngoId, email: body.email, ...values });
    }
    await recordAudit(tx, {
      ngoId,
      actorId: manager.id,
      action: 'invite.sent',
      targetType: 'invite',
      targetId: id,
      // A refreshed open invitation says so: its link and week are new, its role the one asked now.
      details: { email: body.email, role: body.role, ...(open && { refreshed: true }) },
    });
    await sendInvite(
      { ...a, db: tx },
      { to: body.email, ngoName: await ngoNameOf(tx, ngoId), role: body.role, inviterName: manager.name },
      token,
    );
    return id;
  });
  return inviteById(a.db, inviteId);
}

/** The caller's NGO's invitation, locked, after its NGO's row (lockNgos comes first). */
async function ownInvite(tx: DbExecutor, manager: Manager, inviteId: string) {
  const [row] = await tx
    .select({
      id: invites.id,
      email: invites.email,
      role: invites.role,
      acceptedAt: invites.acceptedAt,
      revokedAt: invites.revokedAt,
      pending: sql<boolean>`${invites.expiresAt} > now()`,
    })
    .from(invites)
    .where(and(eq(invites.id, inviteId), manager.tenant.ownedBy(invites.ngoId)))
    .limit(1)
    .for('update');
  if (!row) throw inviteNotFound();
  // The invitation's role is given again by a resend, so the rank rule of giving it applies.
  assertMayGive(manager, row.role);
  return row;
}

/** POST /api/invites/{inviteId}/resend: a new link and a new week, mailed; the old link stops working. */
export async function resendInvite(a: InviteDeps, inviteId: string): Promise<Invite> {
  const { manager } = a;
  const ngoId = manager.tenant.ngoId;
  await a.db.transaction(async (tx) => {
    await lockNgos(tx, [ngoId]);
    const invite = await ownInvite(tx, manager, inviteId);
    if (invite.acceptedAt) throw new ApiError(409, 'This invitation was already accepted.');
    if (invite.revokedAt) throw new ApiError(409, 'This invitation was revoked. Send a new one.');
    // An expired invitation held no seat; sent again, it takes one.
    if (!invite.pending) await assertSeatsFor(tx, ngoId, 1, 'revoke a pending invitation');
    const { token, tokenHash } = newToken();
    await tx
      .update(invites)
      .set({ tokenHash, expiresAt, sentAt: sql`now()`, invitedBy: manager.id })
      .where(eq(invites.id, invite.id));
    await recordAudit(tx, {
      ngoId,
      actorId: manager.id,
      action: 'invite.resent',
      targetType: 'invite',
      targetId: invite.id,
      details: { email: invite.email, role: invite.role, ...(!invite.pending && { wasExpired: true }) },
    });
    await sendInvite(
      { ...a, db: tx },
      { to: invite.email, ngoName: await ngoNameOf(tx, ngoId), role: invite.role, inviterName: manager.name },
      token,
    );
  });
  return inviteById(a.db, inviteId);
}

/** DELETE /api/invites/{inviteId}: the link stops working and the seat is free. Revoking twice is fine. */
export async function revokeInvite(db: DbExecutor, manager: Manager, inviteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockNgos(tx, [manager.tenant.ngoId]);
    const invite = await ownInvite(tx, manager, inviteId);
    if (invite.acceptedAt)
      throw new ApiError(409, 'This invitation was already accepted; it cannot be revoked.');
    if (invite.revokedAt) return;
    await tx
      .update(invites)
      .set({ revokedAt: sql`now()` })
      .where(eq(invites.id, invite.id));
    await recordAudit(tx, {
      ngoId: manager.tenant.ngoId,
      actorId: manager.id,
      action: 'invite.revoked',
      targetType: 'invite',
      targetId: invite.id,
      details: { email: invite.email, role: invite.role },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The public side: the invite page

export interface PublicInviteDeps {
  db: DbExecutor;
  jwt: Jwt;
  env: Pick<Env, 'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_EMAIL' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>;
  ip: string;
}

/** Limits of the public endpoints, as the auth routes': per IP, and for accepting, per link too. */
function limitInvites(p: PublicInviteDeps, action: 'lookup' | 'accept', tokenHash?: string) {
  const windowSeconds = p.env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const limits = [{ key: `invite-${action}:ip:${p.ip}`, max: p.env.AUTH_RATE_LIMIT_PER_IP, windowSeconds }];
  // A link guessing an existing account's password is held to the per-email allowance of sign-in.
  if (tokenHash)
    limits.push({
      key: `invite-accept:token:${tokenHash}`,
      max: p.env.AUTH_RATE_LIMIT_PER_EMAIL,
      windowSeconds,
    });
  const what = action === 'lookup' ? 'invitation look-ups' : 'attempts to accept an invitation';
  return enforceRateLimits(p.db, limits, (wait) => `Too many ${what}. Try again in ${wait}.`);
}

/** The invitation a link names while it is pending; locked when `lock` (inside the accept's transaction). */
async function pendingByToken(db: DbExecutor, tokenHash: string, lock = false) {
  const query = db
    .select({ id: invites.id, ngoId: invites.ngoId, email: invites.email, role: invites.role })
    .from(invites)
    .where(and(eq(invites.tokenHash, tokenHash), pendingInvite))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function accountOf(db: DbExecutor, email: string, lock = false) {
  const query = db.select().from(users).where(eq(users.email, email)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** GET /api/invites/lookup/{token} (public): what the invite page shows. */
export async function lookupInvite(p: PublicInviteDeps, token: string): Promise<InviteLookup> {
  await limitInvites(p, 'lookup');
  const invite = await pendingByToken(p.db, hashToken(token));
  if (!invite) throw inviteInvalid();
  return {
    ngoName: await ngoNameOf(p.db, invite.ngoId),
    email: invite.email,
    role: invite.role,
    accountExists: Boolean(await accountOf(p.db, invite.email)),
  };
}

const fieldError = (field: string, message: string) =>
  new ApiError(400, 'Some fields are invalid.', { code: 'validation_failed', fields: { [field]: message } });

/**
 * POST /api/invites/accept (public): joins the NGO and answers a session, as sign-in does.
 *
 * The costly password work (hashing a new one, checking an existing one) is done first, outside any
 * lock. Then one transaction locks the NGO's row (and the row of the NGO an existing account leaves,
 * in id order), so concurrent accepts take turns: it re-reads the link (single use), counts the
 * active members against the effective plan's limit, and only then marks the link used and writes
 * the member. A refusal inside it rolls everything back.
 */
export async function acceptInvite(p: PublicInviteDeps, body: InviteAccept): Promise<SignInResponse> {
  const tokenHash = hashToken(body.token);
  await limitInvites(p, 'accept', tokenHash);
  const invite = await pendingByToken(p.db, tokenHash);
  if (!invite) throw inviteInvalid();
  const account = await accountOf(p.db, invite.email);

  let passwordHash: string | null = null;
  if (account) {
    // The sign-in's rule and answer: a wrong password says nothing more.
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      throw new ApiError(401, authMessages.invalidCredentials, { code: 'invalid_credentials' });
    }
  } else {
    if (body.name === undefined) {
      // As slow as the other answers, so timing does not tell whether the address has an account.
      await timingSafeDummyVerify(body.password);
      throw fieldError('name', 'Name is required.');
    }
    const password = passwordSchema.safeParse(body.password);
    if (!password.success)
      throw fieldError('password', password.error.issues[0]?.message ?? 'Password is invalid.');
    passwordHash = await hashPassword(body.password);
  }

  try {
    const joined = await p.db.transaction(async (tx) => {
      await lockNgos(tx, account ? [invite.ngoId, account.ngoId] : [invite.ngoId]);
      const current = await pendingByToken(tx, tokenHash, true);
      if (!current || current.id !== invite.id) throw inviteInvalid();
      const holder = await accountOf(tx, invite.email, true);
      if (Boolean(holder) !== Boolean(account) || (holder && account && holder.ngoId !== account.ngoId)) {
        throw new ApiError(409, 'This account changed while you were joining. Open the link again.');
      }
      if (holder?.role === 'SUPER_ADMIN') {
        throw new ApiError(
          409,
          'A platform administrator account cannot join an organisation by invitation.',
          {
            code: 'platform_account',
          },
        );
      }
      if (holder && holder.ngoId === invite.ngoId && holder.status === 'active') {
        throw new ApiError(409, 'You are already a member of this organisation. Sign in to continue.', {
          code: memberErrorCodes.alreadyMember,
        });
      }
      const { plan } = await getEffectivePlan(tx, invite.ngoId);
      if ((await activeMemberCount(tx, invite.ngoId)) >= plan.limits.members) {
        throw memberLimitReached(
          `${await ngoNameOf(tx, invite.ngoId)} has reached its ${plan.name} plan's limit of ` +
            `${plan.limits.members} members, so this invitation cannot be accepted now. Ask the ` +
            `organisation's admin to choose a bigger plan or to deactivate a member.`,
        );
      }
      if (holder && holder.status === 'active' && isAdminRole(holder.role)) {
        if ((await otherActiveAdmins(tx, holder.ngoId, holder.id)) === 0) {
          throw lastAdmin(
            `You are the last active admin of ${await ngoNameOf(tx, holder.ngoId)}: give another member an ` +
              'admin role there before joining another organisation.',
          );
        }
      }
      let userId: string;
      if (holder) {
        userId = holder.id;
        await tx
          .update(users)
          .set({
            ngoId: invite.ngoId,
            role: invite.role,
            status: 'active',
            // Tokens of the old organisation stop working: they would act there.
            sessionVersion: sql`${users.sessionVersion} + 1`,
            // The emailed link proves the address.
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          })
          .where(eq(users.id, userId));
      } else {
        userId = newId();
        await tx.insert(users).values({
          id: userId,
          ngoId: invite.ngoId,
          name: body.name!,
          email: invite.email,
          passwordHash: passwordHash!,
          role: invite.role,
          emailVerifiedAt: sql`now()`,
        });
      }
      await tx
        .update(invites)
        .set({ acceptedAt: sql`now()`, acceptedUserId: userId })
        .where(eq(invites.id, invite.id));
      // The actor is the person accepting: the link proved their address.
      await recordAudit(tx, {
        ngoId: invite.ngoId,
        actorId: userId,
        action: 'invite.accepted',
        targetType: 'invite',
        targetId: invite.id,
        details: { email: invite.email, role: invite.role, userId, existingAccount: Boolean(holder) },
      });
      if (holder) {
        await recordAudit(tx, {
          ngoId: invite.ngoId,
          actorId: userId,
          action: 'member.moved_in',
          targetType: 'member',
          targetId: userId,
          details: {
            name: holder.name,
            fromNgoId: holder.ngoId,
            before: normalizeRole(holder.role),
            after: invite.role,
            statusBefore: holder.status,
          },
        });
      }
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      return user!;
    });
    return await sessionFor(p.jwt, joined);
  } catch (err) {
    // Another organisation's invitation made an account for this address between our read and insert.
    if (isUniqueViolation(err)) {
      throw new ApiError(
        409,
        'An account for this address was just created. Open the link again to join with it.',
      );
    }
    throw err;
  }
}
