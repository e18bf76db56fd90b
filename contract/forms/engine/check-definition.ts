import { isContainerType, isSelectType, type FormDefinition, type Question } from '../definition';
import { constantBoolean, isDynamicDefault } from './binds';
import { attachedTableNamed } from './choice-lists';
import { checkEnvironment, expressionProblem, type CheckEnvironment } from './expression-check';
import { defaultXPathHost, type XPathHost } from './xpath-host';

/** One thing that stops a form from being published. */
export interface DefinitionProblem {
  /** The question's path of names; [] for the form's settings and its choice lists. */
  path: string[];
  /** The Question field (`relevant`, `listName`, …), `instanceName`, or `choices.<list name>`. */
  field: string;
  message: string;
}

type Field = 'relevant' | 'required' | 'readOnly' | 'constraint' | 'calculation';
const EXPRESSION_FIELDS: Field[] = ['relevant', 'required', 'readOnly', 'constraint', 'calculation'];

function listProblem(definition: FormDefinition, q: Question): string | null {
  if (!q.listName) return 'A select question needs a choice list.';
  if (q.type === 'select_one_from_file' || q.type === 'select_multiple_from_file') {
    const table = attachedTableNamed(definition, q.listName);
    if (!table) return `The file "${q.listName}" is not attached.`;
    return table.columns.includes('name') ? null : `The file "${q.listName}" has no "name" column.`;
  }
  return definition.choices[q.listName] ? null : `The choice list "${q.listName}" does not exist.`;
}

function rangeProblem(q: Question): string | null {
  const p = q.parameters ?? {};
  const [start, end, step] = [p.start ?? '1', p.end ?? '10', p.step ?? '1'].map(Number);
  return [start, end, step].every(Number.isFinite) && step! > 0
    ? null
    : 'A range needs numbers for start, end and step, the step above 0.';
}

function questionProblems(env: CheckEnvironment, q: Question, path: string[]): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const problem = (field: string, message: string | null) => {
    if (message) problems.push({ path, field, message });
  };
  for (const field of EXPRESSION_FIELDS) {
    const text = q[field];
    if (text === undefined) continue;
    if ((field === 'required' || field === 'readOnly') && constantBoolean(text) !== undefined) continue;
    problem(field, expressionProblem(env, text, path));
  }
  if (q.default !== undefined && isDynamicDefault(q.default))
    problem('default', expressionProblem(env, q.default, path));
  if (q.repeatCount !== undefined) {
    problem(
      'repeatCount',
      q.type === 'repeat'
        ? expressionProblem(env, q.repeatCount, path.slice(0, -1))
        : 'Only a repeat has a repeat count.',
    );
  }
  if (isSelectType(q.type)) {
    problem('listName', listProblem(env.definition, q));
    if (q.choiceFilter !== undefined) {
      problem('choiceFilter', expressionProblem(env, q.choiceFilter, path, { listName: q.listName }));
    }
  }
  if (q.type === 'calculate' && !q.calculation?.trim())
    problem('calculation', 'A calculate question needs a calculation.');
  if (q.type === 'range') problem('parameters', rangeProblem(q));
  if (q.children?.length && !isContainerType(q.type))
    problem('children', 'Only a group or a repeat holds questions.');
  return problems;
}

/**
 * Everything that stops the form from working: names used twice, missing choice lists and files,
 * expressions that do not run (every expression field), repeat counts on what is not a repeat, and
 * choice names repeated within a list. [] when the form is fine. `host` as for checkExpression.
 */
export function checkDefinition(
  definition: FormDefinition,
  host: XPathHost = defaultXPathHost(),
): DefinitionProblem[] {
  const env = checkEnvironment(definition, host);
  const problems: DefinitionProblem[] = [];
  for (const info of env.index.duplicates) {
    problems.push({
      path: [...info.path],
      field: 'name',
      message: `The name "${info.question.name}" is used by more than one question; each needs its own.`,
    });
  }
  for (const info of env.index.all) problems.push(...questionProblems(env, info.question, [...info.path]));
  if (definition.instanceName !== undefined) {
    const message = expressionProblem(env, definition.instanceName, []);
    if (message) problems.push({ path: [], field: 'instanceName', message });
  }
  for (const [listName, choices] of Object.entries(definition.choices)) {
    const seen = new Set<string>();
    const reported = new Set<string>();
    for (const { name } of choices) {
      if (seen.has(name) && !reported.has(name)) {
        reported.add(name);
        problems.push({
          path: [],
          field: `choices.${listName}`,
          message: `The choice list "${listName}" has the choice "${name}" more than once.`,
        });
      }
      seen.add(name);
    }
  }
  return problems;
}
