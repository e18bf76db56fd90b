import { z } from 'zod';
import { queryDay, querySearch } from './content-common';
import { pageQuery } from './paging';
import { day, opaqueId, text } from './storable';

/*
 * Activity reports and approved hours (issue 15, ADR 0044). A volunteer reports what they did (a day,
 * a time span or a number of hours, a description, optionally a task, a GPS point and photos); staff
 * approve or decline it; approved reports are the volunteer's hours. Hours are kept as whole minutes.
 *
 * A report's id is made on the device (a UUID v4, like a form response's instanceId), so the report
 * sent later from the outbox and its photos sent after it name the same report without a round trip.
 *
 * Endpoints (all under /api; bearer; another NGO's report, or for a volunteer another volunteer's,
 * answers 404):
 * | Method | Path                                        | Permission       | Body / query            | Response                           |
 * |--------|---------------------------------------------|------------------|-------------------------|------------------------------------|
 * | POST   | /activity-reports                           | activity:submit  | activityReportCreate    | 201 activityReport; 200 same again; 409 other content (Idempotency-Key too) |
 * | GET    | /activity-reports                           | activity:read    | activityReportListQuery | 200 activityReport[] (paged)       |
 * | GET    | /activity-reports/{reportId}                | activity:read    | –                       | 200 activityReport                 |
 * | PUT    | /activity-reports/{reportId}/photos/{name}  | activity:submit  | raw bytes (≤ 5 MB)      | 201 activityReport (200 when already received) |
 * | POST   | /activity-reports/review                    | activity:review  | activityReview          | 200 { reviewed: activityReport[] } all or nothing |
 * | PATCH  | /activity-reports/{reportId}/hours          | activity:review  | activityHoursEdit       | 200 activityReport (audited)       |
 * | GET    | /activity-reports/{reportId}/history        | activity:read    | –                       | 200 activityHistoryEntry[]         |
 * | GET    | /hours/summary                              | hours:read       | hoursSummaryQuery       | 200 hoursSummary                   |
 * | GET    | /hours/volunteers                           | hours:read (not VOLUNTEER) | hoursVolunteersQuery | 200 volunteerHours[]      |
 * | GET    | /hours/export.csv                           | hours:read       | hoursExportQuery        | 200 text/csv (the approved reports) |
 *
 * A volunteer reads only their own reports and hours (the volunteerId filter is forced to theirs).
 * Photos: each name listed in `photos` is sent once the report has been sent, by its author, as one
 * request; it is stored as a file of the NGO's Cloud Storage (folder 'Activity reports', quota and
 * sniffing of the file layer) and listed in the report with its fileId (null while awaited).
 */

export const REPORT_DESCRIPTION_MAX = 5000;
export const REPORT_REASON_MAX = 500;
export const REPORT_PHOTOS_MAX = 5;
/** The largest photo the server takes (the device compresses to about 200 KB first). */
export const REPORT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** A report covers at most one day's work. */
export const REPORT_MINUTES_MAX = 24 * 60;
/** One review request's reports at most (bulk approval). */
export const REVIEW_BATCH_MAX = 500;
/** How far after the volunteer's today a report's day may be (time zones), in days. */
export const REPORT_FUTURE_DAYS = 1;

