import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { files } from './storage';
import { tasks } from './tasks';
import { users } from './users';

/**
 * Activity reports (issue 15, contract/activity-reports.ts, ADR 0044). The id is made on the device (a
 * UUID), so a report queued offline and its photos sent after it name the same row. Approved reports are
 * the volunteer's hours: every total is a sum over this table's approved rows.
 */
export const activityReports = pgTable(
  'activity_reports',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    volunteerId: text('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** The volunteer's calendar day. */
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** The counted minutes (a reviewer may correct them; reported_minutes keeps the volunteer's). */
    minutes: integer('minutes').notNull(),
    reportedMinutes: integer('reported_minutes').notNull(),
    category: text('category').notNull().default('service'),
    description: text('description').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    /** The photo names the report lists, in order; each arrives as an activity_report_photos row. */
    photoNames: text('photo_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull().default('pending'),
    declineReason: text('decline_reason'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The listings' order (day desc, id desc) within one NGO, and the review queue by status.
    index('activity_reports_ngo_date_idx').on(t.ngoId, t.date.desc(), t.id.desc()),
    index('activity_reports_ngo_status_date_idx').on(t.ngoId, t.status, t.date.desc(), t.id.desc()),
    index('activity_reports_volunteer_date_idx').on(t.volunteerId, t.date.desc(), t.id.desc()),
    // Totals read approved rows only, by volunteer and day, without touching the table (covering).
    index('activity_reports_approved_totals_idx')
      .on(t.ngoId, t.volunteerId, t.date, t.category, t.minutes)
      .where(sql`${t.status} = 'approved'`),
    check('activity_reports_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('activity_reports_category_check', sql`${t.category} in ('service', 'training')`),
    check('activity_reports_minutes_check', sql`${t.minutes} between 1 and 1440`),
  ],
);

/** A report's photo once received: a file of the NGO's Cloud Storage. */
export const activityReportPhotos = pgTable(
  'activity_report_photos',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => activityReports.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.name] })],
);

/**
 * Issued certificates and letters (issue 15, contract/documents.ts, ADR 0045). Every printed figure is
 * a snapshot taken at issue, so the PDF drawn later and the verification page show what was issued.
 */
export const volunteerDocuments = pgTable(
  'volunteer_documents',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    volunteerId: text('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Normalized verification code (contract/documents.ts), unique across all NGOs. */
    code: text('code').notNull(),
    volunteerName: text('volunteer_name').notNull(),
    role: text('role').notNull(),
    ngoName: text('ngo_name').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    signerName: text('signer_name').notNull().default(''),
    signerTitle: text('signer_title').notNull().default(''),
    /** A letter's merged text; '' for a certificate. */
    body: text('body').notNull().default(''),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedByName: text('issued_by_name').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('volunteer_documents_code_idx').on(t.code),
    index('volunteer_documents_ngo_issued_idx').on(t.ngoId, t.issuedAt.desc(), t.id.desc()),
    index('volunteer_documents_volunteer_idx').on(t.volunteerId, t.issuedAt.desc()),
    check('volunteer_documents_kind_check', sql`${t.kind} in ('certificate', 'letter')`),
  ],
);

/** One row per NGO once its admins save the settings; absent means the defaults. */
export const documentSettings = pgTable('document_settings', {
  ngoId: text('ngo_id')
    .primaryKey()
    .references(() => ngos.id, { onDelete: 'cascade' }),
  letterTemplate: text('letter_template').notNull(),
  signerName: text('signer_name').notNull().default(''),
  signerTitle: text('signer_title').notNull().default(''),
  logoFileId: text('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Approved minutes per volunteer (and, under volunteer_id '', per organisation), month and category,
 * kept by a trigger on activity_reports in the
 * writing statement's own transaction (migration 0021, ADR 0044): every total reads these few rows
 * instead of every approved entry. No foreign keys: rows follow the reports' own cascades through the
 * trigger, and a cascade's order must not make the roll-up refuse a delete.
 */
export const volunteerHoursMonthly = pgTable(
  'volunteer_hours_monthly',
  {
    ngoId: text('ngo_id').notNull(),
    volunteerId: text('volunteer_id').notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
    reports: integer('reports').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ngoId, t.volunteerId, t.month, t.category] })],
);
