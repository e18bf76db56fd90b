import { sql, type SQL } from 'drizzle-orm';

/** The filters a form's responses are read by: the listing, the summary and the exports alike. */
export interface ResponseFilter {
  formId: string;
  /** A submitter's id: a volunteer's own, or the one a reader picked. */
  submittedBy?: string | null | undefined;
  reviewStatus?: string | undefined;
  /** Received at or after / before these instants. */
  from?: string | undefined;
  to?: string | undefined;
  /** With `value`: the answer at this question's path, or one of a select multiple's choices. */
  question?: string | undefined;
  value?: string | undefined;
}

/** The filter as conditions on `form_submissions e`, to be joined with `and`. */
export function responseConditions(f: ResponseFilter): SQL[] {
  const conditions: SQL[] = [sql`e.form_id = ${f.formId}`];
  if (f.submittedBy) conditions.push(sql`e.submitted_by = ${f.submittedBy}`);
  if (f.reviewStatus) conditions.push(sql`e.review_status = ${f.reviewStatus}`);
  if (f.from) conditions.push(sql`e.received_at >= ${f.from}::timestamptz`);
  if (f.to) conditions.push(sql`e.received_at < ${f.to}::timestamptz`);
  if (f.question && f.value !== undefined) {
    // Split by Postgres, not written as an array literal: 'a//b' or 'a/' would be a malformed literal.
    const path = sql`string_to_array(${f.question}, '/')`;
    conditions.push(
      sql`(e.answers #>> ${path} = ${f.value} or ${f.value} = any(string_to_array(e.answers #>> ${path}, ' ')))`,
    );
  }
  return conditions;
}
