import { z } from 'zod';
import { queryDay, querySearch } from './content-common';
import { pageQuery } from './paging';
import { day, opaqueId, text } from './storable';

/*
 * Volunteer tasks (issue 15, ADR 0043). Staff and admins create tasks (title, description, place, due
 * day, estimated time, one or many volunteer assignees); each assignee answers for themselves (accept,
 * decline with a reason, start, done). A task's own state is only open or cancelled; the status a
 * person sees is derived from its assignments (taskStatus below), so two volunteers never overwrite
 * each other's answer.
 *
 * Endpoints (all under /api; bearer; another NGO's task, or for a volunteer a task not assigned to
 * them, answers 404):
 * | Method | Path                          | Permission    | Body / query     | Response                 |
 * |--------|-------------------------------|---------------|------------------|--------------------------|
 * | GET    | /tasks                        | tasks:read    | taskListQuery    | 200 taskList (paged)     |
 * | GET    | /tasks/{taskId}               | tasks:read    | –                | 200 task                 |
 * | POST   | /tasks                        | tasks:manage  | taskCreate       | 201 task (Idempotency-Key)|
 * | PATCH  | /tasks/{taskId}               | tasks:manage  | taskChange       | 200 task; 409 cancelled  |
 * | POST   | /tasks/{taskId}/cancel        | tasks:manage  | taskCancel       | 200 task (again: 200)    |
 * | POST   | /tasks/{taskId}/response      | tasks:respond | taskResponse     | 200 task; 409 refused    |
 *
 * A volunteer reads only the tasks assigned to them (GET /tasks lists only those, whatever `mine`).
 * POST /tasks/{taskId}/response is the write a volunteer makes offline through the outbox: it takes an
 * Idempotency-Key (a replay answers the first answer), and the same action again on the state it led
 * to answers 200 with the current task (respondTransition below).
 */

/** Longest title, place and reason; description. */
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_PLACE_MAX = 200;
export const TASK_REASON_MAX = 500;
/** Estimated time is whole minutes (not decimal hours), 0 to 100,000 (about 1,666 hours). */
export const TASK_ESTIMATED_MINUTES_MAX = 100_000;
export const TASK_ASSIGNEES_MAX = 50;

/** The task's own state (the `tasks.status` column). */
export const taskOwnStatuses = ['open', 'cancelled'] as const;
export type TaskOwnStatus = (typeof taskOwnStatuses)[number];

