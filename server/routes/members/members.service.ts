import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  assignableRoles,
  isAdminRole,
  mayManageMember,
  memberErrorCodes,
  memberRoleLabels,
  type Member,
  type MemberChange,
  type MemberListQuery,
} from '../../../contract/members';
import type { PageQuery } from '../../../contract/paging';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { recordAudit } from '../../services/audit';
import type { Tenant } from '../../services/auth/tenant-scope';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';
import { assertSeatsFor, lastAdmin, lockNgos, otherActiveAdmins } from './seats';

/** The caller of a staff-management write: who they are, their rank, and their NGO. */
export interface Manager {
  id: string;
  role: string;
  tenant: Tenant;
}

export const memberNotFound = () => new ApiError(404, 'Member not found.');

/** A UTC timestamp column of `e` as ISO 8601 with milliseconds, as the contract's strings are. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Stored data may spell ADMIN as 'admin' (contract/roles.ts); answers always spell it ADMIN. */
const roleOf = (column: string) => sql.raw(`(case when ${column} = 'admin' then 'ADMIN' else ${column} end)`);

/** One member as JSON text, from `users e`. An explicit list: the password hash never leaves. */
const memberItem = sql<string>`json_build_object(
  'id', e.id, 'name', e.name, 'email', e.email, 'role', ${roleOf('e.role')}, 'status', e.status,
  'lastSeenAt', ${iso('e.last_seen_at')}, 'createdAt', ${iso('e.created_at')}
)::text`;

/** By name (case folded, so PGlite's and PostgreSQL's collations agree), then as written, then id. */
const memberKeys = [
  sortKey(sql`lower(e.name)`, 'text', 'asc'),
  sortKey(sql`e.name`, 'text', 'asc'),
  sortKey(sql`e.id`, 'text', 'asc'),
];

type MemberFilters = Omit<MemberListQuery, 'limit' | 'cursor'>;

/** One page of the caller's NGO's members (lists never cross tenants, ADR 0020). */
export function listMembersPage(
  db: DbExecutor,
  tenant: Tenant,
  filters: MemberFilters,
  page: PageQuery,
): Promise<JsonPage> {
  const conditions: SQL[] = [sql`e.ngo_id = ${tenant.ngoId}`];
  const q = filters.q?.trim().toLowerCase();
  if (q) conditions.push(sql`(strpos(lower(e.name), ${q}) > 0 or strpos(lower(e.email), ${q}) > 0)`);
  if (filters.role) conditions.push(sql`${roleOf('e.role')} = ${filters.role}`);
  if (filters.status) conditions.push(sql`e.status = ${filters.status}`);
  return readJsonPage(
    db,
    { from: sql`users e`, where: sql.join(conditions, sql` and `), item: memberItem, keys: memberKeys },
    // The tenant is part of what a cursor is bound to: another NGO's cursor is refused, not reused.
    {
      listing: 'members',
      filters: { q: q || undefined, role: filters.role, status: filters.status, ngo: tenant.ngoId },
      page,
      reuse: false,
    },
  );
}

/** One member as the API answers it. */
export async function memberById(db: DbExecutor, memberId: string): Promise<Member> {
  const result = await db.execute<{ item: string }>(
    sql`select ${memberItem} as item from users e where e.id = ${memberId}`,
  );
  const item = result.rows[0]?.item;
  if (!item) throw memberNotFound();
  return JSON.parse(item) as Member;
}

export const rolesWords = (roles: readonly string[]) =>
  roles.map((r) => memberRoleLabels[r as keyof typeof memberRoleLabels] ?? r).join(', ');

/** 403 unless `role` is one the manager may give (at or below their own rank, never SUPER_ADMIN). */
export function assertMayGive(manager: Pick<Manager, 'role'>, role: string) {
  const mayGive = assignableRoles(manager.role);
  if ((mayGive as readonly string[]).includes(role)) return;
  throw new ApiError(
    403,
    mayGive.length
      ? `You can give only roles at or below your own: ${rolesWords(mayGive)}.`
      : 'You cannot give roles.',
    { code: memberErrorCodes.roleNotAssignable },
  );
}

/**
 * Changes a member's role, status or both (PATCH /api/members/{memberId}); the rules are
 * contract/members.ts's and ADR 0041's. Deactivating bumps the session version in the same
 * statement, so every token the member holds is refused from the next request on.
 */
export async function changeMember(
  db: DbExecutor,
  manager: Manager,
  memberId: string,
  change: MemberChange,
): Promise<Member> {
  const ngoId = manager.tenant.ngoId;
  await db.transaction(async (tx) => {
    await lockNgos(tx, [ngoId]);
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, memberId), manager.tenant.ownedBy(users.ngoId)))
      .limit(1);
    if (!target) throw memberNotFound();
    if (!mayManageMember(manager.role, target.role)) {
      throw new ApiError(403, 'You cannot change a member whose role is above yours.', {
        code: memberErrorCodes.memberAboveYou,
      });
    }
    if (change.role !== undefined) assertMayGive(manager, change.role);
    const role = change.role ?? normalizeRole(target.role);
    const status = change.status ?? target.status;
    if (status === 'deactivated' && target.status === 'active' && target.id === manager.id) {
      throw new ApiError(409, 'You cannot deactivate your own account. Ask another admin to do it.', {
        code: memberErrorCodes.cannotDeactivateSelf,
      });
    }
    const keepsAdmin = status === 'active' && isAdminRole(role);
    if (target.status === 'active' && isAdminRole(target.role) && !keepsAdmin) {
      if ((await otherActiveAdmins(tx, ngoId, target.id)) === 0) {
        throw lastAdmin(
          `${target.name} is the organisation's last active admin: give another member an admin role ` +
            `(Admin or NGO admin) first.`,
        );
      }
    }
    if (target.status === 'deactivated' && status === 'active') {
      await assertSeatsFor(tx, ngoId, 1, 'deactivate a member or revoke a pending invitation first');
    }
    const deactivating = target.status === 'active' && status === 'deactivated';
    await tx
      .update(users)
      .set({
        ...(change.role !== undefined && { role }),
        status,
        // One statement with the status: no moment where the member is deactivated and a token works.
        ...(deactivating && { sessionVersion: sql`${users.sessionVersion} + 1` }),
      })
      .where(eq(users.id, target.id));
    const entry = { ngoId, actorId: manager.id, targetType: 'member', targetId: target.id } as const;
    const roleBefore = normalizeRole(target.role);
    if (role !== roleBefore) {
      await recordAudit(tx, {
        ...entry,
        action: 'member.role_changed',
        details: { name: target.name, before: roleBefore, after: role },
      });
    }
    if (deactivating) {
      await recordAudit(tx, {
        ...entry,
        action: 'member.deactivated',
        details: { name: target.name, before: 'active', after: 'deactivated' },
      });
    }
    if (target.status === 'deactivated' && status === 'active') {
      await recordAudit(tx, {
        ...entry,
        action: 'member.reactivated',
        details: { name: target.name, before: 'deactivated', after: 'active' },
      });
    }
  });
  return memberById(db, memberId);
}
