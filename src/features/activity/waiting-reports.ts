import type { ActivityReport, ActivityReportCreate } from '@contract/activity-reports';
import { reportedMinutes } from '@contract/activity-reports';
import type { OutboxEntry } from '@/lib/outbox';
import { ACTIVITY_REPORT_KIND } from './api/submit-report';

/** A report kept in the outbox, shown as the list shows the server's, marked as waiting. */
export interface ShownReport {
  report: ActivityReport;
  /** In the outbox: not on the server yet ('Waiting to send'). */
  waiting: boolean;
  /** Refused by the server in the background: the outbox lists it under "Needs attention". */
  attention: boolean;
}

function asReport(entry: OutboxEntry, viewer: { id: string; name: string }): ActivityReport {
  const body = entry.body as ActivityReportCreate;
  const minutes = reportedMinutes({
    startTime: body.startTime ?? null,
    endTime: body.endTime ?? null,
    minutes: body.minutes ?? null,
  });
  const at = new Date(entry.createdAt).toISOString();
  return {
    id: body.id,
    volunteerId: viewer.id,
    volunteerName: viewer.name,
    taskId: body.taskId ?? null,
    taskTitle: null,
    date: body.date,
    startTime: body.startTime ?? null,
    endTime: body.endTime ?? null,
    minutes,
    reportedMinutes: minutes,
    category: body.category ?? 'service',
    description: body.description,
    location: body.location ?? null,
    photos: (body.photos ?? []).map((name) => ({ name, fileId: null, sizeBytes: null })),
    status: 'pending',
    declineReason: null,
    reviewedById: null,
    reviewedByName: '',
    reviewedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The volunteer's reports as they will be: those still in the outbox first (newest first), then the
 * server's; a report both sent and still listed in the outbox (its answer on the way) shows once.
 */
export function withWaitingReports(
  server: ActivityReport[],
  waiting: OutboxEntry[],
  attention: OutboxEntry[],
  viewer: { id: string; name: string },
): ShownReport[] {
  const known = new Set(server.map((r) => r.id));
  const local = (entries: OutboxEntry[], isAttention: boolean) =>
    entries
      .filter((e) => e.kind === ACTIVITY_REPORT_KIND && !known.has(String(e.body.id)))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((e) => ({ report: asReport(e, viewer), waiting: !isAttention, attention: isAttention }));
  return [
    ...local(attention, true),
    ...local(waiting, false),
    ...server.map((report) => ({ report, waiting: false, attention: false })),
  ];
}
