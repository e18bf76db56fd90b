import {
  taskCreate,
  TASK_ESTIMATED_MINUTES_MAX,
  type Task,
  type TaskChange,
  type TaskCreate,
} from '@contract/tasks';
import { z } from 'zod';
import { hoursInputOf, isHoursInput, minutesOfHoursInput } from './format';

/**
 * The New task and Edit dialogs' form: the contract's own rules for every field (so the dialog and
 * the API give the same messages), with the estimate typed in hours rather than the stored minutes.
 */
export const taskFormSchema = taskCreate.omit({ estimatedMinutes: true }).extend({
  estimatedHours: z
    .string()
    .refine(isHoursInput, 'Estimated hours must be a number of hours, like 2 or 1.5.')
    .refine(
      (v) => !isHoursInput(v) || (minutesOfHoursInput(v) ?? 0) <= TASK_ESTIMATED_MINUTES_MAX,
      `Estimated hours must be at most ${Math.floor(TASK_ESTIMATED_MINUTES_MAX / 60)}.`,
    ),
});
export type TaskFormValues = z.input<typeof taskFormSchema>;
export type TaskFormOutput = z.output<typeof taskFormSchema>;

/** The server's field names of a 400, on the form's inputs. */
export const taskFormFields = {
  title: 'title',
  description: 'description',
  place: 'place',
  dueOn: 'dueOn',
  estimatedMinutes: 'estimatedHours',
  assigneeIds: 'assigneeIds',
} as const;

export const emptyTaskForm = (dueOn: string): TaskFormValues => ({
  title: '',
  description: '',
  place: '',
  dueOn,
  estimatedHours: '',
  assigneeIds: [],
});

export const taskFormOf = (task: Task): TaskFormValues => ({
  title: task.title,
  description: task.description,
  place: task.place,
  dueOn: task.dueOn,
  estimatedHours: hoursInputOf(task.estimatedMinutes),
  assigneeIds: task.assignments.map((a) => a.volunteerId),
});

/** The request body of a valid form. */
export const taskBodyOf = ({
  estimatedHours,
  ...rest
}: TaskFormOutput): TaskCreate & { estimatedMinutes: number | null } => ({
  ...rest,
  estimatedMinutes: minutesOfHoursInput(estimatedHours),
});

/**
 * The Edit dialog's PATCH body: only the fields the editor changed, so two people editing one task
 * at once each keep their own change (sending every field would put back the other's old values).
 */
export function taskChangeOf(task: Task, body: ReturnType<typeof taskBodyOf>): TaskChange {
  const change: TaskChange = {};
  if (body.title !== task.title) change.title = body.title;
  if (body.description !== task.description) change.description = body.description;
  if (body.place !== task.place) change.place = body.place;
  if (body.dueOn !== task.dueOn) change.dueOn = body.dueOn;
  if (body.estimatedMinutes !== task.estimatedMinutes) change.estimatedMinutes = body.estimatedMinutes;
  const before = new Set(task.assignments.map((a) => a.volunteerId));
  const after = body.assigneeIds ?? [];
  if (after.length !== before.size || after.some((id) => !before.has(id))) change.assigneeIds = after;
  return change;
}