export const reportStatuses = ['pending', 'approved', 'declined'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const reportStatusLabels: Record<ReportStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

/** What the hours were: service (the work itself) or training; totals show both. */
export const reportCategories = ['service', 'training'] as const;
export type ReportCategory = (typeof reportCategories)[number];
export const reportCategoryLabels: Record<ReportCategory, string> = {
  service: 'Service',
  training: 'Training',
};

/** The `code` of refusals the screens act on. */
export const activityErrorCodes = {
  /** 409: the same report id was sent before with other content. */
  reportConflict: 'activity_report_conflict',
  /** 409: review of a report that is no longer pending (names the reports in `fields.ids`). */
  notPending: 'activity_report_not_pending',
  /** 400: a photo name the report does not list. */
  unknownPhoto: 'activity_photo_unknown',
  /** 400: the bytes are not a JPEG, PNG or WebP picture. */
  photoType: 'activity_photo_type',
  /** 409: a declined report's hours are not corrected. */
  reportDeclined: 'activity_report_declined',
} as const;

/** 'HH:MM', 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (label: string) =>
  text(label).regex(TIME_PATTERN, `${label} must be a time written HH:MM (24-hour).`);

/** Minutes between two 'HH:MM' times of one day; null when the end is not after the start. */
export function minutesBetween(start: string, end: string): number | null {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const span = toMinutes(end) - toMinutes(start);
  return span > 0 ? span : null;
}

/** '2 h 30 min', '45 min', '3 h'. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Decimal hours with at most two decimals, as certificates and the CSV print them: 2.5, 12, 0.75. */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/** A photo's name as the device gives it: one path segment, a picture extension. */
export const PHOTO_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(jpe?g|png|webp)$/i;
const photoName = text('Photo name').regex(
  PHOTO_NAME_PATTERN,
  'A photo name is letters, digits, dots, dashes or underscores, ending in .jpg, .png or .webp.',
);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const description = text('Description')
  .trim()
  .min(1, 'Say what you did.')
  .max(REPORT_DESCRIPTION_MAX, `Description is too long (${REPORT_DESCRIPTION_MAX} characters at most).`);

const minutes = z
  .number({ error: 'Hours must be a number of minutes.' })
  .int('Hours must be a whole number of minutes.')
  .min(1, 'Hours must be more than zero.')
  .max(REPORT_MINUTES_MAX, 'A report covers at most 24 hours; report each day separately.');

export const reportLocation = z.object({
  latitude: z.number({ error: 'Latitude must be a number.' }).min(-90).max(90),
  longitude: z.number({ error: 'Longitude must be a number.' }).min(-180).max(180),
  /** Metres, as the phone reports it. */
  accuracy: z.number().min(0).max(100_000).nullable().optional(),
});
export type ReportLocation = z.infer<typeof reportLocation>;

/**
 * POST /api/activity-reports. Either `startTime` and `endTime` (the minutes are the span between them)
 * or `minutes`; when both are sent, the span wins and `minutes` must agree with it. The day may be at
 * most one day after the server's today (time zones), never in the future beyond it.
 */
export const activityReportCreate = z
  .object({
    id: text('Report id').regex(UUID_PATTERN, 'Report id must be a UUID made on the device.'),
    taskId: opaqueId('Task').nullable().optional().default(null),
    date: day('Date'),
    startTime: timeOfDay('Start time').nullable().optional().default(null),
    endTime: timeOfDay('End time').nullable().optional().default(null),
    minutes: minutes.nullable().optional().default(null),
    category: z
      .enum(reportCategories, { error: 'Category must be service or training.' })
      .optional()
      .default('service'),
    description,
    location: reportLocation.nullable().optional().default(null),
    photos: z
      .array(photoName)
      .max(REPORT_PHOTOS_MAX, `Attach at most ${REPORT_PHOTOS_MAX} photos.`)
      .optional()
      .default([])
      .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, {
        message: 'Two photos have the same name.',
      }),
  })
  .superRefine((v, ctx) => {
    if ((v.startTime === null) !== (v.endTime === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.startTime === null ? 'startTime' : 'endTime'],
        message: 'Give both a start and an end time, or neither.',
      });
      return;
    }
    if (v.startTime !== null && v.endTime !== null) {
      const span = minutesBetween(v.startTime, v.endTime);
      if (span === null)
        ctx.addIssue({
          code: 'custom',
          path: ['endTime'],
          message: 'The end time must be after the start time.',
        });
      else if (v.minutes !== null && v.minutes !== span)
        ctx.addIssue({
          code: 'custom',
          path: ['minutes'],
          message: 'The hours do not match the start and end times.',
        });
    } else if (v.minutes === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['minutes'],
        message: 'Give the hours, or a start and an end time.',
      });
    }
  });
