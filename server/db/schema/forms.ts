import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { Answers } from '../../../contract/forms/answers';
import type { FormDefinition } from '../../../contract/forms/definition';
import { ngos } from './ngos';
import { files, folders } from './storage';
import { users } from './users';

/**
 * Data collection (issue 14). A form is edited as a draft definition; publishing freezes the draft
 * as the next version, which the fill page renders and submissions are checked against. A response
 * names the version it was filled against, so later versions never re-interpret old data.
 */
export const forms = pgTable(
  'forms',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // draft: never published; open: takes submissions; closed: published once, takes none now.
    status: text('status').notNull().default('draft'),
    draft: jsonb('draft').$type<FormDefinition>().notNull(),
    publishedVersion: integer('published_version'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Kept up to date with each submission, so the forms list needs no count over the responses.
    responseCount: integer('response_count').notNull().default(0),
    lastSubmissionAt: timestamp('last_submission_at', { withTimezone: true }),
    // The Cloud Storage folder its responses' files go to: made on the first file, made again when
    // it was trashed or purged (server/routes/uploads/form-media.service.ts).
    mediaFolderId: text('media_folder_id').references(() => folders.id, { onDelete: 'set null' }),
  },
  (t) => [index('forms_ngo_idx').on(t.ngoId, t.updatedAt)],
);

export const formVersions = pgTable(
  'form_versions',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

/**
 * One response. `instance_id` is the device's UUID for the filled instance: unique per form, so a
 * retried or doubled send stores one row; `body_hash` tells a replay (same answers) from a conflict.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    instanceId: text('instance_id').notNull(),
    bodyHash: text('body_hash').notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    // Null for a visitor filling the public link without an account.
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    // The device's clock when the instance was finished (metadata `end`), as sent.
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    // The offset `submitted_at` was written with, in minutes east of UTC (Kigali: 120), which the
    // timestamptz drops: a correction's today() is read there. Null when sent without a time or with
    // `Z` (read in the server's zone), and for responses stored before it was kept.
    submittedUtcOffset: integer('submitted_utc_offset'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    reviewStatus: text('review_status').notNull().default('received'),
    reviewComment: text('review_comment'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('form_submissions_instance_key').on(t.formId, t.instanceId),
    // The listing's own order, `received_at desc, id desc` (nulls first, as a plain desc sorts), so its
    // first page reads 25 index entries however many responses the form holds.
    index('form_submissions_listing_order_idx').on(
      t.formId,
      t.receivedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('form_submissions_submitter_idx')
      .on(t.formId, t.submittedBy, t.receivedAt.desc())
      .where(sql`${t.submittedBy} is not null`),
  ],
);

/** Each edit of a response's answers or review, with what it replaced: the history a reviewer sees. */
export const formSubmissionEdits = pgTable(
  'form_submission_edits',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    editedBy: text('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    // What changed: 'answers' or 'review'.
    kind: text('kind').notNull(),
    previous: jsonb('previous').notNull(),
    comment: text('comment'),
  },
  (t) => [index('form_submission_edits_idx').on(t.submissionId, t.editedAt)],
);

/**
 * A response's file (photo, audio, video, file, signature): its answer names it, and it arrives apart
 * as a tus upload (contract/forms/media.ts), before or after the answers. One row per name of an
 * instance, pointing at its latest upload; `file_id` is set in the transaction that completes it.
 * `upload_id` has no foreign key: finished upload rows are forgotten after a week, the file stays.
 */
export const formMedia = pgTable(
  'form_media',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    name: text('name').notNull(),
    uploadId: text('upload_id').notNull().unique('form_media_upload_key'),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('form_media_name_key').on(t.formId, t.instanceId, t.name)],
);
