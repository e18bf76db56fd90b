import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SubmissionsQuery } from '../../../contract/forms/api';
import {
  isContainerType,
  isMetadataType,
  walkQuestions,
  type FormDefinition,
  type Question,
  type QuestionType,
} from '../../../contract/forms/definition';
import type { DbExecutor } from '../../db';
import { forms, formVersions } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { responseConditions } from '../../services/forms/response-filter';
import type { Tenant } from '../../services/auth/tenant-scope';
import { SUMMARY_BINS_MAX, SUMMARY_POINTS_MAX, SUMMARY_VALUES_MAX } from '../../../contract/forms/summary';

export interface QuestionSummary {
  /** The question's path of names from the form's root ('household/member/age'). */
  path: string;
  type: QuestionType;
  /** Responses matched, or for a question inside a repeat, the repeat's instances among them. */
  total: number;
  /** Of those, how many hold an answer. */
  answered: number;
  /** Selects: each value chosen and how often, most frequent first. */
  counts?: { value: string; count: number }[];
  /** Numbers: equal-width bins from the smallest answer to the largest, `to` exclusive but the last's. */
  histogram?: { from: number; to: number; count: number }[];
  /** Geopoints: [latitude, longitude] of the newest answers. */
  points?: [number, number][];
}

export interface FormResponsesSummary {
  /** The published version whose questions are summarised; null while never published. */
  version: number | null;
  /** Responses matched by the filters. */
  responses: number;
  questions: QuestionSummary[];
}

export type SummaryFilters = Omit<SubmissionsQuery, 'limit' | 'cursor'>;

/** How a question's answers are summed up. */
type Kind = 'plain' | 'one' | 'multiple' | 'integer' | 'decimal' | 'geopoint';

interface Target {
  i: number;
  path: string[];
  type: QuestionType;
  kind: Kind;
  /** The jsonpath of its values when it sits inside a repeat (lax mode walks every instance). */
  valuesPath?: string;
  /** The jsonpath of its innermost repeat's instances. */
  instancesPath?: string;
}

const notFound = () => new ApiError(404, 'Form not found.');

/** Numbers as the engine stores them, small enough to stay finite as JSON numbers (nothing a cast could fail on). */
const NUMBER = '^\\s*[-+]?([0-9]{1,30}(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]{1,2})?\\s*$';
/** A geopoint answer: 'lat lon [alt [accuracy]]'. */
const GEOPOINT = '^\\s*[-+]?[0-9]+(\\.[0-9]+)?\\s+[-+]?[0-9]+(\\.[0-9]+)?(\\s|$)';

const integral = (v: string | undefined, fallback: boolean) =>
  v === undefined ? fallback : /^-?\d+$/.test(v);

function kindOf(q: Question): Kind {
  switch (q.type) {
    case 'select_one':
    case 'select_one_from_file':
      return 'one';
    case 'select_multiple':
    case 'select_multiple_from_file':
      return 'multiple';
    case 'integer':
      return 'integer';
    case 'decimal':
      return 'decimal';
    case 'range':
      // A range of whole steps (XLSForm's default: 1 to 10 by 1) gets whole-number bins.
      return integral(q.parameters?.start, true) && integral(q.parameters?.step, true)
        ? 'integer'
        : 'decimal';
    case 'geopoint':
      return 'geopoint';
    default:
      return 'plain';
  }
}

/** Names are XML names (no quote or backslash), so quoting them is enough. */
const member = (name: string) => `."${name}"`;

/** Every question with an answer worth summing up: not groups, repeats, notes or device metadata. */
export function summaryTargets(definition: FormDefinition): Target[] {
  const targets: Target[] = [];
  for (const { question, parents } of walkQuestions(definition.questions)) {
    const t = question.type;
    if (isContainerType(t) || isMetadataType(t) || t === 'note') continue;
    const path = [...parents.map((p) => p.name), question.name];
    const target: Target = { i: targets.length, path, type: t, kind: kindOf(question) };
    const innermost = parents.findLastIndex((p) => p.type === 'repeat');
    if (innermost >= 0) {
      const steps = parents.map((p) => member(p.name) + (p.type === 'repeat' ? '[*]' : ''));
      target.instancesPath = `lax $${steps.slice(0, innermost + 1).join('')}`;
      target.valuesPath = `lax $${steps.join('')}${member(question.name)}`;
    }
    targets.push(target);
  }
  return targets;
}

