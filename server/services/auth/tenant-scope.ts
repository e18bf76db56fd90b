import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../http/context';
import { can } from '../../../contract/permissions';

/*
 * The one tenant rule (ADR 0020). Every NGO-owned row is read and written through these, so no
 * resource decides its own super-admin scope:
 * - reads addressed by id (an organisation, its members, a cause, a payment) cross tenants for roles
 *   with 'tenants:cross' (SUPER_ADMIN, supporting an NGO); for everyone else another NGO's row answers
 *   exactly like a missing one, so ids cannot be probed;
 * - lists and writes are always of the caller's own NGO: nobody, SUPER_ADMIN included, changes another
 *   tenant's data through an NGO screen's endpoint.
 */

/** Whether the caller may read a row owned by `ngoId`. */
export const canReadNgo = (user: AuthUser, ngoId: string) =>
  ngoId === user.ngoId || can(user.role, 'tenants:cross');

/** The WHERE condition that scopes a by-id read; undefined (no condition) for cross-tenant readers. */
export function readScope(user: AuthUser, ngoColumn: PgColumn): SQL | undefined {
  return can(user.role, 'tenants:cross') ? undefined : eq(ngoColumn, user.ngoId);
}

/** The WHERE condition of lists and writes: the caller's own NGO, whatever the role. */
export const ownScope = (user: AuthUser, ngoColumn: PgColumn): SQL => eq(ngoColumn, user.ngoId);
