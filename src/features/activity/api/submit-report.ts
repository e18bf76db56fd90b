import type { ActivityReportCreate } from '@contract/activity-reports';
import { defineOutboxAction } from '@/lib/outbox';

/** The outbox entries of this action carry this kind (the list finds its waiting reports by it). */
export const ACTIVITY_REPORT_KIND = 'activity-report';

/**
 * POST /api/activity-reports through the outbox (issue 15): written in the field, often without a
 * connection, a report is kept on the device and sent when there is one. The body's `id` is made
 * when the form starts and never changes, so a resend names the same report; the entry's key is the
 * Idempotency-Key, so a send whose answer was lost is answered the same by the server.
 */
export const submitReportAction = defineOutboxAction<ActivityReportCreate & Record<string, unknown>>({
  kind: ACTIVITY_REPORT_KIND,
  method: 'POST',
  url: '/activity-reports',
  label: 'Activity report',
});
