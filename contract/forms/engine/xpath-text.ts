/*
 * A lexer for XLSForm expressions: enough to find `${name}` references, string literals, function calls
 * and path steps so they can be rewritten, never a parser (the evaluator parses). It follows XPath 1.0's
 * lexical rules (section 3.7), plus `${…}`.
 */

export type TokenKind = 'string' | 'ref' | 'name' | 'number' | 'op' | 'space';

export interface Token {
  kind: TokenKind;
  text: string;
}

/** A problem with the expression's text, in words for the person who wrote it. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    /** 'reference': an unknown `${name}` (the message is complete); 'syntax': the expression is malformed. */
    readonly kind: 'reference' | 'syntax',
  ) {
    super(message);
  }
}

const syntax = (reason: string) => new ExpressionError(reason, 'syntax');

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_.-]/;
const DIGIT = /[0-9]/;
const SPACE = /\s/;
const TWO_CHAR_OPS = new Set(['..', '//', '!=', '<=', '>=', '::']);
const ONE_CHAR_OPS = new Set(['/', '.', '(', ')', '[', ']', ',', '@', '|', '+', '-', '*', '=', '<', '>']);

export function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const s = expression;
  let i = 0;
  const take = (kind: TokenKind, end: number) => {
    tokens.push({ kind, text: s.slice(i, end) });
    i = end;
  };
  while (i < s.length) {
    const c = s.charAt(i);
    if (c === '"' || c === "'") {
      const end = s.indexOf(c, i + 1);
      if (end < 0) throw syntax(`the text in quotes starting at character ${i + 1} is not closed`);
      take('string', end + 1);
    } else if (c === '$' && s.charAt(i + 1) === '{') {
      const end = s.indexOf('}', i + 2);
      if (end < 0) throw syntax(`the reference starting at character ${i + 1} has no closing }`);
      take('ref', end + 1);
    } else if (SPACE.test(c)) {
      let end = i + 1;
      while (end < s.length && SPACE.test(s.charAt(end))) end++;
      take('space', end);
    } else if (DIGIT.test(c) || (c === '.' && DIGIT.test(s.charAt(i + 1)))) {
      let end = i;
      while (DIGIT.test(s.charAt(end))) end++;
      if (s.charAt(end) === '.') end++;
      while (DIGIT.test(s.charAt(end))) end++;
      take('number', end);
    } else if (NAME_START.test(c)) {
      let end = i + 1;
      while (end < s.length && NAME_CHAR.test(s.charAt(end))) end++;
      // A prefixed name (jr:choice-name), not an axis (child::x).
      if (s.charAt(end) === ':' && NAME_START.test(s.charAt(end + 1))) {
        end += 2;
        while (end < s.length && NAME_CHAR.test(s.charAt(end))) end++;
      }
      take('name', end);
    } else if (TWO_CHAR_OPS.has(s.slice(i, i + 2))) {
      take('op', i + 2);
    } else if (ONE_CHAR_OPS.has(c)) {
      take('op', i + 1);
    } else {
      throw syntax(`"${c}" (character ${i + 1}) is not allowed outside quotes`);
    }
  }
  return tokens;
}

/** The name inside a `${name}` token. */
export const refName = (token: Token) => token.text.slice(2, -1).trim();

/** `${name}` references inside a string literal (pyxform replaces those too, e.g. jr:choice-name's). */
export const REF_IN_TEXT = /\$\{([^}]*)\}/g;

/** Index of the next token that is not whitespace, from `from` on; -1 when none. */
export function nextSolid(tokens: readonly Token[], from: number): number {
  for (let j = from; j < tokens.length; j++) if (tokens[j]!.kind !== 'space') return j;
  return -1;
}

/** The last token before `before` that is not whitespace. */
export function previousSolid(tokens: readonly Token[], before: number): Token | undefined {
  for (let j = before - 1; j >= 0; j--) if (tokens[j]!.kind !== 'space') return tokens[j];
  return undefined;
}

const OPERATOR_NAMES = new Set(['and', 'or', 'div', 'mod']);
const NODE_TYPES = new Set(['node', 'text', 'comment', 'processing-instruction']);
// XPath 3.7: after these (or an operator), a name is a name, not an operator.
const NAME_CONTEXT_OPS = new Set(['@', '::', '(', '[', ',']);
const OPERATORS = new Set(['/', '//', '|', '+', '-', '=', '!=', '<', '<=', '>', '>=', '*']);

export type NameRole = 'function' | 'operator' | 'node-type' | 'axis' | 'step' | 'bare';

/**
 * What the name token at `at` is: a function call, an operator word, a step of a path (after / or @),
 * or `bare`, the first step of a relative path (a child of the context node).
 */
export function nameRole(tokens: readonly Token[], at: number): NameRole {
  const token = tokens[at]!;
  const previous = previousSolid(tokens, at);
  const afterOperand =
    previous !== undefined &&
    !(previous.kind === 'op' && (NAME_CONTEXT_OPS.has(previous.text) || OPERATORS.has(previous.text))) &&
    !(previous.kind === 'name' && OPERATOR_NAMES.has(previous.text));
  if (afterOperand && OPERATOR_NAMES.has(token.text)) return 'operator';
  const next = tokens[nextSolid(tokens, at + 1)];
  if (next?.text === '::') return 'axis';
  if (next?.text === '(') return NODE_TYPES.has(token.text) ? 'node-type' : 'function';
  if (previous?.kind === 'op' && ['/', '//', '@', '::'].includes(previous.text)) return 'step';
  return 'bare';
}

/** Index of the `)` closing the `(` at `open`; throws when there is none. */
export function closingParen(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'op') continue;
    if (t.text === '(' || t.text === '[') depth++;
    else if (t.text === ')' || t.text === ']') {
      depth--;
      if (depth === 0) return j;
    }
  }
  throw syntax('a ( is not closed');
}

/** The argument token ranges [start, end) of the call whose `(` is at `open` and `)` at `close`. */
export function callArguments(tokens: readonly Token[], open: number, close: number): [number, number][] {
  const args: [number, number][] = [];
  let depth = 0;
  let start = open + 1;
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'op') continue;
    if (t.text === '(' || t.text === '[') depth++;
    else if (t.text === ')' || t.text === ']') depth--;
    else if (t.text === ',' && depth === 0) {
      args.push([start, j]);
      start = j + 1;
    }
  }
  if (nextSolid(tokens.slice(0, close), start) >= 0 || args.length > 0) args.push([start, close]);
  return args;
}

/** Null when every ( and [ is closed in order, else what is wrong. */
export function bracketProblem(tokens: readonly Token[]): string | null {
  const open: string[] = [];
  for (const t of tokens) {
    if (t.kind !== 'op') continue;
    if (t.text === '(' || t.text === '[') open.push(t.text);
    else if (t.text === ')' || t.text === ']') {
      const expected = t.text === ')' ? '(' : '[';
      if (open.pop() !== expected) return `a ${t.text} has no matching ${expected}`;
    }
  }
  const last = open.pop();
  return last ? `a ${last} is not closed` : null;
}

/** `value` as an XPath 1.0 string literal (which has no escapes: a value with both quotes is concatenated). */
export function stringLiteral(value: string): string {
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return `concat(${value
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`;
}
