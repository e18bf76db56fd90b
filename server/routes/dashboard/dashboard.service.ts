import { and, asc, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { CLOSING_SOON_DAYS, NEW_GRANT_DAYS, type DashboardSummary } from '../../../contract/dashboard';
import { normalizeRole, roles } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { blogs, grants, ngos, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { hoursTotalsOf, pendingReportsOf, type HoursScope } from '../../services/volunteer-hours';

/** 'YYYY-MM-DD' of the UTC day `days` after `now`; deadlines are calendar days, compared in UTC. */
export function utcDay(now: Date, days = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

/**
 * The dashboard figures of one organisation. Grants and blogs are shared by all; members are not.
 * Volunteer hours are the `viewer`'s own when they are a VOLUNTEER, else the organisation's.
 */
export async function getDashboardSummary(
  db: DbExecutor,
  tenant: Tenant,
  now = new Date(),
  viewer?: { id: string; role: string },
): Promise<DashboardSummary> {
  const today = utcDay(now);
  const hoursScope: HoursScope =
    viewer && normalizeRole(viewer.role) === 'VOLUNTEER'
      ? { ngoId: tenant.ngoId, volunteerId: viewer.id }
      : { ngoId: tenant.ngoId };
  const soonEnd = utcDay(now, CLOSING_SOON_DAYS);
  const newSince = utcDay(now, -NEW_GRANT_DAYS);
  const open = sql`(${grants.deadlineDate} is null or ${grants.deadlineDate} >= ${today})`;

  const [ngoRows, roleRows, grantRows, blogTotals, latestBlogs, upcoming, hours, pendingReports] =
    await Promise.all([
      db
        .select({ id: ngos.id, name: ngos.name, plan: ngos.plan, createdAt: ngos.createdAt })
        .from(ngos)
        .where(tenant.ownedBy(ngos.id))
        .limit(1),
      db
        .select({
          role: users.role,
          total: count(),
          unverified: sql<number>`count(*) filter (where ${users.emailVerifiedAt} is null)`.mapWith(Number),
        })
        .from(users)
        // Active members: a deactivated one (staff management) no longer counts, as for the plan's seats.
        .where(and(tenant.ownedBy(users.ngoId), eq(users.status, 'active')))
        .groupBy(users.role),
      db
        .select({
          total: count(),
          open: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
          closingSoon:
            sql<number>`count(*) filter (where ${grants.deadlineDate} between ${today} and ${soonEnd})`.mapWith(
              Number,
            ),
          newThisMonth: sql<number>`count(*) filter (where ${grants.postDate} >= ${newSince})`.mapWith(
            Number,
          ),
        })
        .from(grants),
      db.select({ total: count() }).from(blogs),
      db
        .select({ id: blogs.id, title: blogs.title, category: blogs.category, postDate: blogs.postDate })
        .from(blogs)
        .orderBy(desc(blogs.postDate), desc(blogs.createdAt), desc(blogs.id))
        .limit(3),
      db
        .select({
          id: grants.id,
          title: grants.title,
          donorAgency: grants.donorAgency,
          deadlineDate: grants.deadlineDate,
          grantSize: grants.grantSize,
        })
        .from(grants)
        .where(and(isNotNull(grants.deadlineDate), gte(grants.deadlineDate, today)))
        .orderBy(asc(grants.deadlineDate), asc(grants.id))
        .limit(5),
      // The same SQL as the hours screens (services/volunteer-hours.ts), for the server's UTC day.
      hoursTotalsOf(db, hoursScope, today),
      pendingReportsOf(db, hoursScope),
    ]);

  const ngo = ngoRows[0];
  // The token's user exists (requireAuth re-reads it) and users cascade with their NGO, so this is a race only.
  if (!ngo) throw new ApiError(404, 'Organisation not found.');

  const byRole: Record<string, number> = Object.fromEntries(roles.map((r) => [r, 0]));
  let total = 0;
  let unverified = 0;
  for (const row of roleRows) {
    const role = normalizeRole(row.role);
    byRole[role] = (byRole[role] ?? 0) + row.total;
    total += row.total;
    unverified += row.unverified;
  }
  const g = grantRows[0];

  return {
    ngo: { id: ngo.id, name: ngo.name, plan: ngo.plan, createdAt: ngo.createdAt.toISOString() },
    members: { total, byRole, unverified },
    grants: {
      open: g?.open ?? 0,
      closingSoon: g?.closingSoon ?? 0,
      newThisMonth: g?.newThisMonth ?? 0,
      total: g?.total ?? 0,
    },
    blogs: { total: blogTotals[0]?.total ?? 0, latest: latestBlogs },
    volunteerHours: {
      thisMonth: hours.thisMonth,
      thisYear: hours.thisYear,
      allTime: hours.allTime,
      pendingReports,
    },
    upcomingDeadlines: upcoming.flatMap((u) =>
      u.deadlineDate ? [{ ...u, deadlineDate: u.deadlineDate }] : [],
    ),
  };
}
