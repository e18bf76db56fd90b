import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/paging';
import type {
  ReviewBody,
  Submission,
  SubmissionBody,
  SubmissionEdit,
  SubmissionsQuery,
} from '../../../contract/forms/api';
import type { Answers } from '../../../contract/forms/answers';
import { writtenOffset } from '../../../contract/forms/engine/metadata';
import type { DbExecutor } from '../../db';
import { formSubmissionEdits, formSubmissions, forms, formVersions, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { checkSubmission } from '../../services/forms/form-engines';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';
import { responseConditions } from '../../services/forms/response-filter';
import { mediaOfResponses } from '../../services/forms/response-media';
import { formClosed, formNotFound } from './form-errors';
import { canonicalJson } from './forms.service';

export interface Submitter {
  id: string;
  name: string;
}

/** What makes two sends of one instance the same: its version and answers, in any key order. */
const bodyHash = (body: Pick<SubmissionBody, 'version' | 'answers'>) =>
  createHash('sha256')
    .update(canonicalJson({ version: body.version, answers: body.answers }))
    .digest('hex');

const submissionItem = sql<string>`json_build_object(
  'id', e.id, 'instanceId', e.instance_id, 'version', e.version, 'answers', e.answers,
  'submittedBy', case when e.submitted_by is null then null else json_build_object('id', e.submitted_by, 'name', coalesce((select u.name from users u where u.id = e.submitted_by), '')) end,
  'submittedAt', to_char(e.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'receivedAt', to_char(e.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'reviewStatus', e.review_status, 'reviewComment', e.review_comment,
  'updatedAt', to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)::text`;

export type SubmitResult = { status: 200 | 201; submission: Submission };

/**
 * Stores a response once per instance id: the first send is 201; the same instance with the same
 * answers again (a retry after a lost answer) is 200 with the same record; the same instance with other
 * answers is a 409, and the device keeps its copy for the user to decide (needs attention).
 */
/** Clocks of cheap phones drift; a device's time further ahead than this is not believed. */
const DEVICE_CLOCK_AHEAD_MS = 10 * 60_000;

/**
 * The moment the form's `today()` and `now()` mean for a response: when it was finished on the device,
 * so one filled offline on Monday and sent on Thursday is checked as the volunteer saw it on Monday.
 * A missing or future time (beyond a clock's drift) is the server's.
 */
export function filledAt(submittedAt: string | undefined, now: Date): Date {
  const device = submittedAt ? new Date(submittedAt) : undefined;
  if (!device || Number.isNaN(device.getTime())) return now;
  return device.getTime() > now.getTime() + DEVICE_CLOCK_AHEAD_MS ? now : device;
}

export async function submitResponse(
  db: DbExecutor,
  formId: string,
  body: SubmissionBody,
  submitter: Submitter | null,
): Promise<SubmitResult> {
  const [form] = await db
    .select({
      id: forms.id,
      ngoId: forms.ngoId,
      status: forms.status,
      publishedVersion: forms.publishedVersion,
    })
    .from(forms)
    .where(eq(forms.id, formId))
    .limit(1);
  if (!form || form.publishedVersion === null) throw formNotFound();
  const hash = bodyHash(body);
  const existing = await findInstance(db, formId, body.instanceId);
  if (existing) return answerExisting(db, existing, hash);
  if (form.status !== 'open') throw formClosed();
  const [version] = await db
    .select({ definition: formVersions.definition })
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, body.version)))
    .limit(1);
  if (!version)
    throw new ApiError(400, 'Some fields are invalid.', {
      code: 'validation_failed',
      fields: { version: `This form has no version ${body.version}.` },
    });
  const now = new Date();
  // The device writes its time with its offset: today() is the date the volunteer saw. A `Z` time
  // (or none) has no zone to tell, and is read in the server's.
  const utcOffset = body.submittedAt ? writtenOffset(body.submittedAt) : undefined;
  const checked = checkSubmission(
    { formId, version: body.version, definition: version.definition },
    body.answers,
    {
      now: filledAt(body.submittedAt, now),
      utcOffset,
      ...(submitter && { username: submitter.name }),
    },
  );
  if (!checked.ok)
    throw new ApiError(400, 'Some answers are not accepted.', {
      code: 'validation_failed',
      fields: checked.errors,
    });
  // The row and the form's count together: a crash between them would leave the list's count wrong.
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        id: newId(),
        ngoId: form.ngoId,
        formId,
        version: body.version,
        instanceId: body.instanceId,
        bodyHash: hash,
        answers: checked.answers,
        submittedBy: submitter?.id ?? null,
        submittedAt: body.submittedAt ? new Date(body.submittedAt) : null,
        // Kept apart, as the timestamptz drops it: a later correction is checked in the same zone.
        submittedUtcOffset: utcOffset ?? null,
        receivedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [formSubmissions.formId, formSubmissions.instanceId] })
      .returning({ id: formSubmissions.id });
    if (row)
      await tx
        .update(forms)
        .set({ responseCount: sql`${forms.responseCount} + 1`, lastSubmissionAt: now })
        .where(eq(forms.id, formId));
    return row;
  });
  if (!inserted) {
    // Another send of the same instance won the race: answer as its replay would.
    const winner = await findInstance(db, formId, body.instanceId);
    if (!winner) throw new Error('A conflicting submission vanished');
    return answerExisting(db, winner, hash);
  }
  return { status: 201, submission: await readSubmission(db, inserted.id) };
}

