import { sharedRepeatDepth, type FormIndex } from './form-index';
import { nameRole, nextSolid, previousSolid, tokenize, type Token } from './xpath-text';

/*
 * What a bind expression's result depends on, worked out once per expression so that the engine can
 * reuse a result while those inputs are unchanged (expression-memo.ts). It is read from the XLSForm
 * text's tokens (xpath-text's lexer; the evaluator remains the only parser), and only a closed set of
 * shapes qualifies: `${name}` references to questions that hold a value, `.`, literals, arithmetic and
 * comparison operators, and calls of functions whose result follows from their arguments. Anything else
 * is null, evaluated every time: a path written in XPath (`../x`, `/data/x`, a bare name), a predicate,
 * `|` (its order depends on the document's layout), a reference to a group or repeat (its string value
 * is its descendants'), and the functions that read the clock, chance, the context's position or the
 * whole document (now(), random(), uuid(), once(), position(), indexed-repeat()…).
 */

/** Where a referenced question's values are read from, seen from the expression's context node. */
export type Input =
  /** Every node of the question, in document order; with their paths when the layout matters too. */
  | { kind: 'all'; key: string; paths: boolean }
  /** The one node at `rest` below the context's ancestor of `depth` names (a sibling in a repeat instance). */
  | { kind: 'sibling'; depth: number; rest: string };

export interface ExpressionInputs {
  inputs: Input[];
  /** Reads the context node's own value: `.`, or string() and the like called without an argument. */
  self: boolean;
  /** Calls today(): the result depends on the evaluation's date. */
  today: boolean;
}

/** Functions whose result follows from their arguments (jr:choice-name also from the language, always keyed). */
const PURE_FUNCTIONS: ReadonlySet<string> = new Set([
  // XPath 1.0
  'count', 'string', 'concat', 'starts-with', 'contains', 'substring-before', 'substring-after',
  'substring', 'string-length', 'normalize-space', 'translate', 'boolean', 'not', 'true', 'false',
  'number', 'sum', 'floor', 'ceiling', 'round',
  // openrosa-xpath-evaluator
  'abs', 'acos', 'asin', 'atan', 'atan2', 'boolean-from-string', 'area', 'checklist', 'coalesce', 'cos',
  'count-non-empty', 'count-selected', 'date', 'date-time', 'decimal-date-time', 'decimal-time', 'distance',
  'exp', 'exp10', 'format-date', 'format-date-time', 'if', 'ends-with', 'int', 'join', 'log', 'log10', 'max',
  'min', 'pi', 'pow', 'regex', 'selected', 'selected-at', 'sin', 'sqrt', 'substr', 'tan',
  'weighted-checklist',
  // ours (pulldata reads the definition's tables, fixed for an engine)
  'jr:choice-name', 'pulldata', 'today',
]); // prettier-ignore

/** Functions that read the context node when called without an argument (XPath 1.0, 4.2 and 4.4). */
const CONTEXT_DEFAULT = new Set(['string', 'string-length', 'normalize-space', 'number']);

/** Operators between values; `*` is handled apart (it is also the name test "any child"). */
const VALUE_OPS = new Set(['(', ')', ',', '+', '-', '=', '!=', '<', '<=', '>', '>=']);

/** XPath 3.7: `*` multiplies after an operand, else it is a name test. */
const isOperand = (t: Token | undefined) =>
  t !== undefined &&
  (t.kind === 'number' || t.kind === 'string' || t.kind === 'ref' || t.text === ')' || t.text === '.');

/** The shape of `expression`'s text: whether it qualifies, and whether it reads `.` or today(). */
function shape(expression: string): { self: boolean; today: boolean } | null {
  let tokens: Token[];
  try {
    tokens = tokenize(expression);
  } catch {
    return null;
  }
  let self = false;
  let today = false;
  for (let j = 0; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind === 'space' || t.kind === 'string' || t.kind === 'number' || t.kind === 'ref') continue;
    if (t.kind === 'op') {
      if (t.text === '.') self = true;
      else if (t.text === '*' ? !isOperand(previousSolid(tokens, j)) : !VALUE_OPS.has(t.text)) return null;
      continue;
    }
    const role = nameRole(tokens, j);
    if (role === 'operator') continue;
    if (role !== 'function' || !PURE_FUNCTIONS.has(t.text)) return null;
    if (t.text === 'today') today = true;
    if (
      CONTEXT_DEFAULT.has(t.text) &&
      tokens[nextSolid(tokens, nextSolid(tokens, j + 1) + 1)]?.text === ')'
    ) {
      self = true;
    }
  }
  return { self, today };
}

/**
 * The inputs of `expression` (XLSForm text) compiled for the node at `context`, given the names it
 * references (compile's `refs`); null when it must be evaluated every time.
 */
export function expressionInputs(
  expression: string,
  refs: ReadonlySet<string>,
  index: FormIndex,
  context: readonly string[],
): ExpressionInputs | null {
  const found = shape(expression);
  if (!found) return null;
  const inputs: Input[] = [];
  for (const name of refs) {
    const info = index.byName.get(name);
    if (!info || info.question.type === 'group' || info.question.type === 'repeat') return null;
    // As compile.ts resolves it (referencePath): absolute, or relative within the innermost shared repeat.
    const depth = sharedRepeatDepth(info.path, context, index.repeatKeys);
    if (depth === 0) {
      // An absolute path selects every node of the question: their values in order are all it reads.
      inputs.push({ kind: 'all', key: info.key, paths: false });
      continue;
    }
    let nested = false;
    for (let k = depth + 1; k < info.path.length; k++) {
      if (index.repeatKeys.has(info.path.slice(0, k).join('/'))) nested = true;
    }
    // Through a repeat nested in the shared one, which nodes are read depends on where each instance stands.
    if (nested) inputs.push({ kind: 'all', key: info.key, paths: true });
    else inputs.push({ kind: 'sibling', depth, rest: info.path.slice(depth).join('/') });
  }
  return { inputs, ...found };
}
