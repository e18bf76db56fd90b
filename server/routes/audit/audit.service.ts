import { sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery } from '../../../contract/audit';
import type { PageQuery } from '../../../contract/paging';
import type { DbExecutor } from '../../db';
import type { Tenant } from '../../services/auth/tenant-scope';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';

/** One entry as JSON text, from `audit_log e`. */
const auditItem = sql<string>`json_build_object(
  'id', e.id, 'actorId', e.actor_id, 'actorName', e.actor_name, 'action', e.action,
  'targetType', e.target_type, 'targetId', e.target_id, 'details', e.details,
  'createdAt', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)::text`;

/** Newest first, as the (ngo_id, created_at desc, id desc) index reads them. */
const auditKeys = [sortKey(sql`e.created_at`, 'timestamptz', 'desc'), sortKey(sql`e.id`, 'text', 'desc')];

type AuditFilters = Omit<AuditListQuery, 'limit' | 'cursor'>;

/** One page of the caller's NGO's trail (never another NGO's, SUPER_ADMIN included: ADR 0020). */
export function listAuditPage(
  db: DbExecutor,
  tenant: Tenant,
  filters: AuditFilters,
  page: PageQuery,
): Promise<JsonPage> {
  const conditions: SQL[] = [sql`e.ngo_id = ${tenant.ngoId}`];
  if (filters.action) conditions.push(sql`e.action = ${filters.action}`);
  if (filters.actorId) conditions.push(sql`e.actor_id = ${filters.actorId}`);
  return readJsonPage(
    db,
    { from: sql`audit_log e`, where: sql.join(conditions, sql` and `), item: auditItem, keys: auditKeys },
    // The tenant is part of what a cursor is bound to: another NGO's cursor is refused, not reused.
    {
      listing: 'audit',
      filters: { action: filters.action, actorId: filters.actorId, ngo: tenant.ngoId },
      page,
      reuse: false,
    },
  );
}
