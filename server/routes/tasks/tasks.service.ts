import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageQuery } from '../../../contract/paging';
import { normalizeRole } from '../../../contract/roles';
import {
  respondTransition,
  taskErrorCodes,
  type Task,
  type taskChange,
  type taskCreate,
  type TaskListQuery,
  type TaskResponse,
} from '../../../contract/tasks';
import type { DbExecutor } from '../../db';
import { taskAssignments, tasks, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';

/** The caller of a task endpoint: who they are, their role, and their NGO. */
export interface TaskCaller {
  id: string;
  role: string;
  tenant: Tenant;
}

export const taskNotFound = () => new ApiError(404, 'Task not found.');

/** A volunteer reads only the tasks assigned to them; every other role reads the NGO's. */
const isVolunteer = (caller: TaskCaller) => normalizeRole(caller.role) === 'VOLUNTEER';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const anyAssignment = (condition: string) =>
  sql.raw(`exists (select 1 from task_assignments a where a.task_id = e.id and ${condition})`);

/** contract/tasks.ts taskStatus, in SQL over `tasks e` (the list's `status` filter and every answer). */
const shownStatus = sql<string>`(case
  when e.status = 'cancelled' then 'cancelled'
  when ${anyAssignment(`a.status <> 'declined'`)}
    and not ${anyAssignment(`a.status not in ('declined', 'done')`)} then 'done'
  when ${anyAssignment(`a.status in ('in_progress', 'done')`)} then 'in_progress'
  when ${anyAssignment(`a.status = 'accepted'`)} then 'accepted'
  else 'open' end)`;

/** One task as JSON text, from `tasks e`, with its assignments by volunteer name. */
const taskItem = sql<string>`json_build_object(
  'id', e.id, 'title', e.title, 'description', e.description, 'place', e.place,
  'dueOn', to_char(e.due_on, 'YYYY-MM-DD'), 'estimatedMinutes', e.estimated_minutes,
  'status', ${shownStatus}, 'ownStatus', e.status, 'cancelledReason', e.cancelled_reason,
  'createdById', e.created_by,
  'createdByName', coalesce((select u.name from users u where u.id = e.created_by), ''),
  'createdAt', ${iso('e.created_at')}, 'updatedAt', ${iso('e.updated_at')},
  'assignments', coalesce((
    select json_agg(json_build_object(
      'volunteerId', a.volunteer_id, 'volunteerName', coalesce(u.name, ''), 'status', a.status,
      'declineReason', a.decline_reason, 'updatedAt', ${iso('a.updated_at')}
    ) order by lower(coalesce(u.name, '')), coalesce(u.name, ''), a.volunteer_id)
    from task_assignments a left join users u on u.id = a.volunteer_id
    where a.task_id = e.id
  ), '[]'::json)
)::text`;

/** By due day, then id. */
const taskKeys = [sortKey(sql`e.due_on`, 'date', 'asc'), sortKey(sql`e.id`, 'text', 'asc')];

const assignedTo = (userId: string) =>
  sql`exists (select 1 from task_assignments a where a.task_id = e.id and a.volunteer_id = ${userId})`;

type TaskFilters = Omit<TaskListQuery, 'limit' | 'cursor'>;

/** One page of the caller's NGO's tasks (a volunteer's: only those assigned to them). */
export function listTasksPage(
  db: DbExecutor,
  caller: TaskCaller,
  filters: TaskFilters,
  page: PageQuery,
): Promise<JsonPage> {
  const conditions: SQL[] = [sql`e.ngo_id = ${caller.tenant.ngoId}`];
  const onlyMine = isVolunteer(caller) || filters.mine;
  if (onlyMine) conditions.push(assignedTo(caller.id));
  const q = filters.q?.trim().toLowerCase();
  if (q) conditions.push(sql`strpos(lower(e.title), ${q}) > 0`);
  if (filters.status) conditions.push(sql`${shownStatus} = ${filters.status}`);
  if (filters.from) conditions.push(sql`e.due_on >= cast(${filters.from} as date)`);
  if (filters.to) conditions.push(sql`e.due_on <= cast(${filters.to} as date)`);
  return readJsonPage(
    db,
    { from: sql`tasks e`, where: sql.join(conditions, sql` and `), item: taskItem, keys: taskKeys },
    // A cursor is bound to the NGO and, for one's own tasks, to the caller.
    {
      listing: 'tasks',
      filters: {
        q: q || undefined,
        status: filters.status,
        from: filters.from,
        to: filters.to,
        mine: onlyMine ? caller.id : undefined,
        ngo: caller.tenant.ngoId,
      },
      page,
      reuse: false,
    },
  );
}

/** One task as the API answers it, by id, with no access check (callers check first). */
async function taskJson(db: DbExecutor, taskId: string): Promise<Task> {
  const result = await db.execute<{ item: string }>(
    sql`select ${taskItem} as item from tasks e where e.id = ${taskId}`,
  );
  const item = result.rows[0]?.item;
  if (!item) throw taskNotFound();
  return JSON.parse(item) as Task;
}

/** Reads are by `readable` (ADR 0020); a volunteer's only when assigned to them. */
export async function getTask(db: DbExecutor, caller: TaskCaller, taskId: string): Promise<Task> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), caller.tenant.readable(tasks.ngoId)))
    .limit(1);
  if (!row) throw taskNotFound();
  if (isVolunteer(caller) && !(await assignmentOf(db, taskId, caller.id))) throw taskNotFound();
  return taskJson(db, taskId);
}

