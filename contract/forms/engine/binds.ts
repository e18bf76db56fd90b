import type { Question } from '../definition';
import { compileExpression, xpathOf, type Compiled } from './compile';
import { expressionInputs, type ExpressionInputs } from './expression-inputs';
import { referencePath, type FormIndex, type QuestionInfo } from './form-index';
import { KNOWN_FUNCTIONS } from './functions';
import { nameRole, tokenize } from './xpath-text';

/*
 * Each question's expressions compiled once per engine (XLSForm's bind attributes). An expression that
 * does not compile is kept as `broken`: checkDefinition refuses such a form before it is published, and
 * the engine treats it as an expression that fails when evaluated.
 */

export type Bind =
  | { kind: 'constant'; value: boolean }
  /** `inputs`: what the result depends on, for reusing it (expression-memo.ts); null: evaluated every time. */
  | { kind: 'xpath'; xpath: string; inputs: ExpressionInputs | null }
  | { kind: 'broken' };

export interface QuestionBinds {
  info: QuestionInfo;
  relevant?: Bind;
  required?: Bind;
  readOnly?: Bind;
  constraint?: Bind;
  calculation?: Bind;
  /** A default that is an expression (pyxform's dynamic default); a plain default is used as is. */
  dynamicDefault?: Bind;
  /** Evaluated with the repeat's parent as context node. */
  repeatCount?: Bind;
  choiceFilter?: Compiled | 'broken';
  /** Names of the questions any of these expressions reads. */
  refs: Set<string>;
  /** Names of the questions the calculation reads. */
  calculationRefs: Set<string>;
}

/** XLSForm's yes/no (and true()/false()) in `required` and `read_only`, read without an evaluation. */
export function constantBoolean(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'true()' || t === 'yes' || t === 'true') return true;
  if (t === 'false()' || t === 'no' || t === 'false') return false;
  return undefined;
}

/** Whether a default is an expression: it references a question or calls a known function (`today()`). */
export function isDynamicDefault(text: string): boolean {
  if (text.includes('${')) return true;
  try {
    const tokens = tokenize(text);
    return tokens.some(
      (t, at) => t.kind === 'name' && KNOWN_FUNCTIONS.has(t.text) && nameRole(tokens, at) === 'function',
    );
  } catch {
    return false;
  }
}

function bind(
  text: string | undefined,
  index: FormIndex,
  context: readonly string[],
  refs: Set<string>,
  constants = false,
): Bind | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const constant = constants ? constantBoolean(text) : undefined;
  if (constant !== undefined) return { kind: 'constant', value: constant };
  try {
    const compiled = compileExpression(text, index, context);
    for (const r of compiled.refs) refs.add(r);
    return {
      kind: 'xpath',
      xpath: xpathOf(compiled),
      inputs: expressionInputs(text, compiled.refs, index, context),
    };
  } catch {
    return { kind: 'broken' };
  }
}

/** Each `${name}` slot of a choice filter is one reference: its inputs are that reference's. */
function slotInputs(filter: Compiled, index: FormIndex, at: readonly string[]) {
  const names = new Map<string, string>();
  for (const name of filter.refs) {
    const info = index.byName.get(name);
    if (info) names.set(referencePath(info.path, at, index.repeatKeys), name);
  }
  for (const part of filter.parts) {
    if (typeof part === 'string') continue;
    const name = names.get(part.xpath);
    part.inputs = name === undefined ? null : expressionInputs(`\${${name}}`, new Set([name]), index, at);
  }
}

export function compileBinds(index: FormIndex): Map<Question, QuestionBinds> {
  const all = new Map<Question, QuestionBinds>();
  for (const info of index.all) {
    const q = info.question;
    const refs = new Set<string>();
    const calculationRefs = new Set<string>();
    const at = info.path;
    const b: QuestionBinds = {
      info,
      refs,
      calculationRefs,
      relevant: bind(q.relevant, index, at, refs),
      required: bind(q.required, index, at, refs, true),
      readOnly: bind(q.readOnly, index, at, refs, true),
      constraint: bind(q.constraint, index, at, refs),
      calculation: bind(q.calculation, index, at, calculationRefs),
      dynamicDefault:
        q.default !== undefined && isDynamicDefault(q.default) ? bind(q.default, index, at, refs) : undefined,
      repeatCount: q.type === 'repeat' ? bind(q.repeatCount, index, at.slice(0, -1), refs) : undefined,
    };
    for (const r of calculationRefs) refs.add(r);
    if (q.choiceFilter?.trim()) {
      try {
        b.choiceFilter = compileExpression(q.choiceFilter, index, at, true);
        for (const r of b.choiceFilter.refs) refs.add(r);
        slotInputs(b.choiceFilter, index, at);
      } catch {
        b.choiceFilter = 'broken';
      }
    }
    all.set(q, b);
  }
  return all;
}

/**
 * The calculations in an order where each comes after those it reads; `cyclic` when some read each
 * other (those then run in form order, repeatedly, until stable).
 */
export function calculationOrder(binds: ReadonlyMap<Question, QuestionBinds>): {
  order: QuestionBinds[];
  cyclic: boolean;
} {
  const calcs = [...binds.values()].filter((b) => b.calculation);
  const byName = new Map(calcs.map((b) => [b.info.question.name, b]));
  const order: QuestionBinds[] = [];
  const state = new Map<QuestionBinds, 'visiting' | 'done'>();
  let cyclic = false;
  const visit = (b: QuestionBinds) => {
    const s = state.get(b);
    if (s === 'done') return;
    if (s === 'visiting') {
      cyclic = true;
      return;
    }
    state.set(b, 'visiting');
    for (const name of b.calculationRefs) {
      const dep = byName.get(name);
      if (dep && dep !== b) visit(dep);
    }
    state.set(b, 'done');
    order.push(b);
  };
  for (const b of calcs) visit(b);
  return { order, cyclic };
}
