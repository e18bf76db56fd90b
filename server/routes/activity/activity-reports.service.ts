import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  activityErrorCodes,
  REPORT_FUTURE_DAYS,
  reportedMinutes,
  type ActivityHistoryEntry,
  type activityHoursEdit,
  type ActivityReport,
  type activityReportCreate,
  type ActivityReportListQuery,
  type activityReview,
} from '../../../contract/activity-reports';
import type { AuditAction } from '../../../contract/audit';
import type { PageQuery } from '../../../contract/paging';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { activityReports, auditLog, taskAssignments, tasks, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';

/** The caller of an activity endpoint: who they are, their role, and their NGO. */
export interface ActivityCaller {
  id: string;
  role: string;
  tenant: Tenant;
}

export const reportNotFound = () => new ApiError(404, 'Activity report not found.');

/** A volunteer reads only their own reports; every other role reads the NGO's. */
export const isVolunteer = (caller: { role: string }) => normalizeRole(caller.role) === 'VOLUNTEER';

/** 'YYYY-MM-DD' of the UTC day `days` after `now`. */
export function utcDay(now: Date, days = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'Some fields are invalid.', { code: 'validation_failed', fields: { [field]: message } });

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One report as JSON text, from `activity_reports e` (contract activityReport): every answer is built
 * here, so a listing, a read and a write's answer never disagree. Photos follow the order the report
 * lists them in; one not received yet has a null fileId.
 */
const reportItem = sql<string>`json_build_object(
  'id', e.id, 'volunteerId', e.volunteer_id,
  'volunteerName', coalesce((select u.name from users u where u.id = e.volunteer_id), ''),
  'taskId', e.task_id, 'taskTitle', (select t.title from tasks t where t.id = e.task_id),
  'date', to_char(e.date, 'YYYY-MM-DD'), 'startTime', e.start_time, 'endTime', e.end_time,
  'minutes', e.minutes, 'reportedMinutes', e.reported_minutes, 'category', e.category,
  'description', e.description,
  'location', case when e.latitude is null or e.longitude is null then null else json_build_object(
    'latitude', e.latitude, 'longitude', e.longitude, 'accuracy', e.accuracy) end,
  'photos', coalesce((
    select json_agg(json_build_object('name', n.name, 'fileId', p.file_id, 'sizeBytes', f.size_bytes)
      order by n.ord)
    from unnest(e.photo_names) with ordinality as n(name, ord)
    left join activity_report_photos p on p.report_id = e.id and p.name = n.name
    left join files f on f.id = p.file_id
  ), '[]'::json),
  'status', e.status, 'declineReason', e.decline_reason, 'reviewedById', e.reviewed_by,
  'reviewedByName', coalesce((select u.name from users u where u.id = e.reviewed_by), ''),
  'reviewedAt', case when e.reviewed_at is null then null else ${iso('e.reviewed_at')} end,
  'createdAt', ${iso('e.created_at')}, 'updatedAt', ${iso('e.updated_at')}
)::text`;

/** Newest day first, then id descending. */
const reportKeys = [sortKey(sql`e.date`, 'date', 'desc'), sortKey(sql`e.id`, 'text', 'desc')];

/** The reports with these ids as the API answers them, newest day first (no access check). */
export async function reportsJson(db: DbExecutor, ids: readonly string[]): Promise<ActivityReport[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ item: string }>(
    sql`select ${reportItem} as item from activity_reports e where e.id = any(${idArray(ids)})
      order by e.date desc, e.id desc`,
  );
  return result.rows.map((r) => JSON.parse(r.item) as ActivityReport);
}

/** A text[] parameter: one bound value whatever the number of ids (ANY, not a list of 500 params). */
export const idArray = (ids: readonly string[]) =>
  sql`cast(${`{${ids.map(quoteElement).join(',')}}`} as text[])`;