/** The same filters as the responses listing. */
function conditionsOf(formId: string, filters: SummaryFilters, ownOnly: string | null): SQL {
  return sql.join(
    responseConditions({ ...filters, formId, submittedBy: ownOnly ?? filters.submittedBy }),
    sql` and `,
  );
}

/** One value per response (`#>>`), or per repeat instance (jsonpath), with when it was received. */
function valuesOf(t: Target): SQL {
  if (t.valuesPath)
    return sql`select ${t.i}::int as i, nullif(x #>> '{}', '') as value, s.received_at as at
      from s cross join lateral jsonb_path_query(s.answers, ${t.valuesPath}::jsonpath) x`;
  return sql`select ${t.i}::int as i, nullif(s.answers #>> ${`{${t.path.join(',')}}`}::text[], '') as value, s.received_at as at from s`;
}

/** A question only counted (text, dates, media…): how many answered, without carrying its text along. */
function answeredOf(t: Target): SQL {
  if (t.valuesPath)
    return sql`select ${t.i}::int as i, count(nullif(x #>> '{}', ''))::int as n
      from s cross join lateral jsonb_path_query(s.answers, ${t.valuesPath}::jsonpath) x`;
  return sql`select ${t.i}::int as i, count(nullif(s.answers #>> ${`{${t.path.join(',')}}`}::text[], ''))::int as n from s`;
}

const unionAll = (parts: SQL[], empty: SQL) => (parts.length ? sql.join(parts, sql` union all `) : empty);

interface SummaryRow {
  responses: number;
  instances: Record<string, number> | null;
  answered: Record<string, number> | null;
  counts: [number, string, number][] | null;
  ranges: [number, number | string, number | string, number][] | null;
  bins: [number, number, number][] | null;
  points: [number, number, number][] | null;
}

/**
 * What a form's responses say, question by question, computed by Postgres in one statement (one
 * snapshot, so the numbers agree with each other) without bringing the rows to the server: counts of
 * each choice, histograms of numbers, a sample of GPS positions, and how many answered. Questions
 * inside repeats are summed over every instance (jsonpath in lax mode walks the arrays).
 */
