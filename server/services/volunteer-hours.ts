import { sql, type SQL } from 'drizzle-orm';
import type { HoursSummary, HoursTotals, VolunteerHours } from '../../contract/activity-reports';
import type { DbExecutor } from '../db';

/*
 * Approved volunteer hours (issue 15, ADR 0044): the one place that sums them, for the hours screens
 * and the dashboard alike, so no two screens can disagree. Every total is one aggregate, with FILTER
 * clauses for the month, the year and training, over volunteer_hours_monthly: the approved minutes per
 * volunteer, month and category, which a trigger on activity_reports keeps in the writing statement's
 * own transaction (migration 0021), with each organisation's own rows beside (volunteer_id ''). An
 * organisation's totals so read a row per month and category instead of every approved entry (the budget: p95 ≤ 20 ms over 100,000 approved entries); a summing
 * of the entries themselves took 57 ms at the median on PostgreSQL. hours-rollup.test.ts holds the
 * roll-up to the entries' own sums through random writes.
 */

/** Whose hours: a whole NGO, or one volunteer of it. */
export interface HoursScope {
  ngoId: string;
  volunteerId?: string;
}

/** The first day of the month `months` after the month of `today` ('YYYY-MM-DD'), as 'YYYY-MM-DD'. */
export function monthStart(today: string, months = 0): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** The last day of the month of `today`. */
export function monthEnd(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The month and the year of `today` as inclusive SQL day ranges (inclusive, so 9999-12-31, the last
 * storable day, needs no day after it).
 */
function bounds(today: string) {
  const year = today.slice(0, 4);
  return {
    month: sql`r.month = cast(${monthStart(today)} as date)`,
    year: sql`r.month between cast(${`${year}-01-01`} as date) and cast(${`${year}-12-01`} as date)`,
  };
}

/** The totals' columns over roll-up rows `r` (every sum a bigint, read back as a number). */
function totalsColumns(today: string): SQL {
  const { month, year } = bounds(today);
  return sql`coalesce(sum(r.minutes) filter (where ${month}), 0)::bigint as this_month,
    coalesce(sum(r.minutes) filter (where ${year}), 0)::bigint as this_year,
    coalesce(sum(r.minutes), 0)::bigint as all_time,
    coalesce(sum(r.minutes) filter (where r.category = 'training'), 0)::bigint as training_all_time,
    coalesce(sum(r.minutes) filter (where r.category = 'training' and ${year}), 0)::bigint as training_this_year,
    coalesce(sum(r.reports), 0)::bigint as reports`;
}

type TotalsRow = Record<
  'this_month' | 'this_year' | 'all_time' | 'training_all_time' | 'training_this_year' | 'reports',
  string | number | null
>;

const totalsOf = (row: TotalsRow | undefined): HoursTotals => ({
  thisMonth: Number(row?.this_month ?? 0),
  thisYear: Number(row?.this_year ?? 0),
  allTime: Number(row?.all_time ?? 0),
  trainingAllTime: Number(row?.training_all_time ?? 0),
  trainingThisYear: Number(row?.training_this_year ?? 0),
  reports: Number(row?.reports ?? 0),
});

/** The roll-up's volunteer_id of an organisation's own rows (the sum of its volunteers'). */
const NGO_ROW = '';

/** The roll-up rows a scope counts (its primary key's leading columns). */
const approvedIn = (scope: HoursScope): SQL =>
  sql`r.ngo_id = ${scope.ngoId} and r.volunteer_id = ${scope.volunteerId ?? NGO_ROW}`;

/** The approved totals of an NGO or of one volunteer; "this month/year" are those of `today`. */
export async function hoursTotalsOf(db: DbExecutor, scope: HoursScope, today: string): Promise<HoursTotals> {
  const result = await db.execute<TotalsRow>(
    sql`select ${totalsColumns(today)} from volunteer_hours_monthly r where ${approvedIn(scope)}`,
  );
  return totalsOf(result.rows[0]);
}

/** Reports of the scope waiting for review (not counted in any total). */
export async function pendingReportsOf(db: DbExecutor, scope: HoursScope): Promise<number> {
  const volunteer = scope.volunteerId === undefined ? sql`` : sql` and r.volunteer_id = ${scope.volunteerId}`;
  const result = await db.execute<{ n: string | number }>(
    sql`select count(*) as n from activity_reports r
      where r.ngo_id = ${scope.ngoId} and r.status = 'pending'${volunteer}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** The twelve months ending with today's month, oldest first, each with its service and training minutes. */
export async function hoursByMonth(
  db: DbExecutor,
  scope: HoursScope,
  today: string,
): Promise<HoursSummary['byMonth']> {
  const first = monthStart(today, -11);
  const result = await db.execute<{ month: string; service: string | number; training: string | number }>(
    sql`select to_char(r.month, 'YYYY-MM') as month,
        coalesce(sum(r.minutes) filter (where r.category = 'service'), 0)::bigint as service,
        coalesce(sum(r.minutes) filter (where r.category = 'training'), 0)::bigint as training
      from volunteer_hours_monthly r
      where ${approvedIn(scope)}
        and r.month between cast(${first} as date) and cast(${monthStart(today)} as date)
      group by 1`,
  );
  const found = new Map(result.rows.map((r) => [r.month, r]));
  return Array.from({ length: 12 }, (_, i) => {
    const month = monthStart(today, i - 11).slice(0, 7);
    const row = found.get(month);
    return { month, service: Number(row?.service ?? 0), training: Number(row?.training ?? 0) };
  });
}

/** The whole summary of a scope: totals, the twelve months and the pending count. */
export async function hoursSummaryOf(
  db: DbExecutor,
  scope: HoursScope,
  today: string,
): Promise<HoursSummary> {
  const [totals, byMonth, pendingReports] = await Promise.all([
    hoursTotalsOf(db, scope, today),
    hoursByMonth(db, scope, today),
    pendingReportsOf(db, scope),
  ]);
  return { ...totals, byMonth, pendingReports };
}

/**
 * Each active volunteer of the NGO with their totals, by name: one grouped aggregate over the roll-up,
 * joined to the members. `q` keeps names or addresses containing it.
 */
export async function volunteersHoursOf(
  db: DbExecutor,
  ngoId: string,
  today: string,
  q?: string,
): Promise<VolunteerHours[]> {
  const needle = q?.trim().toLowerCase();
  const search = needle
    ? sql` and (strpos(lower(u.name), ${needle}) > 0 or strpos(lower(u.email), ${needle}) > 0)`
    : sql``;
  const result = await db.execute<TotalsRow & { id: string; name: string; email: string }>(
    sql`select u.id, u.name, u.email, t.this_month, t.this_year, t.all_time, t.training_all_time,
        t.training_this_year, t.reports
      from users u
      left join (
        select r.volunteer_id, ${totalsColumns(today)} from volunteer_hours_monthly r
        where r.ngo_id = ${ngoId} and r.volunteer_id <> ${NGO_ROW} group by r.volunteer_id
      ) t on t.volunteer_id = u.id
      where u.ngo_id = ${ngoId} and u.role = 'VOLUNTEER' and u.status = 'active'${search}
      order by lower(u.name), u.name, u.id`,
  );
  return result.rows.map((row) => ({
    volunteerId: row.id,
    volunteerName: row.name,
    email: row.email,
    ...totalsOf(row),
  }));
}
