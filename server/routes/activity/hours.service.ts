import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  HOURS_CSV_COLUMNS,
  hoursOf,
  reportCategoryLabels,
  type HoursSummary,
  type ReportCategory,
  type VolunteerHours,
} from '../../../contract/activity-reports';
import type { DbExecutor } from '../../db';
import { users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { hoursSummaryOf, volunteersHoursOf } from '../../services/volunteer-hours';
import { isVolunteer, type ActivityCaller } from './activity-reports.service';

/** Whose hours a request reads: a volunteer always their own; staff the NGO's or one volunteer's. */
async function scopeOf(db: DbExecutor, caller: ActivityCaller, volunteerId: string | undefined) {
  if (isVolunteer(caller)) return { ngoId: caller.tenant.ngoId, volunteerId: caller.id };
  if (volunteerId === undefined) return { ngoId: caller.tenant.ngoId };
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, volunteerId), caller.tenant.ownedBy(users.ngoId)))
    .limit(1);
  if (!member) throw new ApiError(404, 'Volunteer not found.');
  return { ngoId: caller.tenant.ngoId, volunteerId };
}

/** GET /api/hours/summary. */
export async function hoursSummary(
  db: DbExecutor,
  caller: ActivityCaller,
  query: { volunteerId?: string; today: string },
): Promise<HoursSummary> {
  return hoursSummaryOf(db, await scopeOf(db, caller, query.volunteerId), query.today);
}

/** GET /api/hours/volunteers: not for volunteers (they see no one else's hours). */
export async function volunteersHours(
  db: DbExecutor,
  caller: ActivityCaller,
  query: { today: string; q?: string },
): Promise<VolunteerHours[]> {
  if (isVolunteer(caller)) throw new ApiError(403, 'Only staff and readers see every volunteer’s hours.');
  return volunteersHoursOf(db, caller.tenant.ngoId, query.today, query.q);
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A text starting with
 * = + - @ (or a tab or carriage return) gets a leading apostrophe, so a spreadsheet shows it as text
 * and never runs it as a formula (CSV injection).
 */
export function csvCell(value: string | number): string {
  let cell = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const csvRow = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** GET /api/hours/export.csv: the approved reports of the range, by day, as CSV text. */
export async function hoursCsv(
  db: DbExecutor,
  caller: ActivityCaller,
  query: { volunteerId?: string; from?: string; to?: string },
): Promise<string> {
  const scope = await scopeOf(db, caller, query.volunteerId);
  const conditions: SQL[] = [sql`r.ngo_id = ${scope.ngoId}`, sql`r.status = 'approved'`];
  if (scope.volunteerId) conditions.push(sql`r.volunteer_id = ${scope.volunteerId}`);
  if (query.from) conditions.push(sql`r.date >= cast(${query.from} as date)`);
  if (query.to) conditions.push(sql`r.date <= cast(${query.to} as date)`);
  const result = await db.execute<{
    date: string;
    volunteer: string | null;
    category: ReportCategory;
    minutes: number;
    task: string | null;
    description: string;
    reviewer: string | null;
    reviewed_at: string | null;
  }>(
    sql`select to_char(r.date, 'YYYY-MM-DD') as date, v.name as volunteer, r.category, r.minutes,
        t.title as task, r.description, rv.name as reviewer,
        to_char(r.reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as reviewed_at
      from activity_reports r
      left join users v on v.id = r.volunteer_id
      left join tasks t on t.id = r.task_id
      left join users rv on rv.id = r.reviewed_by
      where ${sql.join(conditions, sql` and `)}
      order by r.date, lower(coalesce(v.name, '')), r.id`,
  );
  // A byte order mark, so spreadsheet programs read the names as UTF-8.
  let csv = `\uFEFF${csvRow([...HOURS_CSV_COLUMNS])}`;
  for (const r of result.rows) {
    csv += csvRow([
      r.date,
      r.volunteer ?? '',
      reportCategoryLabels[r.category] ?? r.category,
      hoursOf(Number(r.minutes)),
      r.task ?? '',
      r.description,
      r.reviewer ?? '',
      r.reviewed_at ?? '',
    ]);
  }
  return csv;
}
