import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '..';
import type { ReportCategory, ReportStatus } from '../../../contract/activity-reports';
import { newId } from '../../services/ids';
import { activityReports, auditLog, tasks, users } from '../schema';

const DAY_MS = 86_400_000;

/**
 * The demo volunteer's activity reports (issue 15): approved ones over the last eight months (service
 * and training, about 42 hours, so the chart has bars), a few pending (the review queue has work) and
 * one declined with its reason.
 */
export const SAMPLE_REPORTS: readonly {
  /** Days before the seeding day. */
  daysAgo: number;
  minutes: number;
  category: ReportCategory;
  status: ReportStatus;
  description: string;
  /** A sample task's title (sample-tasks.ts) the report is about. */
  task?: string;
  /** Reported as a time span starting 09:00 rather than as hours. */
  withTimes?: boolean;
  declineReason?: string;
}[] = [
  {
    daysAgo: 235,
    minutes: 180,
    category: 'service',
    status: 'approved',
    description: 'Food distribution at the cooperative.',
    withTimes: true,
  },
  {
    daysAgo: 220,
    minutes: 120,
    category: 'training',
    status: 'approved',
    description: 'First aid training with the Red Cross.',
  },
  {
    daysAgo: 200,
    minutes: 240,
    category: 'service',
    status: 'approved',
    description: 'Registered families for the school-fee programme.',
    withTimes: true,
  },
  {
    daysAgo: 180,
    minutes: 150,
    category: 'service',
    status: 'approved',
    description: 'Helped set up the mobile clinic.',
  },
  {
    daysAgo: 160,
    minutes: 90,
    category: 'training',
    status: 'approved',
    description: 'Safeguarding course (online).',
  },
  {
    daysAgo: 140,
    minutes: 210,
    category: 'service',
    status: 'approved',
    description: 'Planted trees at the primary school.',
    withTimes: true,
  },
  {
    daysAgo: 120,
    minutes: 180,
    category: 'service',
    status: 'approved',
    description: 'Sorted and packed food parcels.',
  },
  {
    daysAgo: 95,
    minutes: 240,
    category: 'service',
    status: 'approved',
    description: 'Home visits with the community health worker.',
    withTimes: true,
  },
  {
    daysAgo: 90,
    minutes: 180,
    category: 'service',
    status: 'approved',
    description: 'Repaired benches in the community hall.',
  },
  {
    daysAgo: 75,
    minutes: 120,
    category: 'training',
    status: 'approved',
    description: 'Data-collection training for the household survey.',
  },
  {
    daysAgo: 60,
    minutes: 180,
    category: 'service',
    status: 'approved',
    description: 'Household survey, Kicukiro sector 2.',
    withTimes: true,
  },
  {
    daysAgo: 40,
    minutes: 210,
    category: 'service',
    status: 'approved',
    description: 'Cooked and served the community lunch.',
  },
  {
    daysAgo: 25,
    minutes: 150,
    category: 'service',
    status: 'approved',
    description: 'Tutored pupils for the end-of-term exams.',
    withTimes: true,
  },
  {
    daysAgo: 12,
    minutes: 240,
    category: 'service',
    status: 'approved',
    description: 'Distributed seed packets to farmers.',
  },
  {
    daysAgo: 5,
    minutes: 60,
    category: 'service',
    status: 'approved',
    description: 'Photographed the opening of the water point.',
    task: 'Photograph the new water point',
    withTimes: true,
  },
  {
    daysAgo: 30,
    minutes: 600,
    category: 'service',
    status: 'declined',
    description: 'Worked on the warehouse all week.',
    declineReason: 'Please report each day separately, with what you did that day.',
  },
  {
    daysAgo: 3,
    minutes: 120,
    category: 'service',
    status: 'pending',
    description: 'Sorted the new clothes donations by size.',
    task: 'Sort donated clothes',
    withTimes: true,
  },
  {
    daysAgo: 2,
    minutes: 60,
    category: 'training',
    status: 'pending',
    description: 'Fire safety briefing at the warehouse.',
  },
  {
    daysAgo: 1,
    minutes: 90,
    category: 'service',
    status: 'pending',
    description: 'Collected attendance sheets at the health post.',
    task: 'Collect clinic attendance sheets',
  },
];

const dayOf = (now: Date, daysAgo: number) =>
  new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** 'HH:MM' of 09:00 plus `minutes`. */
const endOf = (minutes: number) => {
  const total = 9 * 60 + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

async function userOf(tx: DbExecutor, ngoId: string, email: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.email, email)))
    .limit(1);
  return row;
}

/**
 * Adds the sample reports once: not while the demo NGO has any report (so reviews and deletions made
 * in the demo stay), and not when the volunteer's address belongs to another organisation. The
 * reviews join the audit trail as the staff account's, so each report's history reads true.
 */
export async function seedSampleActivity(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const [existing] = await tx
    .select({ n: count() })
    .from(activityReports)
    .where(eq(activityReports.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const volunteer = await userOf(tx, ngoId, 'volunteer@demo.ngo');
  if (!volunteer) return false;
  const reviewer =
    (await userOf(tx, ngoId, 'staff@demo.ngo')) ?? (await userOf(tx, ngoId, 'ngoadmin@demo.ngo'));
  const titles = [...new Set(SAMPLE_REPORTS.flatMap((r) => (r.task ? [r.task] : [])))];
  const taskRows = await tx
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(and(eq(tasks.ngoId, ngoId), inArray(tasks.title, titles)));
  const taskIds = new Map(taskRows.map((r) => [r.title, r.id]));

  const rows = SAMPLE_REPORTS.map((sample) => {
    const date = dayOf(now, sample.daysAgo);
    const createdAt = new Date(`${date}T18:00:00.000Z`);
    const reviewed = sample.status !== 'pending' && reviewer;
    // Reviewed two days after the work, never later than now.
    const reviewedAt = reviewed ? new Date(Math.min(createdAt.getTime() + 2 * DAY_MS, now.getTime())) : null;
    return {
      id: randomUUID(),
      ngoId,
      volunteerId: volunteer.id,
      taskId: (sample.task && taskIds.get(sample.task)) || null,
      date,
      startTime: sample.withTimes ? '09:00' : null,
      endTime: sample.withTimes ? endOf(sample.minutes) : null,
      minutes: sample.minutes,
      reportedMinutes: sample.minutes,
      category: sample.category,
      description: sample.description,
      status: sample.status,
      declineReason: sample.declineReason ?? null,
      reviewedBy: reviewed ? reviewer.id : null,
      reviewedAt,
      createdAt: new Date(Math.min(createdAt.getTime(), now.getTime())),
      updatedAt: reviewedAt ?? new Date(Math.min(createdAt.getTime(), now.getTime())),
    };
  });
  await tx.insert(activityReports).values(rows);
  const audited = rows.filter((r) => r.reviewedBy && r.reviewedAt);
  if (reviewer && audited.length)
    await tx.insert(auditLog).values(
      audited.map((r) => ({
        id: newId(),
        ngoId,
        actorId: reviewer.id,
        actorName: reviewer.name,
        action: r.status === 'approved' ? 'activity.approved' : 'activity.declined',
        targetType: 'activity_report',
        targetId: r.id,
        details: r.status === 'approved' ? { minutes: r.minutes } : { reason: r.declineReason ?? '' },
        createdAt: r.reviewedAt ?? now,
      })),
    );
  return true;
}