export async function summarizeResponses(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  filters: SummaryFilters,
  ownOnly: string | null,
): Promise<FormResponsesSummary> {
  const [form] = await db
    .select({ id: forms.id, version: formVersions.version, definition: formVersions.definition })
    .from(forms)
    .leftJoin(
      formVersions,
      and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.publishedVersion)),
    )
    .where(and(eq(forms.id, formId), tenant.readable(forms.ngoId)))
    .limit(1);
  if (!form) throw notFound();
  if (!form.definition || form.version === null) return { version: null, responses: 0, questions: [] };

  const targets = summaryTargets(form.definition);
  const valued = targets.filter((t) => t.kind !== 'plain');
  const plain = targets.filter((t) => t.kind === 'plain');
  const repeats = [...new Set(targets.flatMap((t) => (t.instancesPath ? [t.instancesPath] : [])))];
  const kindOfTarget = (i: number) => targets[i]!.kind;
  const ofKind = (...kinds: Kind[]) => {
    const ids = valued.filter((t) => kinds.includes(t.kind)).map((t) => t.i);
    return `{${ids.join(',')}}`;
  };

  // Whole numbers get whole-number bins (1 wide while the answers span at most SUMMARY_BINS_MAX
  // values); other numbers SUMMARY_BINS_MAX equal bins from the smallest answer to the largest.
  const result = await db.execute<{ summary: string }>(sql`
    with s as materialized (
      select e.answers, e.received_at from form_submissions e where ${conditionsOf(formId, filters, ownOnly)}
    ),
    v as materialized (
      ${unionAll(valued.map(valuesOf), sql`select null::int as i, null::text as value, null::timestamptz as at where false`)}
    ),
    plain_answered as (
      ${unionAll(plain.map(answeredOf), sql`select null::int as i, 0 as n where false`)}
    ),
    instances as (
      ${unionAll(
        repeats.map(
          (p) =>
            sql`select ${p}::text as r, count(*)::int as n from s cross join lateral jsonb_path_query(s.answers, ${p}::jsonpath)`,
        ),
        sql`select null::text as r, 0 as n where false`,
      )}
    ),
    answered as (
      select i, n from plain_answered
      union all
      select i, count(value)::int from v group by i
    ),
    choices as (
      select v.i, c.value, count(*)::int as n
      from v cross join lateral unnest(
        case when v.i = any(${ofKind('multiple')}::int[]) then string_to_array(v.value, ' ') else array[v.value] end
      ) as c(value)
      where v.i = any(${ofKind('one', 'multiple')}::int[]) and c.value <> ''
      group by v.i, c.value
    ),
    ranked_choices as (
      select i, value, n, row_number() over (partition by i order by n desc, value) as rn from choices
    ),
    numbers as (
      select v.i, case when v.value ~ ${NUMBER} then v.value::numeric end as x
      from v where v.i = any(${ofKind('integer', 'decimal')}::int[])
    ),
    ranges as (
      select i, lo, w, case when integral then ceil((hi - lo + 1) / w)::int else nb end as nb
      from (
        select i, min(x) as lo, max(x) as hi, i = any(${ofKind('integer')}::int[]) as integral,
          case
            when i = any(${ofKind('integer')}::int[]) then greatest(1, ceil((floor(max(x)) - floor(min(x)) + 1) / ${SUMMARY_BINS_MAX}::numeric))
            when max(x) = min(x) then 1
            else (max(x) - min(x)) / ${SUMMARY_BINS_MAX}::numeric
          end as w,
          case when max(x) = min(x) then 1 else ${SUMMARY_BINS_MAX}::int end as nb
        from numbers where x is not null group by i
      ) r
    ),
    bins as (
      select n.i, least(width_bucket(n.x, r.lo, r.lo + r.w * r.nb, r.nb), r.nb) as b, count(*)::int as n
      from numbers n join ranges r on r.i = n.i
      where n.x is not null
      group by n.i, b
    ),
    positions as (
      select i, round(split_part(p, ' ', 1)::numeric, 6)::float8 as lat, round(split_part(p, ' ', 2)::numeric, 6)::float8 as lon, at
      from (
        select v.i, regexp_replace(btrim(v.value), ${'\\s+'}, ' ', 'g') as p, v.at
        from v where v.i = any(${ofKind('geopoint')}::int[]) and v.value ~ ${GEOPOINT}
      ) g
    ),
    ranked_positions as (
      select i, lat, lon, row_number() over (partition by i order by at desc) as rn
      from positions where lat between -90 and 90 and lon between -180 and 180
    )
    select json_build_object(
      'responses', (select count(*)::int from s),
      'instances', (select json_object_agg(r, n) from instances),
      'answered', (select json_object_agg(i, n) from answered),
      'counts', (select json_agg(json_build_array(i, value, n) order by i, rn) from ranked_choices where rn <= ${SUMMARY_VALUES_MAX}),
      'ranges', (select json_agg(json_build_array(i, lo, w, nb)) from ranges),
      'bins', (select json_agg(json_build_array(i, b, n)) from bins),
      'points', (select json_agg(json_build_array(i, lat, lon) order by i, rn) from ranked_positions where rn <= ${SUMMARY_POINTS_MAX})
    )::text as summary
  `);
  const row = JSON.parse(result.rows[0]!.summary) as SummaryRow;

  const questions: QuestionSummary[] = targets.map((t) => ({
    path: t.path.join('/'),
    type: t.type,
    total: t.instancesPath ? (row.instances?.[t.instancesPath] ?? 0) : row.responses,
    answered: row.answered?.[String(t.i)] ?? 0,
  }));
  for (const q of valued) {
    const kind = kindOfTarget(q.i);
    if (kind === 'one' || kind === 'multiple') questions[q.i]!.counts = [];
    if (kind === 'integer' || kind === 'decimal') questions[q.i]!.histogram = [];
    if (kind === 'geopoint') questions[q.i]!.points = [];
  }
  for (const [i, value, count] of row.counts ?? []) questions[i]!.counts!.push({ value, count });
  for (const [i, lat, lon] of row.points ?? []) questions[i]!.points!.push([lat, lon]);
  const binCounts = new Map<string, number>();
  for (const [i, b, n] of row.bins ?? []) binCounts.set(`${i}:${b}`, n);
  for (const [i, lo, w, nb] of row.ranges ?? []) {
    const [low, width] = [Number(lo), Number(w)];
    // Every bin, empty ones too: a histogram with gaps closed up would misdraw the distribution.
    questions[i]!.histogram = Array.from({ length: nb }, (_, k) => ({
      from: tidy(low + k * width),
      to: tidy(low + (k + 1) * width),
      count: binCounts.get(`${i}:${k + 1}`) ?? 0,
    }));
  }
  return { version: form.version, responses: row.responses, questions };
}

/** 0.30000000000000004 → 0.3: bin edges are labels, not measurements. */
const tidy = (n: number) => Number(n.toPrecision(12));
