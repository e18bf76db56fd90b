import type { ExpressionInputs } from './expression-inputs';
import { ROOT, referencePath, type FormIndex, type QuestionInfo } from './form-index';
import {
  INDEXED_REPEAT_FUNCTION,
  MAX_INDEXED_REPEAT_LEVELS,
  NOW_FUNCTION,
  TODAY_FUNCTION,
} from './functions';
import {
  callArguments,
  closingParen,
  ExpressionError,
  nameRole,
  nextSolid,
  REF_IN_TEXT,
  refName,
  tokenize,
  type Token,
} from './xpath-text';

/*
 * XLSForm expression → the XPath the evaluator runs: `${name}` becomes the question's path (relative
 * within a shared repeat), today()/now() read the evaluation's clock, indexed-repeat() becomes a call of
 * our own function (the evaluator cannot pass node-sets to functions). Done once per expression.
 */

/** A `${name}` of a choice filter: replaced per evaluation by the referenced value, as a literal. */
export interface ValueSlot {
  xpath: string;
  /** What the value depends on, for reusing it (set by binds.ts; expression-memo.ts). */
  inputs?: ExpressionInputs | null;
}
export type Part = string | ValueSlot;

export interface Compiled {
  /** For bind expressions, all strings; choice filters also hold slots. */
  parts: Part[];
  /** Names of the questions referenced. */
  refs: Set<string>;
}

interface Rewriter {
  index: FormIndex;
  context: readonly string[];
  filter: boolean;
  refs: Set<string>;
  predicateDepth: number;
}

function lookup(r: Rewriter, name: string): QuestionInfo {
  const info = r.index.byName.get(name);
  if (!info) throw new ExpressionError(`\${${name}} names no question.`, 'reference');
  r.refs.add(name);
  return info;
}

function refArgument(tokens: readonly Token[], [start, end]: [number, number], r: Rewriter): QuestionInfo {
  const solid = tokens.slice(start, end).filter((t) => t.kind !== 'space');
  if (solid.length !== 1 || solid[0]!.kind !== 'ref') {
    throw new ExpressionError(
      "indexed-repeat()'s question and repeats must each be written as ${name}",
      'syntax',
    );
  }
  return lookup(r, refName(solid[0]!));
}

const inside = (outer: QuestionInfo, inner: QuestionInfo) => inner.key.startsWith(`${outer.key}/`);

/** Rewrites indexed-repeat( … ) starting at the name token `at`; returns the index of its `)`. */
function indexedRepeat(tokens: readonly Token[], at: number, r: Rewriter, out: Part[]): number {
  const open = nextSolid(tokens, at + 1);
  const close = closingParen(tokens, open);
  const args = callArguments(tokens, open, close);
  const levels = (args.length - 1) / 2;
  if (args.length < 3 || !Number.isInteger(levels) || levels > MAX_INDEXED_REPEAT_LEVELS) {
    throw new ExpressionError(
      `indexed-repeat() takes a question, then 1 to ${MAX_INDEXED_REPEAT_LEVELS} pairs of a repeat and a position`,
      'syntax',
    );
  }
  const target = refArgument(tokens, args[0]!, r);
  out.push(`${INDEXED_REPEAT_FUNCTION}${levels}('${target.key}'`);
  let outer: QuestionInfo | undefined;
  for (let level = 0; level < levels; level++) {
    const repeat = refArgument(tokens, args[1 + 2 * level]!, r);
    if (repeat.question.type !== 'repeat') {
      throw new ExpressionError(`indexed-repeat(): \${${repeat.question.name}} is not a repeat`, 'syntax');
    }
    if ((outer && !inside(outer, repeat)) || !inside(repeat, target)) {
      throw new ExpressionError(
        `indexed-repeat(): each repeat must hold the next one and \${${target.question.name}}`,
        'syntax',
      );
    }
    outer = repeat;
    out.push(`, '${repeat.key}', `);
    const [start, end] = args[2 + 2 * level]!;
    rewrite(tokens, start, end, r, out);
  }
  out.push(')');
  return close;
}

function rewrite(tokens: readonly Token[], from: number, to: number, r: Rewriter, out: Part[]): void {
  for (let j = from; j < to; j++) {
    const t = tokens[j]!;
    if (t.kind === 'ref') {
      const path = referencePath(lookup(r, refName(t)).path, r.context, r.index.repeatKeys);
      // Spaced like pyxform's output: `${a}-${b}` must not read as one name `/data/a-/data/b`.
      out.push(r.filter ? { xpath: path } : ` ${path} `);
    } else if (t.kind === 'string') {
      out.push(t.text.replace(REF_IN_TEXT, (_, name: string) => `/${ROOT}/${lookup(r, name.trim()).key}`));
    } else if (t.kind === 'name') {
      const role = nameRole(tokens, j);
      if (role === 'function' && t.text === 'today') out.push(TODAY_FUNCTION);
      else if (role === 'function' && t.text === 'now') out.push(NOW_FUNCTION);
      else if (role === 'function' && t.text === 'indexed-repeat') j = indexedRepeat(tokens, j, r, out);
      // The evaluator reads a bare `order` as `or` + `der`; `./order` is the same step, lexed right.
      else if (role === 'bare' && r.filter && r.predicateDepth === 0) out.push(`./${t.text}`);
      else out.push(t.text);
    } else {
      if (t.text === '[') r.predicateDepth++;
      else if (t.text === ']') r.predicateDepth--;
      out.push(t.text);
    }
  }
}

/**
 * Compiles `expression` for evaluation with the node at `context` (a path of names) as context node.
 * A choice filter (`filter`) keeps its `${name}`s as slots and reads bare names as the choice's columns.
 * Throws ExpressionError.
 */
export function compileExpression(
  expression: string,
  index: FormIndex,
  context: readonly string[],
  filter = false,
): Compiled {
  const tokens = tokenize(expression);
  const r: Rewriter = { index, context, filter, refs: new Set(), predicateDepth: 0 };
  const raw: Part[] = [];
  rewrite(tokens, 0, tokens.length, r, raw);
  // Merge neighbouring strings so a bind expression is one string.
  const parts: Part[] = [];
  for (const part of raw) {
    const last = parts[parts.length - 1];
    if (typeof part === 'string' && typeof last === 'string') parts[parts.length - 1] = last + part;
    else parts.push(part);
  }
  return { parts, refs: r.refs };
}

/** The XPath text of a compiled bind expression (one without slots). */
export const xpathOf = (compiled: Compiled): string =>
  compiled.parts.map((p) => (typeof p === 'string' ? p : p.xpath)).join('');
