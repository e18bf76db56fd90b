import { z } from 'zod';
import { pageQuery } from '../paging';
import { instantOrBlank, opaqueId, text } from '../storable';
import { answers } from './answers';
import { formDefinition } from './definition-schema';

/** The bodies and answers of /api/forms (issue 14). */

export const formStatuses = ['draft', 'open', 'closed'] as const;
export type FormStatus = (typeof formStatuses)[number];

export const reviewStatuses = ['received', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const formIdParams = z.object({ formId: opaqueId('Form id') });
export const submissionIdParams = formIdParams.extend({ submissionId: opaqueId('Response id') });

export const formSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(formStatuses),
  /** The version the fill link serves; null until first published. */
  publishedVersion: z.number().int().nullable(),
  /** The draft differs from the published version (there is something to publish). */
  hasUnpublishedChanges: z.boolean(),
  questionCount: z.number().int(),
  responseCount: z.number().int(),
  lastSubmissionAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormSummary = z.infer<typeof formSummary>;

export const formList = z.array(formSummary);

export const formDetail = formSummary.extend({ draft: formDefinition });
export type FormDetail = z.infer<typeof formDetail>;

export const saveFormBody = z.object({ definition: formDefinition });
export type SaveFormBody = z.infer<typeof saveFormBody>;

/** What the public fill page needs: the published version, and whose form it is. */
export const publicFormDefinition = z.object({
  formId: z.string(),
  version: z.number().int(),
  status: z.enum(formStatuses),
  ngoName: z.string(),
  definition: formDefinition,
});
export type PublicFormDefinition = z.infer<typeof publicFormDefinition>;

/** An instance id: the UUID a device makes when an instance starts (also a response file's `instanceId`). */
export const INSTANCE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const submissionBody = z.object({
  /** Made by the device when the instance starts (a UUID); the server's idempotency key. */
  instanceId: text('Instance id').regex(INSTANCE_ID_PATTERN, 'Instance id must be a UUID.'),
  version: z.number({ error: 'Version must be a number.' }).int().min(1),
  answers,
  /** When the instance was finished on the device. */
  submittedAt: instantOrBlank('Submitted at').optional(),
});
export type SubmissionBody = z.infer<typeof submissionBody>;

/** One file a response names, as the responses screen shows it. */
export const submissionMedia = z.object({
  /** The answer's value: the file's name on the device. */
  name: z.string(),
  /** False while the upload has not completed: the answer names a file that has not arrived. */
  received: z.boolean(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** A picture's thumbnail can be asked for (`?thumbnail=1` on the media address). */
  hasThumbnail: z.boolean(),
  /** Arrived, then put in Cloud Storage's trash (or its folder was): not served until restored. */
  trashed: z.boolean().optional(),
});
export type SubmissionMedia = z.infer<typeof submissionMedia>;

export const submission = z.object({
  id: z.string(),
  instanceId: z.string(),
  version: z.number().int(),
  answers,
  submittedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  submittedAt: z.string().nullable(),
  receivedAt: z.string(),
  reviewStatus: z.enum(reviewStatuses),
  reviewComment: z.string().nullable(),
  updatedAt: z.string(),
  /** Each file its answers name (media questions, in groups and repeats too), in question order. */
  media: z.array(submissionMedia),
});
export type Submission = z.infer<typeof submission>;

export const submissionList = z.array(submission);

/** One change of a response, with what it replaced (newest first in the history). */
export const submissionEdit = z.object({
  id: z.string(),
  kind: z.enum(['answers', 'review']),
  /** The answers, or `{ reviewStatus, reviewComment }`, as they were before this change. */
  previous: z.unknown(),
  comment: z.string().nullable(),
  editedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  editedAt: z.string(),
});
export type SubmissionEdit = z.infer<typeof submissionEdit>;
export const submissionHistory = z.array(submissionEdit);

/** Always paged (25 by default): a form may hold 100,000 responses. */
export const submissionsQuery = pageQuery.extend({
  from: instantOrBlank('From').optional(),
  to: instantOrBlank('To').optional(),
  submittedBy: opaqueId('Submitter').optional(),
  reviewStatus: z.enum(reviewStatuses).optional(),
  /** With `value`: responses whose answer to this question (its path, 'household/head_age') is `value`, or holds it among a select multiple's choices. */
  question: text('Question')
    .max(300)
    .regex(/^[A-Za-z_][A-Za-z0-9_.\-/]*$/, 'Question must be a question’s path.')
    .optional(),
  value: text('Value').max(1_000).optional(),
});
export type SubmissionsQuery = z.output<typeof submissionsQuery>;

export const reviewBody = z
  .object({
    reviewStatus: z.enum(reviewStatuses),
    comment: text('Comment').trim().max(2_000, 'Comment is too long (2,000 characters at most).').optional(),
  })
  .refine((b) => b.reviewStatus !== 'rejected' || !!b.comment, {
    path: ['comment'],
    message: 'Say why the response is rejected.',
  });
export type ReviewBody = z.infer<typeof reviewBody>;

/** The largest XLSForm workbook POST /api/forms/import takes (large choice lists run to megabytes). */
export const XLSFORM_MAX_BYTES = 5 * 1024 * 1024;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One problem of an imported workbook: where it is (the sheet, its 1-based row, the column's header). */
export interface XlsFormIssue {
  sheet: string;
  row: number;
  column: string;
  message: string;
}

/*
 * An import's problems travel in the API's one error shape: `fields` keyed `sheet:row:column`, so a
 * client lists them by place (a workbook-wide problem has row 0 and no column).
 */
export const xlsFormIssueKey = (i: Pick<XlsFormIssue, 'sheet' | 'row' | 'column'>) =>
  `${i.sheet}:${i.row}:${i.column}`;

export function xlsFormIssuesOf(fields: Record<string, string> | undefined): XlsFormIssue[] {
  return Object.entries(fields ?? {}).map(([key, message]) => {
    const [sheet = '', row = '0', ...column] = key.split(':');
    return { sheet, row: Number(row) || 0, column: column.join(':'), message };
  });
}
