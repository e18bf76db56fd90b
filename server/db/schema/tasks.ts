import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/**
 * Volunteer tasks (issue 15, contract/tasks.ts, ADR 0043). The task keeps only its own state (open or
 * cancelled); each assignee's answer is their own row, and the status a task is shown with is derived
 * from them (contract/tasks.ts taskStatus), so two volunteers answering at once never collide.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    place: text('place').notNull().default(''),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Whole minutes; null when not estimated. */
    estimatedMinutes: integer('estimated_minutes'),
    status: text('status').notNull().default('open'),
    cancelledReason: text('cancelled_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The listing's order (due day, then id) within one NGO; the calendar's day range too.
    index('tasks_ngo_due_idx').on(t.ngoId, t.dueOn, t.id),
    check('tasks_status_check', sql`${t.status} in ('open', 'cancelled')`),
    check(
      'tasks_estimated_minutes_check',
      sql`${t.estimatedMinutes} is null or ${t.estimatedMinutes} between 0 and 100000`,
    ),
  ],
);

export const taskAssignments = pgTable(
  'task_assignments',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    volunteerId: text('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('assigned'),
    declineReason: text('decline_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.volunteerId] }),
    // A volunteer's own tasks (GET /api/tasks as a volunteer, or mine=true).
    index('task_assignments_volunteer_idx').on(t.volunteerId, t.taskId),
    check(
      'task_assignments_status_check',
      sql`${t.status} in ('assigned', 'accepted', 'declined', 'in_progress', 'done')`,
    ),
  ],
);
