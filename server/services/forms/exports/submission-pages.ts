import { responseConditions } from '../response-filter';
import { sql, type SQL } from 'drizzle-orm';
import type { Answers } from '../../../../contract/forms/answers';
import type { DbExecutor } from '../../../db';
import type { ExportSubmission } from './export-types';

export interface SubmissionFilter {
  formId: string;
  /** Received at or after (ISO 8601). */
  from?: string | undefined;
  /** Received before (ISO 8601). */
  to?: string | undefined;
  reviewStatus?: string | undefined;
  /** Only this member's responses (a volunteer's own, or the `submittedBy` filter). */
  submittedBy?: string | null | undefined;
  /**
   * Received at or before this instant: the export's own cut, taken when it starts, so it ends even
   * while responses keep arriving, and every sheet of one workbook holds the same responses.
   */
  asOf: Date;
}

export const EXPORT_PAGE_SIZE = 1_000;

type Row = {
  id: string;
  instance_id: string;
  version: number;
  answers: string;
  submitted_at: string | null;
  received_at: string;
  sort_key: string;
  submitted_by: string;
  review_status: string;
};

/** A timestamp as ISO 8601 UTC text, to the millisecond (what the API shows) or microsecond (the sort key). */
const iso = (column: SQL, unit: 'MS' | 'US') =>
  sql`to_char(${column} at time zone 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.${unit}"Z"'`)})`;

function conditions(filter: SubmissionFilter): SQL {
  return sql.join(
    [...responseConditions(filter), sql`e.received_at <= ${filter.asOf.toISOString()}::timestamptz`],
    sql` and `,
  );
}

/**
 * A form's responses, oldest received first, a page at a time: keyset pages (received_at, id) of
 * `pageSize` rows, each its own query, so neither driver (PGlite, node-postgres) ever holds more than
 * a page, and no cursor or transaction stays open while a slow client downloads. The sort key travels
 * with microseconds (a JavaScript Date would round them off and skip or repeat rows).
 *
 * Ascending is the listing index (form_id, received_at desc, id desc) walked backwards, a page in a few
 * milliseconds: an order the index cannot give (its nulls placement included) would sort every
 * remaining response for each page, a second a page at 100,000.
 * The submitter's name is a subquery so it is looked up for the page's rows only.
 */
export async function* submissionPages(
  db: DbExecutor,
  filter: SubmissionFilter,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportSubmission[]> {
  const where = conditions(filter);
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const afterCondition = after
      ? sql` and (e.received_at, e.id) > (${after.key}::timestamptz, ${after.id})`
      : sql``;
    const result = await db.execute<Row>(sql`
      select e.id, e.instance_id, e.version, e.answers::text as answers,
        ${iso(sql`e.submitted_at`, 'MS')} as submitted_at,
        ${iso(sql`e.received_at`, 'MS')} as received_at,
        ${iso(sql`e.received_at`, 'US')} as sort_key,
        coalesce((select u.name from users u where u.id = e.submitted_by), '') as submitted_by,
        e.review_status
      from form_submissions e
      where ${where}${afterCondition}
      order by e.received_at, e.id
      limit ${pageSize}`);
    const rows = result.rows;
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.id,
      instanceId: r.instance_id,
      version: Number(r.version),
      answers: JSON.parse(r.answers) as Answers,
      submittedAt: r.submitted_at,
      receivedAt: r.received_at,
      submittedBy: r.submitted_by,
      reviewStatus: r.review_status,
    }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.sort_key, id: last.id };
  }
}
