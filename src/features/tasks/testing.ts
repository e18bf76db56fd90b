import type { Task, TaskAssignment } from '@contract/tasks';

/** An assignment of the feature's tests: Grace, not answered yet, unless told otherwise. */
export const assignmentOf = (over: Partial<TaskAssignment> = {}): TaskAssignment => ({
  volunteerId: 'grace',
  volunteerName: 'Grace Volunteer',
  status: 'assigned',
  declineReason: null,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

/** An open task given to Grace, unless told otherwise. */
export const taskOf = (over: Partial<Task> = {}): Task => ({
  id: 't1',
  title: 'Clean the river bank',
  description: '',
  place: 'Nyabugogo',
  dueOn: '2030-05-14',
  estimatedMinutes: 180,
  status: 'open',
  ownStatus: 'open',
  cancelledReason: null,
  createdById: 'eric',
  createdByName: 'Eric Staff',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  assignments: [assignmentOf()],
  ...over,
});
