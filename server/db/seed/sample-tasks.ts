import { and, count, eq } from 'drizzle-orm';
import type { DbExecutor } from '..';
import type { AssignmentStatus } from '../../../contract/tasks';
import { newId } from '../../services/ids';
import { taskAssignments, tasks, users } from '../schema';

const DAY_MS = 86_400_000;

const utcDay = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** The demo volunteer's tasks, one per state the task screens show (overdue included). */
export const SAMPLE_TASKS: readonly {
  title: string;
  description: string;
  place: string;
  /** Days from the seeding day. */
  dueIn: number;
  estimatedMinutes: number | null;
  assignment: AssignmentStatus;
  declineReason?: string;
  cancelledReason?: string;
}[] = [
  {
    title: 'Distribute seed packets to farmers',
    description: 'Hand out the maize and bean seed packets at the cooperative, one per registered farmer.',
    place: 'Gasabo cooperative hall',
    dueIn: 6,
    estimatedMinutes: 180,
    assignment: 'assigned',
  },
  {
    title: 'Home visits: school-fee follow-up',
    description: 'Visit the five families on the list and note which children are back in school.',
    place: 'Kicukiro, sector 3',
    dueIn: 3,
    estimatedMinutes: 240,
    assignment: 'accepted',
  },
  {
    title: 'Sort donated clothes',
    description: 'Sort the new donations by size and season; set aside anything damaged.',
    place: 'Warehouse, Remera',
    dueIn: 1,
    estimatedMinutes: 120,
    assignment: 'in_progress',
  },
  {
    title: 'Photograph the new water point',
    description: 'Photos of the opening for the donors’ report: the tap, the queue, the committee.',
    place: 'Nyamata',
    dueIn: -5,
    estimatedMinutes: 60,
    assignment: 'done',
  },
  {
    title: 'Collect clinic attendance sheets',
    description: 'Pick up last month’s attendance sheets from the health post and bring them to the office.',
    place: 'Kimironko health post',
    dueIn: -2,
    estimatedMinutes: 45,
    assignment: 'accepted',
  },
  {
    title: 'Paint the community classroom',
    description: '',
    place: 'Kabuga primary school',
    dueIn: 10,
    estimatedMinutes: 300,
    assignment: 'assigned',
    cancelledReason: 'The school term moved; the painting is postponed to the holidays.',
  },
];

async function userId(tx: DbExecutor, ngoId: string, email: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.email, email)))
    .limit(1);
  return row?.id;
}

/**
 * The demo's volunteer tasks (issue 15), created by the staff account for volunteer@demo.ngo, added
 * once: not while the demo NGO has any task (so tasks an admin cancelled or edited stay as they are),
 * and not when the volunteer's address belongs to another organisation's account.
 */
export async function seedSampleTasks(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const volunteerId = await userId(tx, ngoId, 'volunteer@demo.ngo');
  if (!volunteerId) return false;
  const staffId = (await userId(tx, ngoId, 'staff@demo.ngo')) ?? null;
  const created = new Date(now.getTime() - 7 * DAY_MS);
  for (const sample of SAMPLE_TASKS) {
    const id = newId();
    await tx.insert(tasks).values({
      id,
      ngoId,
      title: sample.title,
      description: sample.description,
      place: sample.place,
      dueOn: utcDay(now, sample.dueIn),
      estimatedMinutes: sample.estimatedMinutes,
      status: sample.cancelledReason ? 'cancelled' : 'open',
      cancelledReason: sample.cancelledReason ?? null,
      createdBy: staffId,
      createdAt: created,
      updatedAt: created,
    });
    await tx.insert(taskAssignments).values({
      taskId: id,
      volunteerId,
      status: sample.assignment,
      declineReason: sample.declineReason ?? null,
      updatedAt: created,
    });
  }
  return true;
}
