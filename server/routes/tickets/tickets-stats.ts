import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ticketStatuses,
  type TicketPerson,
  type TicketStats,
  type TicketStatus,
} from '../../../contract/tickets';
import type { DbExecutor } from '../../db';
import { users } from '../../db/schema';
import { agentScope, isPlatformAgent, NGO_AGENT_ROLES, type TicketCaller } from './tickets-access';

const DAY_MS = 86_400_000;

/** The Monday (UTC) of the week `at` falls in, at 00:00 UTC. */
export function mondayOf(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Whole minutes; null stays null. */
const wholeMinutes = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));

/**
 * GET /tickets/stats: the tickets the caller works (agentScope: every ticket for a SUPER_ADMIN, their
 * NGO's 'ngo' tickets for its admins; not the caller's own requests to others). The period is the
 * last `weeks` weeks, Monday to Sunday in UTC, this week included. Weeks count tickets opened, resolved
 * (by their current resolved_at: a reopened ticket counts again when resolved again) and rated (by
 * when; csat is their mean to two decimals). Medians are over the first replies and resolutions that
 * happened in the period, in whole minutes from the ticket's creation.
 */
export async function ticketStats(
  db: DbExecutor,
  caller: TicketCaller,
  weeks: number,
  now = new Date(),
): Promise<TicketStats> {
  const scope = agentScope(caller);
  const firstWeek = new Date(mondayOf(now).getTime() - (weeks - 1) * 7 * DAY_MS);
  const start = firstWeek.toISOString();
  const weekOf = (column: string) =>
    sql.raw(`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`);

  const weekly = await db.execute<{ kind: string; week: string; n: number; mean: number | null }>(sql`
    select 'opened' as kind, ${weekOf('e.created_at')} as week, count(*)::int as n, null::float8 as mean
      from tickets e where ${scope} and e.created_at >= ${start}::timestamptz group by 2
    union all
    select 'resolved', ${weekOf('e.resolved_at')}, count(*)::int, null::float8
      from tickets e where ${scope} and e.resolved_at >= ${start}::timestamptz group by 2
    union all
    select 'rated', ${weekOf('e.rated_at')}, count(*)::int, avg(e.rating_score)::float8
      from tickets e where ${scope} and e.rated_at >= ${start}::timestamptz group by 2`);
  const byWeek = new Map<string, TicketStats['weeks'][number]>();
  for (let i = 0; i < weeks; i++) {
    const weekStart = ymd(new Date(firstWeek.getTime() + i * 7 * DAY_MS));
    byWeek.set(weekStart, { weekStart, opened: 0, resolved: 0, csat: null, ratings: 0 });
  }
  for (const r of weekly.rows) {
    const week = byWeek.get(r.week);
    if (!week) continue;
    if (r.kind === 'opened') week.opened = Number(r.n);
    else if (r.kind === 'resolved') week.resolved = Number(r.n);
    else {
      week.ratings = Number(r.n);
      week.csat = r.mean === null ? null : Math.round(Number(r.mean) * 100) / 100;
    }
  }

  const statuses = await db.execute<{ status: string; n: number }>(
    sql`select e.status, count(*)::int as n from tickets e where ${scope} group by e.status`,
  );
  const byStatus = Object.fromEntries(ticketStatuses.map((s) => [s, 0])) as Record<TicketStatus, number>;
  for (const r of statuses.rows) {
    if (r.status in byStatus) byStatus[r.status as TicketStatus] = Number(r.n);
  }

  const clocks = await db.execute<{
    breached: number;
    first_reply: number | null;
    resolve: number | null;
  }>(sql`
    select
      count(*) filter (where e.status in ('open', 'pending') and (
        (e.first_reply_at is null and e.first_reply_due_at < now())
        or (e.resolved_at is null and e.resolve_due_at < now())))::int as breached,
      percentile_cont(0.5) within group (
        order by (extract(epoch from (e.first_reply_at - e.created_at)) / 60)::float8
      ) filter (where e.first_reply_at >= ${start}::timestamptz) as first_reply,
      percentile_cont(0.5) within group (
        order by (extract(epoch from (e.resolved_at - e.created_at)) / 60)::float8
      ) filter (where e.resolved_at >= ${start}::timestamptz) as resolve
    from tickets e where ${scope}`);
  const c = clocks.rows[0];
  return {
    weeks: [...byWeek.values()],
    byStatus,
    breached: Number(c?.breached ?? 0),
    medianFirstReplyMinutes: wholeMinutes(c?.first_reply ?? null),
    medianResolveMinutes: wholeMinutes(c?.resolve ?? null),
  };
}

/**
 * GET /tickets/agents: who the caller may assign tickets to, by name. Their NGO's active admins; for
 * a SUPER_ADMIN also every active SUPER_ADMIN (the platform's team). An NGO's admins do not list the
 * platform's team, though a ticket of theirs may be given to a SUPER_ADMIN by id (they can see it).
 */
export async function assignableAgents(db: DbExecutor, caller: TicketCaller): Promise<TicketPerson[]> {
  const ngoAdmins = and(eq(users.ngoId, caller.tenant.ngoId), inArray(users.role, [...NGO_AGENT_ROLES]));
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        isPlatformAgent(caller) ? or(eq(users.role, 'SUPER_ADMIN'), ngoAdmins) : ngoAdmins,
      ),
    )
    .orderBy(sql`lower(${users.name})`, asc(users.name), asc(users.id));
}