/** One volunteer's answer to a task (the `task_assignments.status` column). */
export const assignmentStatuses = ['assigned', 'accepted', 'declined', 'in_progress', 'done'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

/** The status a task is shown with (taskStatus), and the values of the list's `status` filter. */
export const taskStatuses = ['open', 'accepted', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const taskStatusLabels: Record<TaskStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};

export const assignmentStatusLabels: Record<AssignmentStatus, string> = {
  assigned: 'Assigned',
  accepted: 'Accepted',
  declined: 'Declined',
  in_progress: 'In progress',
  done: 'Done',
};

/**
 * The shown status: cancelled if the task is cancelled; done if every non-declined assignment is done
 * (and there is at least one); in progress if any is in progress or done; accepted if any is accepted;
 * else open. The server's `status` filter applies the same rule in SQL (tasks.service.ts).
 */
export function taskStatus(
  task: { status: TaskOwnStatus },
  assignments: readonly { status: AssignmentStatus }[],
): TaskStatus {
  if (task.status === 'cancelled') return 'cancelled';
  const active = assignments.filter((a) => a.status !== 'declined');
  if (active.length > 0 && active.every((a) => a.status === 'done')) return 'done';
  if (assignments.some((a) => a.status === 'in_progress' || a.status === 'done')) return 'in_progress';
  if (assignments.some((a) => a.status === 'accepted')) return 'accepted';
  return 'open';
}

/**
 * Overdue: the due day is before `today` (the caller's own calendar day, 'YYYY-MM-DD', in their time
 * zone) and the shown status is neither done nor cancelled. The server does not know the caller's day,
 * so answers carry no `overdue` flag: the client calls this.
 */
export function isTaskOverdue(task: { dueOn: string; status: TaskStatus }, today: string): boolean {
  return task.dueOn < today && task.status !== 'done' && task.status !== 'cancelled';
}

/** What a volunteer does with their assignment (POST /tasks/{taskId}/response). */
export const taskResponseActions = ['accept', 'decline', 'start', 'done'] as const;
export type TaskResponseAction = (typeof taskResponseActions)[number];

/** The assignment status each action leads to. */
export const responseActionLeadsTo: Record<TaskResponseAction, AssignmentStatus> = {
  accept: 'accepted',
  decline: 'declined',
  start: 'in_progress',
  done: 'done',
};

/** Allowed moves: assigned→accepted|declined, accepted→in_progress|done|declined, in_progress→done. */
const allowedFrom: Record<TaskResponseAction, readonly AssignmentStatus[]> = {
  accept: ['assigned'],
  decline: ['assigned', 'accepted'],
  start: ['accepted'],
  done: ['accepted', 'in_progress'],
};

export type TransitionOutcome =
  | { kind: 'change'; to: AssignmentStatus }
  /** Already where the action leads (a replay, or a second tap): 200 with the task unchanged. */
  | { kind: 'same' }
  /** 409 with this message. */
  | { kind: 'refused'; message: string };

/**
 * Whether `action` may be taken on an assignment in `current`, on a task whose own state is
 * `taskOwnStatus`. The server decides with this; the client uses it to show only the possible buttons.
 */
export function respondTransition(
  current: AssignmentStatus,
  action: TaskResponseAction,
  taskOwnStatus: TaskOwnStatus = 'open',
): TransitionOutcome {
  if (taskOwnStatus === 'cancelled') {
    return { kind: 'refused', message: 'This task was cancelled; it takes no more answers.' };
  }
  const to = responseActionLeadsTo[action];
  if (current === to) return { kind: 'same' };
  if (allowedFrom[action].includes(current)) return { kind: 'change', to };
  return {
    kind: 'refused',
    message: `You cannot ${actionVerb[action]} a task that is ${assignmentStatusLabels[current].toLowerCase()}.`,
  };
}

const actionVerb: Record<TaskResponseAction, string> = {
  accept: 'accept',
  decline: 'decline',
  start: 'start',
  done: 'mark as done',
};

/** The `code` of the task endpoints' refusals the screens act on. */
export const taskErrorCodes = {
  /** 409: the response is not possible from the assignment's current status (or the task is cancelled). */
  transitionRefused: 'task_transition_refused',
  /** 409: a cancelled task is not edited. */
  taskCancelled: 'task_cancelled',
} as const;

/** One assignee of a task, with their answer. */
export const taskAssignment = z.object({
  volunteerId: z.string(),
  /** The volunteer's name; '' once their account is gone. */
  volunteerName: z.string(),
  status: z.enum(assignmentStatuses),
  /** Why they declined; null unless declined. */
  declineReason: z.string().nullable(),
  /** ISO 8601 (UTC): the last change of this assignment. */
  updatedAt: z.string(),
});
export type TaskAssignment = z.infer<typeof taskAssignment>;

/** A task as every endpoint answers it (the list's items too). */
export const task = z.object({
  id: z.string(),
  title: z.string(),
  /** '' when none. */
  description: z.string(),
  /** '' when none. */
  place: z.string(),
  /** YYYY-MM-DD. */
  dueOn: z.string(),
  /** Whole minutes; null when not estimated. */
  estimatedMinutes: z.number().int().nullable(),
  /** The shown status (taskStatus). */
  status: z.enum(taskStatuses),
  /** The task's own state: 'cancelled' or 'open'. */
  ownStatus: z.enum(taskOwnStatuses),
  cancelledReason: z.string().nullable(),
  createdById: z.string().nullable(),
  /** '' once the creator's account is gone. */
  createdByName: z.string(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  /** ISO 8601 (UTC). */
  updatedAt: z.string(),
  /** By volunteer name, then id. */
  assignments: z.array(taskAssignment),
});
export type Task = z.infer<typeof task>;

export const taskList = z.array(task);
export type TaskList = z.infer<typeof taskList>;

export const TASK_RANGE_MESSAGE = 'The end day must be on or after the start day.';

/**
 * GET /api/tasks: ordered by due day, then id (keyset paging, contract/paging.ts). `from`/`to` are
 * inclusive due-day bounds (the calendar asks for a month); `mine=true` keeps the caller's own
 * assignments (a volunteer always gets only theirs); `q` searches titles.
 */
export const taskListQuery = pageQuery
  .extend({
    status: z
      .enum(['', ...taskStatuses], {
        error: 'Status must be open, accepted, in_progress, done or cancelled.',
      })
      .optional()
      .transform((v) => v || undefined),
    from: queryDay('From'),
    to: queryDay('To'),
    mine: z
      .enum(['', 'true', 'false'], { error: 'Mine must be true or false.' })
      .optional()
      .transform((v) => v === 'true'),
    q: querySearch,
  })
  .refine((v) => !(v.from && v.to && v.from > v.to), { message: TASK_RANGE_MESSAGE, path: ['to'] });
export type TaskListQuery = z.output<typeof taskListQuery>;

const title = text('Title')
  .trim()
  .min(1, 'Title is required.')
  .max(TASK_TITLE_MAX, `Title is too long (${TASK_TITLE_MAX} characters at most).`);
const description = text('Description')
  .trim()
  .max(TASK_DESCRIPTION_MAX, `Description is too long (${TASK_DESCRIPTION_MAX} characters at most).`);
const place = text('Place')
  .trim()
  .max(TASK_PLACE_MAX, `Place is too long (${TASK_PLACE_MAX} characters at most).`);
const estimatedMinutes = z
  .number({ error: 'Estimated time must be a whole number of minutes.' })
  .int('Estimated time must be a whole number of minutes.')
  .min(0, 'Estimated time cannot be negative.')
  .max(TASK_ESTIMATED_MINUTES_MAX, `Estimated time must be at most ${TASK_ESTIMATED_MINUTES_MAX} minutes.`)
  .nullable();
/** Volunteer member ids (users of the NGO with the VOLUNTEER role); repeats are ignored. */
const assigneeIds = z
  .array(opaqueId('Assignee'), { error: 'Assignees must be a list of volunteer ids.' })
  .min(1, 'Assign at least one volunteer.')
  .max(TASK_ASSIGNEES_MAX, `Assign at most ${TASK_ASSIGNEES_MAX} volunteers.`)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/tasks. An assignee who is not a volunteer of the NGO is a 400 naming `assigneeIds`. */
export const taskCreate = z.object({
  title,
  description: description.optional().default(''),
  place: place.optional().default(''),
  dueOn: day('Due day'),
  estimatedMinutes: estimatedMinutes.optional().default(null),
  assigneeIds,
});
export type TaskCreate = z.input<typeof taskCreate>;

/**
 * PATCH /api/tasks/{taskId}: any of the fields. `assigneeIds` is the new whole set: a volunteer left
 * out loses their assignment (and their answer); a new one starts 'assigned'; one kept keeps theirs.
 */
export const taskChange = z
  .object({
    title: title.optional(),
    description: description.optional(),
    place: place.optional(),
    dueOn: day('Due day').optional(),
    estimatedMinutes: estimatedMinutes.optional(),
    assigneeIds: assigneeIds.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one field to change.',
    path: ['title'],
  });
export type TaskChange = z.input<typeof taskChange>;

const reason = text('Reason')
  .trim()
  .max(TASK_REASON_MAX, `Reason is too long (${TASK_REASON_MAX} characters at most).`);

/** POST /api/tasks/{taskId}/cancel: an optional reason. Cancelling a cancelled task answers it as is. */
export const taskCancel = z.object({ reason: reason.optional() });
export type TaskCancel = z.input<typeof taskCancel>;

/** POST /api/tasks/{taskId}/response: the volunteer's own answer; a reason is required to decline. */
export const taskResponse = z
  .object({
    action: z.enum(taskResponseActions, { error: 'Action must be accept, decline, start or done.' }),
    reason: reason.optional(),
  })
  .refine((v) => v.action !== 'decline' || !!v.reason, {
    message: 'Say why you decline.',
    path: ['reason'],
  });
export type TaskResponse = z.input<typeof taskResponse>;

export const taskIdParams = z.object({ taskId: opaqueId('Task id') });