async function findInstance(db: DbExecutor, formId: string, instanceId: string) {
  const [row] = await db
    .select({ id: formSubmissions.id, bodyHash: formSubmissions.bodyHash })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.instanceId, instanceId)))
    .limit(1);
  return row;
}

/** A send of an instance already stored: its replay (200, the stored record) or a conflict (409). */
async function answerExisting(
  db: DbExecutor,
  existing: { id: string; bodyHash: string },
  hash: string,
): Promise<SubmitResult> {
  if (existing.bodyHash !== hash)
    throw new ApiError(
      409,
      'A different response was already sent with this instance id. Keep this one as a new response or discard it.',
      { code: 'instance_conflict' },
    );
  return { status: 200, submission: await readSubmission(db, existing.id) };
}

async function readSubmission(db: DbExecutor, id: string): Promise<Submission> {
  const result = await db.execute<{ item: string; form_id: string }>(
    sql`select ${submissionItem} as item, e.form_id from form_submissions e where e.id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) throw new ApiError(404, 'Response not found.');
  const [submission] = await withMedia(db, row.form_id, [JSON.parse(row.item) as SubmissionRecord]);
  return submission!;
}

/** A response as submissionItem writes it: everything but its media, which come from form_media. */
type SubmissionRecord = Omit<Submission, 'media'>;

/** Responses of one form with their media: one query for all of them (response-media.ts). */
async function withMedia(db: DbExecutor, formId: string, items: SubmissionRecord[]): Promise<Submission[]> {
  const media = await mediaOfResponses(db, formId, items);
  return items.map((item, i) => ({ ...item, media: media[i] ?? [] }));
}

export async function readableForm(db: DbExecutor, tenant: Tenant, formId: string) {
  const [form] = await db
    .select({ id: forms.id, ngoId: forms.ngoId })
    .from(forms)
    .where(and(eq(forms.id, formId), tenant.readable(forms.ngoId)))
    .limit(1);
  if (!form) throw formNotFound();
  return form;
}

/**
 * One page of a form's responses, newest first. `ownOnly` (a volunteer) narrows it to the caller's
 * own; the filters are the submitter, a review state and a received-at range.
 */
export async function listSubmissions(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  filters: Omit<SubmissionsQuery, 'limit' | 'cursor'>,
  page: PageQuery,
  ownOnly: string | null,
): Promise<JsonPage> {
  await readableForm(db, tenant, formId);
  const conditions = responseConditions({ ...filters, formId, submittedBy: ownOnly ?? filters.submittedBy });
  const found = await readJsonPage(
    db,
    {
      from: sql`form_submissions e`,
      where: sql.join(conditions, sql` and `),
      item: submissionItem,
      keys: [sortKey(sql`e.received_at`, 'timestamptz', 'desc'), sortKey(sql`e.id`, 'text', 'desc')],
    },
    { listing: 'form-submissions', filters: { ...filters, formId, own: ownOnly }, page, reuse: false },
  );
  const items = JSON.parse(found.json) as SubmissionRecord[];
  return { ...found, json: JSON.stringify(await withMedia(db, formId, items)) };
}

async function ownSubmission(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  submissionId: string,
  lock = false,
) {
  const query = db
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.id, submissionId),
        eq(formSubmissions.formId, formId),
        tenant.ownedBy(formSubmissions.ngoId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'Response not found.');
  return row;
}

export async function getSubmission(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  submissionId: string,
  ownOnly: string | null,
): Promise<Submission> {
  await readableForm(db, tenant, formId);
  const submission = await readSubmission(db, submissionId);
  const [row] = await db
    .select({ formId: formSubmissions.formId, submittedBy: formSubmissions.submittedBy })
    .from(formSubmissions)
    .where(eq(formSubmissions.id, submissionId));
  if (!row || row.formId !== formId || (ownOnly && row.submittedBy !== ownOnly))
    throw new ApiError(404, 'Response not found.');
  return submission;
}

/** A response's changes, newest first, each with what it replaced and who made it. */
export async function submissionHistoryOf(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  submissionId: string,
): Promise<SubmissionEdit[]> {
  await ownSubmission(db, tenant, formId, submissionId);
  const rows = await db
    .select({
      id: formSubmissionEdits.id,
      kind: formSubmissionEdits.kind,
      previous: formSubmissionEdits.previous,
      comment: formSubmissionEdits.comment,
      editedAt: formSubmissionEdits.editedAt,
      editorId: users.id,
      editorName: users.name,
    })
    .from(formSubmissionEdits)
    .leftJoin(users, eq(users.id, formSubmissionEdits.editedBy))
    .where(eq(formSubmissionEdits.submissionId, submissionId))
    .orderBy(desc(formSubmissionEdits.editedAt), desc(formSubmissionEdits.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as SubmissionEdit['kind'],
    previous: r.previous,
    comment: r.comment,
    editedBy: r.editorId ? { id: r.editorId, name: r.editorName ?? '' } : null,
    editedAt: r.editedAt.toISOString(),
  }));
}

/** Sets a response's review state; the state it replaced goes to its history. */
export async function reviewSubmission(
  db: DbExecutor,
  tenant: Tenant,
  userId: string,
  formId: string,
  submissionId: string,
  body: ReviewBody,
): Promise<Submission> {
  const row = await ownSubmission(db, tenant, formId, submissionId, true);
  const now = new Date();
  await db.insert(formSubmissionEdits).values({
    id: newId(),
    submissionId,
    editedBy: userId,
    editedAt: now,
    kind: 'review',
    previous: { reviewStatus: row.reviewStatus, reviewComment: row.reviewComment },
    comment: body.comment ?? null,
  });
  await db
    .update(formSubmissions)
    .set({
      reviewStatus: body.reviewStatus,
      reviewComment: body.comment ?? null,
      reviewedBy: userId,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(eq(formSubmissions.id, submissionId));
  return readSubmission(db, submissionId);
}

/**
 * Corrects a response's answers, checked as a new send would be; the answers replaced go to its history.
 * today() is the day at `now` in the zone the response was written in (its stored offset; the server's
 * for a response sent without one), so a reviewer's correction is judged on the volunteer's day.
 * `now` is set only by tests.
 */
export async function editSubmissionAnswers(
  db: DbExecutor,
  tenant: Tenant,
  userId: string,
  formId: string,
  submissionId: string,
  answers: Answers,
  comment: string | undefined,
  now: Date = new Date(),
): Promise<Submission> {
  const row = await ownSubmission(db, tenant, formId, submissionId, true);
  const [version] = await db
    .select({ definition: formVersions.definition })
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, row.version)));
  const checked = checkSubmission(
    { formId, version: row.version, definition: version!.definition },
    answers,
    { now, utcOffset: row.submittedUtcOffset ?? undefined },
  );
  if (!checked.ok)
    throw new ApiError(400, 'Some answers are not accepted.', {
      code: 'validation_failed',
      fields: checked.errors,
    });
  await db.insert(formSubmissionEdits).values({
    id: newId(),
    submissionId,
    editedBy: userId,
    editedAt: now,
    kind: 'answers',
    previous: row.answers,
    comment: comment ?? null,
  });
  await db
    .update(formSubmissions)
    .set({ answers: checked.answers, updatedAt: now })
    .where(eq(formSubmissions.id, submissionId));
  return readSubmission(db, submissionId);
}
