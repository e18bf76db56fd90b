import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { NgoDetail, NgoMembers } from '../../../contract/ngos';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { ngos, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';

// Another tenant's organisation answers exactly like a missing one (ADR 0020): both are this 404.
const notFound = () => new ApiError(404, 'Organisation not found.');

export async function getNgo(db: DbExecutor, tenant: Tenant, ngoId: string): Promise<NgoDetail> {
  const [ngo] = await db
    .select({
      id: ngos.id,
      name: ngos.name,
      plan: ngos.plan,
      country: ngos.country,
      createdAt: ngos.createdAt,
      memberCount: db.$count(users, and(eq(users.ngoId, ngos.id), eq(users.status, 'active'))),
    })
    .from(ngos)
    .where(and(eq(ngos.id, ngoId), tenant.readable(ngos.id)))
    .limit(1);
  if (!ngo) throw notFound();
  return { ...ngo, memberCount: Number(ngo.memberCount), createdAt: ngo.createdAt.toISOString() };
}

export async function listNgoMembers(db: DbExecutor, tenant: Tenant, ngoId: string): Promise<NgoMembers> {
  const [exists] = await db
    .select({ n: count() })
    .from(ngos)
    .where(and(eq(ngos.id, ngoId), tenant.readable(ngos.id)));
  // Past this check the organisation is one the caller may read, so its members are too.
  if (!exists?.n) throw notFound();
  const rows = await db
    // An explicit column list: the password hash must never leave this query.
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.status, 'active')))
    // lower() so the order is the same under PGlite's and PostgreSQL's collations.
    .orderBy(asc(sql`lower(${users.name})`), asc(users.name), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: normalizeRole(r.role),
    emailVerified: r.emailVerifiedAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}
