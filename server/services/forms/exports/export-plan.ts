import type { FormDefinition } from '../../../../contract/forms/definition';
import { type ExportColumn, type ExportPlan, type ExportTable, type RowScope } from './export-types';
import { mergeVersions, type MergedQuestion } from './merged-questions';
import { questionColumns, type ColumnOptions } from './question-columns';

const meta = (header: string, value: (row: RowScope) => string, numeric = false): ExportColumn => ({
  header,
  numeric,
  value,
});

/** The main table's metadata, after the questions as Kobo writes them. */
const mainMeta: ExportColumn[] = [
  meta('_id', (r) => r.submission.id),
  meta('_instance_id', (r) => r.submission.instanceId),
  meta('_version', (r) => String(r.submission.version), true),
  meta('_submitted_at', (r) => r.submission.submittedAt ?? ''),
  meta('_received_at', (r) => r.submission.receivedAt),
  meta('_submitted_by', (r) => r.submission.submittedBy),
  meta('_review_status', (r) => r.submission.reviewStatus),
  // What a first-level repeat's `_parent_index` points at.
  meta('_index', (r) => String(r.index), true),
];

/** A repeat table's keys: long format, each row keyed to its parent row and its response. */
const repeatKeys: ExportColumn[] = [
  meta('_parent_id', (r) => r.parentId),
  meta('_parent_index', (r) => String(r.parentIndex), true),
  meta('_index', (r) => String(r.index), true),
  meta('_submission_id', (r) => r.submission.id),
];

const newTable = (key: string, fullPath: string[], path: string[]): ExportTable => ({
  key,
  fullPath,
  path,
  columns: [],
  children: [],
  geopoints: [],
});

/**
 * Adds `nodes` to `table`: a group's questions flatten into the table (`group/question`), a repeat
 * becomes a child table, a note has no answer and no column.
 */
function addQuestions(
  table: ExportTable,
  nodes: readonly MergedQuestion[],
  relPath: readonly string[],
  fullPath: readonly string[],
  options: ColumnOptions,
) {
  for (const node of nodes) {
    const { name, type } = node.question;
    const rel = [...relPath, name];
    const full = [...fullPath, name];
    if (type === 'group') addQuestions(table, node.children, rel, full, options);
    else if (type === 'repeat') {
      const child = newTable(full.join('/'), full, rel);
      addQuestions(child, node.children, [], full, options);
      child.columns.push(...repeatKeys);
      table.children.push(child);
    } else if (type !== 'note') {
      table.columns.push(...questionColumns(node, rel, full, options));
      if (type === 'geopoint') table.geopoints.push(full.join('/'));
    }
  }
}

function* descendants(table: ExportTable): Generator<ExportTable> {
  for (const child of table.children) {
    yield child;
    yield* descendants(child);
  }
}

/**
 * The tables and columns of an export of a form whose published versions are `definitionsLatestFirst`:
 * the main table (one row per response) and one long-format table per repeat.
 */
export function planExport(
  definitionsLatestFirst: readonly FormDefinition[],
  options: ColumnOptions,
): ExportPlan {
  const main = newTable('', [], []);
  addQuestions(main, mergeVersions(definitionsLatestFirst), [], [], options);
  main.columns.push(...mainMeta);
  const repeats = [...descendants(main)];
  // A repeat is named by its name alone unless another repeat shares it (then by its path).
  const nameCount = new Map<string, number>();
  for (const t of repeats) nameCount.set(t.fullPath.at(-1)!, (nameCount.get(t.fullPath.at(-1)!) ?? 0) + 1);
  for (const t of repeats) if (nameCount.get(t.fullPath.at(-1)!) === 1) t.key = t.fullPath.at(-1)!;
  return { main, repeats };
}

/** The repeat table `key` names (its name or its path), or undefined. */
export function repeatNamed(plan: ExportPlan, key: string): ExportTable | undefined {
  return plan.repeats.find((t) => t.key === key) ?? plan.repeats.find((t) => t.fullPath.join('/') === key);
}

/**
 * The geopoint `question` names (its path, or its name when no other geopoint has it) with its table;
 * without a name, the form's first geopoint (the main table's first, else a repeat's). Undefined when
 * there is none.
 */
export function geopointNamed(
  plan: ExportPlan,
  question: string | undefined,
): { table: ExportTable; path: string } | undefined {
  const points = [plan.main, ...plan.repeats].flatMap((table) =>
    table.geopoints.map((path) => ({ table, path })),
  );
  if (!question) return points[0];
  const exact = points.find((p) => p.path === question);
  if (exact) return exact;
  const named = points.filter((p) => p.path.split('/').at(-1) === question);
  return named.length === 1 ? named[0] : undefined;
}