export type ActivityReportCreate = z.input<typeof activityReportCreate>;

/** The minutes a valid create body stands for. */
export function reportedMinutes(body: {
  startTime: string | null;
  endTime: string | null;
  minutes: number | null;
}): number {
  if (body.startTime && body.endTime) return minutesBetween(body.startTime, body.endTime) ?? 0;
  return body.minutes ?? 0;
}

export const reportPhoto = z.object({
  name: z.string(),
  /** The Cloud Storage file once received; null while the device has not sent it. */
  fileId: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type ReportPhoto = z.infer<typeof reportPhoto>;

/** A report as every endpoint answers it. */
export const activityReport = z.object({
  id: z.string(),
  volunteerId: z.string(),
  /** '' once the account is gone. */
  volunteerName: z.string(),
  taskId: z.string().nullable(),
  /** The task's title; null when none (or the task is gone). */
  taskTitle: z.string().nullable(),
  /** YYYY-MM-DD: the volunteer's day. */
  date: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The counted minutes: what the volunteer reported, or a reviewer's correction. */
  minutes: z.number().int(),
  /** What the volunteer reported, kept when a reviewer corrects `minutes`. */
  reportedMinutes: z.number().int(),
  category: z.enum(reportCategories),
  description: z.string(),
  location: reportLocation.nullable(),
  photos: z.array(reportPhoto),
  status: z.enum(reportStatuses),
  /** Why it was declined; null unless declined. */
  declineReason: z.string().nullable(),
  reviewedById: z.string().nullable(),
  /** '' when not reviewed or the reviewer's account is gone. */
  reviewedByName: z.string(),
  /** ISO 8601 (UTC). */
  reviewedAt: z.string().nullable(),
  /** ISO 8601 (UTC): when the server received it. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ActivityReport = z.infer<typeof activityReport>;
export const activityReportList = z.array(activityReport);

export const REPORT_RANGE_MESSAGE = 'The end date must be on or after the start date.';

/**
 * GET /api/activity-reports: newest day first, then id descending (keyset). Staff filter by status
 * (the review queue is status=pending), volunteer and day range; a volunteer gets only their own.
 */
export const activityReportListQuery = pageQuery
  .extend({
    status: z
      .enum(['', ...reportStatuses], { error: 'Status must be pending, approved or declined.' })
      .optional()
      .transform((v) => v || undefined),
    volunteerId: opaqueId('Volunteer').optional(),
    from: queryDay('From'),
    to: queryDay('To'),
    q: querySearch,
  })
  .refine((v) => !(v.from && v.to && v.from > v.to), { message: REPORT_RANGE_MESSAGE, path: ['to'] });
export type ActivityReportListQuery = z.output<typeof activityReportListQuery>;

const reviewReason = text('Reason')
  .trim()
  .max(REPORT_REASON_MAX, `Reason is too long (${REPORT_REASON_MAX} characters at most).`);

/**
 * POST /api/activity-reports/review: approve or decline up to 500 pending reports at once, all or
 * nothing. An id unknown to the caller's NGO is a 404 naming it; a report no longer pending is a 409
 * (`activity_report_not_pending`); in both cases nothing changes. Declining needs a reason.
 */
export const activityReview = z
  .object({
    ids: z
      .array(opaqueId('Report id'), { error: 'Send the reports to review as a list of ids.' })
      .min(1, 'Choose at least one report.')
      .max(REVIEW_BATCH_MAX, `Review at most ${REVIEW_BATCH_MAX} reports at once.`)
      .transform((ids) => [...new Set(ids)]),
    decision: z.enum(['approve', 'decline'], { error: 'Decision must be approve or decline.' }),
    reason: reviewReason.optional(),
  })
  .refine((v) => v.decision !== 'decline' || !!v.reason, {
    message: 'Say why the report is declined.',
    path: ['reason'],
  });
export type ActivityReview = z.input<typeof activityReview>;

/**
 * PATCH /api/activity-reports/{reportId}/hours: a reviewer corrects the counted minutes of a pending or
 * approved report, saying why. The audit trail keeps who changed what, when and why
 * (GET …/history answers it).
 */
export const activityHoursEdit = z.object({
  minutes,
  reason: text('Reason')
    .trim()
    .min(1, 'Say why the hours change.')
    .max(REPORT_REASON_MAX, `Reason is too long (${REPORT_REASON_MAX} characters at most).`),
});
export type ActivityHoursEdit = z.input<typeof activityHoursEdit>;

/** One entry of a report's history (from the audit trail). */
export const activityHistoryEntry = z.object({
  action: z.enum(['activity.submitted', 'activity.approved', 'activity.declined', 'activity.hours_edited']),
  actorName: z.string().nullable(),
  /** For hours_edited: { from, to, reason }; for declined: { reason }. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ActivityHistoryEntry = z.infer<typeof activityHistoryEntry>;

export const reportIdParams = z.object({ reportId: opaqueId('Report id') });
export const reportPhotoParams = z.object({ reportId: opaqueId('Report id'), name: photoName });

// ---------------------------------------------------------------------------------------------
// Approved hours

/**
 * GET /api/hours/summary. `today` is the caller's own day (their time zone; the server's UTC day when
 * absent): "this month" and "this year" are the months of that day. `volunteerId` (staff) narrows to one
 * volunteer; without it staff get the NGO's totals. A volunteer always gets their own.
 */
export const hoursSummaryQuery = z.object({
  volunteerId: opaqueId('Volunteer').optional(),
  today: queryDay('Today'),
});
export type HoursSummaryQuery = z.output<typeof hoursSummaryQuery>;

export const hoursTotals = z.object({
  /** Approved minutes whose day is in today's month. */
  thisMonth: z.number().int(),
  /** … in today's year. */
  thisYear: z.number().int(),
  allTime: z.number().int(),
  /** Of all time, the training minutes. */
  trainingAllTime: z.number().int(),
  /** Of this year, the training minutes. */
  trainingThisYear: z.number().int(),
  /** Approved reports counted. */
  reports: z.number().int(),
});
export type HoursTotals = z.infer<typeof hoursTotals>;

export const hoursSummary = hoursTotals.extend({
  /** The twelve months ending with today's month, oldest first, every month present (0 when none). */
  byMonth: z.array(
    z.object({
      /** YYYY-MM. */
      month: z.string(),
      service: z.number().int(),
      training: z.number().int(),
    }),
  ),
  /** Pending reports (not counted yet). */
  pendingReports: z.number().int(),
});
export type HoursSummary = z.infer<typeof hoursSummary>;

/** GET /api/hours/volunteers: each volunteer of the NGO with their totals, by name (staff, readers). */
export const hoursVolunteersQuery = z.object({ today: queryDay('Today'), q: querySearch });
export const volunteerHours = hoursTotals.extend({
  volunteerId: z.string(),
  volunteerName: z.string(),
  email: z.string(),
});
export type VolunteerHours = z.infer<typeof volunteerHours>;

/** GET /api/hours/export.csv: the approved reports of the range (all time when none), by day. */
export const hoursExportQuery = z
  .object({ volunteerId: opaqueId('Volunteer').optional(), from: queryDay('From'), to: queryDay('To') })
  .refine((v) => !(v.from && v.to && v.from > v.to), { message: REPORT_RANGE_MESSAGE, path: ['to'] });

/** The CSV's header row. */
export const HOURS_CSV_COLUMNS = [
  'Date',
  'Volunteer',
  'Category',
  'Hours',
  'Task',
  'Description',
  'Approved by',
  'Approved at',
] as const;