const quoteElement = (id: string) => `"${id.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;

export async function reportJson(db: DbExecutor, id: string): Promise<ActivityReport> {
  const [report] = await reportsJson(db, [id]);
  if (!report) throw reportNotFound();
  return report;
}

type ReportFilters = Omit<ActivityReportListQuery, 'limit' | 'cursor'>;

/** One page of the caller's NGO's reports (a volunteer's: only their own). */
export function listReportsPage(
  db: DbExecutor,
  caller: ActivityCaller,
  filters: ReportFilters,
  page: PageQuery,
): Promise<JsonPage> {
  const conditions: SQL[] = [sql`e.ngo_id = ${caller.tenant.ngoId}`];
  const own = isVolunteer(caller) ? caller.id : undefined;
  if (own) conditions.push(sql`e.volunteer_id = ${own}`);
  if (filters.volunteerId) conditions.push(sql`e.volunteer_id = ${filters.volunteerId}`);
  if (filters.status) conditions.push(sql`e.status = ${filters.status}`);
  if (filters.from) conditions.push(sql`e.date >= cast(${filters.from} as date)`);
  if (filters.to) conditions.push(sql`e.date <= cast(${filters.to} as date)`);
  const q = filters.q?.trim().toLowerCase();
  if (q) conditions.push(sql`strpos(lower(e.description), ${q}) > 0`);
  return readJsonPage(
    db,
    {
      from: sql`activity_reports e`,
      where: sql.join(conditions, sql` and `),
      item: reportItem,
      keys: reportKeys,
    },
    // A cursor is bound to the NGO and, for a volunteer, to them.
    {
      listing: 'activity-reports',
      filters: {
        status: filters.status,
        volunteerId: filters.volunteerId,
        from: filters.from,
        to: filters.to,
        q: q || undefined,
        own,
        ngo: caller.tenant.ngoId,
      },
      page,
      reuse: false,
    },
  );
}

/** A report the caller may read (by `readable`; a volunteer's only their own), else 404. */
export async function readableReport(db: DbExecutor, caller: ActivityCaller, reportId: string) {
  const [row] = await db
    .select()
    .from(activityReports)
    .where(and(eq(activityReports.id, reportId), caller.tenant.readable(activityReports.ngoId)))
    .limit(1);
  if (!row || (isVolunteer(caller) && row.volunteerId !== caller.id)) throw reportNotFound();
  return row;
}

export async function getReport(db: DbExecutor, caller: ActivityCaller, reportId: string) {
  await readableReport(db, caller, reportId);
  return reportJson(db, reportId);
}

export type ReportInput = z.output<typeof activityReportCreate>;
type ReportRow = typeof activityReports.$inferSelect;

/** The columns a create body stands for (compared on a replay). */
function rowValues(input: ReportInput) {
  const minutes = reportedMinutes(input);
  return {
    taskId: input.taskId,
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    minutes,
    reportedMinutes: minutes,
    category: input.category,
    description: input.description,
    latitude: input.location?.latitude ?? null,
    longitude: input.location?.longitude ?? null,
    accuracy: input.location?.accuracy ?? null,
    photoNames: input.photos,
  };
}

/** Whether a stored report is the one this body would make (a replay from the outbox). */
function sameContent(row: ReportRow, input: ReportInput): boolean {
  const v = rowValues(input);
  return (
    row.taskId === v.taskId &&
    row.date === v.date &&
    row.startTime === v.startTime &&
    row.endTime === v.endTime &&
    row.reportedMinutes === v.reportedMinutes &&
    row.category === v.category &&
    row.description === v.description &&
    row.latitude === v.latitude &&
    row.longitude === v.longitude &&
    row.accuracy === v.accuracy &&
    row.photoNames.length === v.photoNames.length &&
    row.photoNames.every((name, i) => name === v.photoNames[i])
  );
}

const conflict = () =>
  new ApiError(409, 'A different report was already sent with this id.', {
    code: activityErrorCodes.reportConflict,
  });

/** The report with this id is the caller's same report (200), or someone else's or other content (409). */
async function replayOf(db: DbExecutor, caller: ActivityCaller, input: ReportInput) {
  const [row] = await db.select().from(activityReports).where(eq(activityReports.id, input.id)).limit(1);
  if (!row) return undefined;
  // Another volunteer's or another NGO's row says nothing about itself: the same 409 as other content.
  if (row.ngoId !== caller.tenant.ngoId || row.volunteerId !== caller.id || !sameContent(row, input))
    throw conflict();
  return reportJson(db, row.id);
}

/**
 * POST /api/activity-reports: the device's report. Sent again from the outbox (same id, same content)
 * it answers the stored report with `created: false`; the same id with other content is a 409.
 */
export async function createReport(
  db: DbExecutor,
  caller: ActivityCaller,
  input: ReportInput,
  now = new Date(),
): Promise<{ report: ActivityReport; created: boolean }> {
  const replay = await replayOf(db, caller, input);
  if (replay) return { report: replay, created: false };
  const latest = utcDay(now, REPORT_FUTURE_DAYS);
  if (input.date > latest) throw invalid('date', 'The date cannot be in the future.');
  if (input.taskId) {
    const [assigned] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
      .where(
        and(
          eq(tasks.id, input.taskId),
          caller.tenant.ownedBy(tasks.ngoId),
          eq(taskAssignments.volunteerId, caller.id),
        ),
      )
      .limit(1);
    if (!assigned) throw invalid('taskId', 'This task is not one of your assigned tasks.');
  }
  const inserted = await db
    .insert(activityReports)
    .values({ id: input.id, ngoId: caller.tenant.ngoId, volunteerId: caller.id, ...rowValues(input) })
    .onConflictDoNothing({ target: activityReports.id })
    .returning({ id: activityReports.id });
  if (inserted.length === 0) {
    // Two sends of the same report raced: the other one stored it first.
    const raced = await replayOf(db, caller, input);
    if (raced) return { report: raced, created: false };
    throw conflict();
  }
  return { report: await reportJson(db, input.id), created: true };
}

/** Audit entries of one actor written in one multi-row insert (recordAudit writes one). */
async function recordAuditMany(
  tx: DbExecutor,
  ngoId: string,
  actorId: string,
  entries: { action: AuditAction; targetId: string; details: Record<string, unknown> }[],
) {
  if (entries.length === 0) return;
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)).limit(1);
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      id: newId(),
      ngoId,
      actorId,
      actorName: actor?.name ?? null,
      action: e.action,
      targetType: 'activity_report' as const,
      targetId: e.targetId,
      details: e.details,
    })),
  );
}

export type ReviewInput = z.output<typeof activityReview>;

/**
 * POST /api/activity-reports/review: all or nothing, in one transaction. The rows are locked first (two
 * reviewers of one report: the second sees it reviewed and gets the 409); then one UPDATE and one audit
 * insert cover every report, whatever their number.
 */
export async function reviewReports(
  db: DbExecutor,
  caller: ActivityCaller,
  input: ReviewInput,
): Promise<ActivityReport[]> {
  const ids = input.ids;
  await db.transaction(async (tx) => {
    const locked = await tx.execute<{ id: string; status: string; minutes: number }>(
      sql`select id, status, minutes from activity_reports
        where id = any(${idArray(ids)}) and ngo_id = ${caller.tenant.ngoId}
        order by id for update`,
    );
    const found = new Map(locked.rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      const message = `Not found: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}.`;
      throw new ApiError(404, 'Some reports were not found; nothing was reviewed.', {
        fields: { ids: message },
      });
    }
    const reviewed = locked.rows.filter((r) => r.status !== 'pending').map((r) => r.id);
    if (reviewed.length) {
      const message = `Already reviewed: ${reviewed.slice(0, 20).join(', ')}${reviewed.length > 20 ? '…' : ''}.`;
      throw new ApiError(409, 'Some reports are no longer pending; nothing was reviewed.', {
        code: activityErrorCodes.notPending,
        fields: { ids: message },
      });
    }
    const approve = input.decision === 'approve';
    await tx.execute(
      sql`update activity_reports set status = ${approve ? 'approved' : 'declined'},
        decline_reason = ${approve ? null : (input.reason ?? null)}, reviewed_by = ${caller.id},
        reviewed_at = now(), updated_at = now()
        where id = any(${idArray(ids)}) and ngo_id = ${caller.tenant.ngoId}`,
    );
    await recordAuditMany(
      tx,
      caller.tenant.ngoId,
      caller.id,
      locked.rows.map((r) => ({
        action: approve ? 'activity.approved' : 'activity.declined',
        targetId: r.id,
        details: approve ? { minutes: Number(r.minutes) } : { reason: input.reason ?? '' },
      })),
    );
  });
  return reportsJson(db, ids);
}

export type HoursEditInput = z.output<typeof activityHoursEdit>;

/** PATCH /api/activity-reports/{reportId}/hours: a reviewer's correction, audited with its reason. */
export async function editHours(
  db: DbExecutor,
  caller: ActivityCaller,
  reportId: string,
  input: HoursEditInput,
): Promise<ActivityReport> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: activityReports.status, minutes: activityReports.minutes })
      .from(activityReports)
      .where(and(eq(activityReports.id, reportId), caller.tenant.ownedBy(activityReports.ngoId)))
      .limit(1)
      .for('update');
    if (!row) throw reportNotFound();
    if (row.status === 'declined')
      throw new ApiError(409, 'A declined report’s hours cannot be changed.', {
        code: activityErrorCodes.reportDeclined,
      });
    // The same hours again (a retry) changes nothing and adds nothing to the trail.
    if (row.minutes === input.minutes) return;
    await tx
      .update(activityReports)
      .set({ minutes: input.minutes, updatedAt: sql`now()` })
      .where(eq(activityReports.id, reportId));
    await recordAuditMany(tx, caller.tenant.ngoId, caller.id, [
      {
        action: 'activity.hours_edited',
        targetId: reportId,
        details: { from: row.minutes, to: input.minutes, reason: input.reason },
      },
    ]);
  });
  return reportJson(db, reportId);
}

/** GET …/history: the report's audit entries, after its submission, oldest first. */
export async function reportHistory(
  db: DbExecutor,
  caller: ActivityCaller,
  reportId: string,
): Promise<ActivityHistoryEntry[]> {
  const row = await readableReport(db, caller, reportId);
  const result = await db.execute<{ item: string }>(
    sql`select json_build_object('action', 'activity.submitted',
        'actorName', (select u.name from users u where u.id = e.volunteer_id),
        'details', '{}'::json, 'createdAt', ${iso('e.created_at')})::text as item, e.created_at as at, '' as id
      from activity_reports e where e.id = ${reportId}
      union all
      select json_build_object('action', a.action, 'actorName', a.actor_name, 'details', a.details,
        'createdAt', ${iso('a.created_at')})::text, a.created_at, a.id
      from audit_log a
      where a.ngo_id = ${row.ngoId} and a.target_type = 'activity_report' and a.target_id = ${reportId}
        and a.action in ('activity.approved', 'activity.declined', 'activity.hours_edited')
      order by at, id`,
  );
  return result.rows.map((r) => JSON.parse(r.item) as ActivityHistoryEntry);
}