async function assignmentOf(db: DbExecutor, taskId: string, volunteerId: string, lock = false) {
  const query = db
    .select()
    .from(taskAssignments)
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.volunteerId, volunteerId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A task of the caller's own NGO, locked for a write; another NGO's is a 404. */
async function ownTaskForUpdate(db: DbExecutor, caller: TaskCaller, taskId: string) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), caller.tenant.ownedBy(tasks.ngoId)))
    .limit(1)
    .for('update');
  if (!row) throw taskNotFound();
  return row;
}

/** 400 naming `assigneeIds` unless every id is an active VOLUNTEER member of the NGO. */
async function assertVolunteers(db: DbExecutor, ngoId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        eq(users.ngoId, ngoId),
        eq(users.role, 'VOLUNTEER'),
        eq(users.status, 'active'),
      ),
    );
  const ok = new Set(found.map((r) => r.id));
  const bad = ids.filter((id) => !ok.has(id));
  if (bad.length) {
    const message =
      bad.length === 1
        ? `${bad[0]} is not an active volunteer of your organisation.`
        : `${bad.join(', ')} are not active volunteers of your organisation.`;
    throw new ApiError(400, message, { fields: { assigneeIds: message } });
  }
}

export type TaskInput = z.output<typeof taskCreate>;

/** POST /api/tasks. */
export async function createTask(db: DbExecutor, caller: TaskCaller, input: TaskInput): Promise<Task> {
  const id = newId();
  await db.transaction(async (tx) => {
    await assertVolunteers(tx, caller.tenant.ngoId, input.assigneeIds);
    await tx.insert(tasks).values({
      id,
      ngoId: caller.tenant.ngoId,
      title: input.title,
      description: input.description,
      place: input.place,
      dueOn: input.dueOn,
      estimatedMinutes: input.estimatedMinutes,
      createdBy: caller.id,
    });
    await tx
      .insert(taskAssignments)
      .values(input.assigneeIds.map((volunteerId) => ({ taskId: id, volunteerId })));
  });
  return taskJson(db, id);
}

type ParsedChange = z.output<typeof taskChange>;

/**
 * PATCH /api/tasks/{taskId}: the fields sent; `assigneeIds` is the whole new set (a volunteer left
 * out loses their assignment, a new one starts 'assigned', one kept keeps their answer). Only the
 * added ones must be active volunteers now. A cancelled task is a 409.
 */
