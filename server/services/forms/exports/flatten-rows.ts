import type { Answers } from '../../../../contract/forms/answers';
import type { ExportPlan, ExportSubmission, ExportTable, RowScope } from './export-types';

/** The repeat instances at `path` (names through groups, then the repeat) in `answers`. */
function instancesAt(answers: Answers, path: readonly string[]): Answers[] {
  let node: Answers | Answers[] | string | undefined = answers;
  for (const name of path) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
    node = node[name];
  }
  return Array.isArray(node) ? node.filter((i) => !!i && typeof i === 'object' && !Array.isArray(i)) : [];
}

const holds = (table: ExportTable, wanted: ExportTable): boolean =>
  table === wanted || table.children.some((c) => holds(c, wanted));

/**
 * Turns responses into the rows of one table of the export. The row numbers (`_index`) run over the
 * whole export, so it is stateful: one flattener per table written, fed the responses in order. The
 * tables between the main one and `table` are counted (their numbers are the parent keys) but not
 * built; repeats elsewhere in the form are not even visited.
 */
export function tableFlattener(plan: ExportPlan, table: ExportTable) {
  const counts = new Map<ExportTable, number>();
  const next = (t: ExportTable) => {
    const n = (counts.get(t) ?? 0) + 1;
    counts.set(t, n);
    return n;
  };
  const cells = (row: RowScope) => table.columns.map((c) => c.value(row));

  function visit(parent: ExportTable, scope: RowScope, out: string[][]) {
    for (const child of parent.children) {
      if (!holds(child, table)) continue;
      for (const answers of instancesAt(scope.answers, child.path)) {
        const row: RowScope = {
          submission: scope.submission,
          answers,
          index: next(child),
          parentIndex: scope.index,
          parentId: parent === plan.main ? scope.submission.id : String(scope.index),
        };
        if (child === table) out.push(cells(row));
        else visit(child, row, out);
      }
    }
  }

  /** The table's rows of one response (none, one, or one per repeat instance). */
  return (submission: ExportSubmission): string[][] => {
    const out: string[][] = [];
    const row: RowScope = {
      submission,
      answers: submission.answers,
      index: next(plan.main),
      parentIndex: 0,
      parentId: '',
    };
    if (table === plan.main) out.push(cells(row));
    else visit(plan.main, row, out);
    return out;
  };
}

/** The rows of `table` for each page of responses: one batch per page, so a writer writes a page at once. */
export async function* tableRows(
  plan: ExportPlan,
  table: ExportTable,
  pages: AsyncIterable<ExportSubmission[]>,
): AsyncGenerator<string[][]> {
  const flatten = tableFlattener(plan, table);
  for await (const page of pages) yield page.flatMap(flatten);
}
