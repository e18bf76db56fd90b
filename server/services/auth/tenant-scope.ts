import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { can } from '../../../contract/permissions';

/*
 * The one tenant rule (ADR 0020). Every NGO-owned row is read and written through a Tenant, so no
 * resource decides its own super-admin scope:
 * - reads addressed by id (an organisation, its members, a cause, a payment) cross tenants for roles
 *   with 'tenants:cross' (SUPER_ADMIN, supporting an NGO); for everyone else another NGO's row answers
 *   exactly like a missing one, so ids cannot be probed;
 * - lists and writes are always of the caller's own NGO: nobody, SUPER_ADMIN included, changes another
 *   tenant's data through an NGO screen's endpoint.
 */

/** The signed-in caller's tenant scope; a route gets it as `c.var.tenant` (set by requireAuth). */
export interface Tenant {
  /** The caller's own organisation: every list and write is of it. */
  readonly ngoId: string;
  /** Whether the caller may read a row owned by `ngoId` (when the row is already loaded). */
  canRead(ngoId: string): boolean;
  /** The WHERE condition of a by-id read; undefined (no condition) for cross-tenant readers. */
  readable(ngoColumn: PgColumn): SQL | undefined;
  /** The WHERE condition of lists and writes: the caller's own NGO, whatever the role. */
  ownedBy(ngoColumn: PgColumn): SQL;
}

export function tenantOf(user: { ngoId: string; role: string }): Tenant {
  const crosses = can(user.role, 'tenants:cross');
  return {
    ngoId: user.ngoId,
    canRead: (ngoId) => ngoId === user.ngoId || crosses,
    readable: (ngoColumn) => (crosses ? undefined : eq(ngoColumn, user.ngoId)),
    ownedBy: (ngoColumn) => eq(ngoColumn, user.ngoId),
  };
}