export async function changeTask(
  db: DbExecutor,
  caller: TaskCaller,
  taskId: string,
  change: ParsedChange,
): Promise<Task> {
  await db.transaction(async (tx) => {
    const row = await ownTaskForUpdate(tx, caller, taskId);
    if (row.status === 'cancelled') {
      throw new ApiError(409, 'This task was cancelled; it can no longer be changed.', {
        code: taskErrorCodes.taskCancelled,
      });
    }
    if (change.assigneeIds) {
      const current = await tx
        .select({ volunteerId: taskAssignments.volunteerId })
        .from(taskAssignments)
        .where(eq(taskAssignments.taskId, taskId));
      const had = new Set(current.map((r) => r.volunteerId));
      const wanted = new Set(change.assigneeIds);
      const added = change.assigneeIds.filter((id) => !had.has(id));
      const removed = [...had].filter((id) => !wanted.has(id));
      await assertVolunteers(tx, caller.tenant.ngoId, added);
      if (removed.length) {
        await tx
          .delete(taskAssignments)
          .where(and(eq(taskAssignments.taskId, taskId), inArray(taskAssignments.volunteerId, removed)));
      }
      if (added.length) {
        await tx.insert(taskAssignments).values(added.map((volunteerId) => ({ taskId, volunteerId })));
      }
    }
    await tx
      .update(tasks)
      .set({
        ...(change.title !== undefined && { title: change.title }),
        ...(change.description !== undefined && { description: change.description }),
        ...(change.place !== undefined && { place: change.place }),
        ...(change.dueOn !== undefined && { dueOn: change.dueOn }),
        ...(change.estimatedMinutes !== undefined && { estimatedMinutes: change.estimatedMinutes }),
        updatedAt: sql`now()`,
      })
      .where(eq(tasks.id, taskId));
  });
  return taskJson(db, taskId);
}

/** POST /api/tasks/{taskId}/cancel: a cancelled task is answered as it is (safe to send again). */
export async function cancelTask(
  db: DbExecutor,
  caller: TaskCaller,
  taskId: string,
  reason: string | undefined,
): Promise<Task> {
  await db.transaction(async (tx) => {
    const row = await ownTaskForUpdate(tx, caller, taskId);
    if (row.status === 'cancelled') return;
    await tx
      .update(tasks)
      .set({ status: 'cancelled', cancelledReason: reason || null, updatedAt: sql`now()` })
      .where(eq(tasks.id, taskId));
  });
  return taskJson(db, taskId);
}

/**
 * POST /api/tasks/{taskId}/response: the volunteer's own answer (contract/tasks.ts respondTransition).
 * The same action again on the state it led to answers the task unchanged; an impossible one is a 409.
 * A task not assigned to the caller (or another NGO's) is a 404.
 */
export async function respondToTask(
  db: DbExecutor,
  caller: TaskCaller,
  taskId: string,
  response: TaskResponse,
): Promise<Task> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, taskId), caller.tenant.ownedBy(tasks.ngoId)))
      .limit(1)
      .for('share');
    if (!row) throw taskNotFound();
    const assignment = await assignmentOf(tx, taskId, caller.id, true);
    if (!assignment) throw taskNotFound();
    const outcome = respondTransition(
      assignment.status as Parameters<typeof respondTransition>[0],
      response.action,
      row.status as 'open' | 'cancelled',
    );
    if (outcome.kind === 'refused') {
      throw new ApiError(409, outcome.message, { code: taskErrorCodes.transitionRefused });
    }
    if (outcome.kind === 'same') return;
    await tx
      .update(taskAssignments)
      .set({
        status: outcome.to,
        declineReason: outcome.to === 'declined' ? (response.reason ?? null) : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.volunteerId, caller.id)));
    await tx
      .update(tasks)
      .set({ updatedAt: sql`now()` })
      .where(eq(tasks.id, taskId));
  });
  return taskJson(db, taskId);
}
