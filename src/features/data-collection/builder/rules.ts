import type { QuestionType } from '@contract/forms/definition';

/*
 * The readable side of `relevant` and `constraint`: rows of [question] [operator] [value] joined by
 * all (`and`) or any (`or`), written as the XLSForm expressions people write by hand (`${q} = 'yes'`,
 * `${age} >= 18`, `selected(${q}, 'a')`, `. >= 18` in a constraint). Reading goes the other way for
 * that same small shape only; anything else (functions, arithmetic, mixed and/or) is not rows, and the
 * editor keeps it as raw text. Evaluating expressions is the form engine's job, not this module's.
 */

export type RuleOperator =
  '=' | '!=' | '>' | '>=' | '<' | '<=' | 'selected' | 'not_selected' | 'empty' | 'not_empty';

export type RuleJoin = 'and' | 'or';

/** The question a rule reads: its name, or SELF for the answer being checked (constraints). */
export const SELF = '.';

export interface Rule {
  subject: string;
  operator: RuleOperator;
  /** A choice name, a number, a date (YYYY-MM-DD or `today()`), or text; unused by empty/not_empty. */
  value: string;
}

export interface RuleSet {
  join: RuleJoin;
  rules: Rule[];
}

/** How a value is written: a number bare, a date as `date('…')`, anything else quoted. */
export type ValueKind = 'text' | 'number' | 'date';

export function valueKindOf(type: QuestionType | undefined): ValueKind {
  if (type === 'integer' || type === 'decimal' || type === 'range') return 'number';
  if (type === 'date' || type === 'today') return 'date';
  return 'text';
}

export const operatorLabels: Record<RuleOperator, string> = {
  '=': 'is',
  '!=': 'is not',
  '>': 'is more than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
  selected: 'includes',
  not_selected: 'does not include',
  empty: 'is empty',
  not_empty: 'is answered',
};

const comparisons: RuleOperator[] = ['=', '!=', '>', '>=', '<', '<='];

/** The operators that make sense for a question of `type`. */
export function operatorsFor(type: QuestionType | undefined): RuleOperator[] {
  switch (type) {
    case 'select_multiple':
    case 'select_multiple_from_file':
    case 'rank':
      return ['selected', 'not_selected', 'empty', 'not_empty'];
    case 'select_one':
    case 'select_one_from_file':
      return ['=', '!=', 'empty', 'not_empty'];
    case 'integer':
    case 'decimal':
    case 'range':
    case 'date':
    case 'dateTime':
    case 'time':
    case 'today':
    case 'start':
    case 'end':
      return [...comparisons, 'empty', 'not_empty'];
    default:
      return ['=', '!=', 'empty', 'not_empty'];
  }
}

export const operatorNeedsValue = (operator: RuleOperator) =>
  operator !== 'empty' && operator !== 'not_empty';

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;
const DATE_FUNCTIONS = new Set(['today()', 'now()']);

/** An XPath string literal; null when the text holds both kinds of quote (XPath 1.0 has no escape). */
function quoted(text: string): string | null {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return null;
}

function literal(value: string, kind: ValueKind): string | null {
  const v = value.trim();
  if (kind === 'number' && NUMBER.test(v)) return v;
  if (kind === 'date' && DATE_FUNCTIONS.has(v)) return v;
  if (kind === 'date' && v) {
    const q = quoted(v);
    return q && `date(${q})`;
  }
  return quoted(value);
}

const subjectRef = (subject: string) => (subject === SELF ? SELF : `\${${subject}}`);

/** Why a row cannot be written yet, or null when it can. */
export function ruleProblem(rule: Rule): string | null {
  if (!rule.subject) return 'Pick a question.';
  if (!operatorNeedsValue(rule.operator)) return null;
  if (rule.value.includes("'") && rule.value.includes('"'))
    return 'A value cannot hold both single and double quotes.';
  if ((rule.operator === 'selected' || rule.operator === 'not_selected') && !rule.value)
    return 'Pick a choice.';
  return null;
}

/** One row as an expression; null while it is incomplete (see ruleProblem). */
export function ruleToExpression(rule: Rule, kind: ValueKind = 'text'): string | null {
  if (ruleProblem(rule)) return null;
  const ref = subjectRef(rule.subject);
  switch (rule.operator) {
    case 'empty':
      return `${ref} = ''`;
    case 'not_empty':
      return `${ref} != ''`;
    case 'selected':
    case 'not_selected': {
      const call = `selected(${ref}, ${quoted(rule.value)!})`;
      return rule.operator === 'selected' ? call : `not(${call})`;
    }
    default: {
      const value = literal(rule.value, kind);
      return value === null ? null : `${ref} ${rule.operator} ${value}`;
    }
  }
}

/**
 * The rows as one expression: the complete rows joined by ` and ` / ` or ` ('' when none is complete).
 * `kindOf` says how a subject's values are written (a number bare, a date with date()).
 */
export function rulesToExpression(
  set: RuleSet,
  kindOf: (subject: string) => ValueKind = () => 'text',
): string {
  return set.rules
    .map((rule) => ruleToExpression(rule, kindOf(rule.subject)))
    .filter((e): e is string => e !== null)
    .join(` ${set.join} `);
}

// Reading ------------------------------------------------------------------------------------------

type Token =
  | { t: 'ref'; name: string }
  | { t: 'self' }
  | { t: 'string'; value: string }
  | { t: 'number'; value: string }
  | { t: 'name'; value: string }
  | { t: 'op'; value: string }
  | { t: '(' | ')' | ',' };

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_.-]/;

function tokenize(source: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '$' && source[i + 1] === '{') {
      const end = source.indexOf('}', i);
      if (end < 0) return null;
      const name = source.slice(i + 2, end).trim();
      if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) return null;
      tokens.push({ t: 'ref', name });
      i = end + 1;
    } else if (c === "'" || c === '"') {
      const end = source.indexOf(c, i + 1);
      if (end < 0) return null;
      tokens.push({ t: 'string', value: source.slice(i + 1, end) });
      i = end + 1;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const match = /^(\d+(\.\d*)?|\.\d+)/.exec(source.slice(i))!;
      tokens.push({ t: 'number', value: match[0] });
      i += match[0].length;
    } else if (c === '-' && /[0-9.]/.test(source[i + 1] ?? '')) {
      // A minus only ever starts a negative number here: arithmetic is not a rule.
      const match = /^-(\d+(\.\d*)?|\.\d+)/.exec(source.slice(i));
      if (!match) return null;
      tokens.push({ t: 'number', value: match[0] });
      i += match[0].length;
    } else if (c === '.') {
      if (source[i + 1] === '.') return null;
      tokens.push({ t: 'self' });
      i++;
    } else if (NAME_START.test(c)) {
      let end = i + 1;
      while (end < source.length && NAME_CHAR.test(source[end]!)) end++;
      tokens.push({ t: 'name', value: source.slice(i, end) });
      i = end;
    } else if (c === '!' || c === '<' || c === '>' || c === '=') {
      const two = source.slice(i, i + 2);
      const op = ['!=', '<=', '>='].includes(two) ? two : c;
      if (op === '!') return null;
      tokens.push({ t: 'op', value: op });
      i += op.length;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ t: c });
      i++;
    } else {
      return null;
    }
  }
  return tokens;
}

class Reader {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}
  peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }
  next(): Token | undefined {
    return this.tokens[this.at++];
  }
  done() {
    return this.at >= this.tokens.length;
  }
  take<T extends Token['t']>(t: T): Extract<Token, { t: T }> | null {
    const token = this.peek();
    if (token?.t !== t) return null;
    this.at++;
    return token as Extract<Token, { t: T }>;
  }
  takeName(value: string): boolean {
    const token = this.peek();
    if (token?.t !== 'name' || token.value !== value) return false;
    this.at++;
    return true;
  }
}

function readSubject(r: Reader): string | null {
  const ref = r.take('ref');
  if (ref) return ref.name;
  return r.take('self') ? SELF : null;
}

/** `selected(subject, 'value')`, after the name `selected`. */
function readSelectedCall(r: Reader): { subject: string; value: string } | null {
  if (!r.take('(')) return null;
  const subject = readSubject(r);
  if (subject === null || !r.take(',')) return null;
  const value = r.take('string');
  if (!value || !r.take(')')) return null;
  return { subject, value: value.value };
}

function readValue(r: Reader): { value: string; quoted: boolean } | null {
  const token = r.next();
  if (token?.t === 'string') return { value: token.value, quoted: true };
  if (token?.t === 'number') return { value: token.value, quoted: false };
  if (token?.t === 'name' && (token.value === 'today' || token.value === 'now')) {
    return r.take('(') && r.take(')') ? { value: `${token.value}()`, quoted: false } : null;
  }
  if (token?.t === 'name' && token.value === 'date') {
    if (!r.take('(')) return null;
    const text = r.take('string');
    return text && r.take(')') ? { value: text.value, quoted: false } : null;
  }
  return null;
}

function readRule(r: Reader): Rule | null {
  if (r.peek()?.t === '(') {
    r.next();
    const inner = readRule(r);
    return inner && r.take(')') ? inner : null;
  }
  if (r.takeName('not')) {
    if (!r.take('(') || !r.takeName('selected')) return null;
    const call = readSelectedCall(r);
    return call && r.take(')') ? { ...call, operator: 'not_selected' } : null;
  }
  if (r.takeName('selected')) {
    const call = readSelectedCall(r);
    return call && { ...call, operator: 'selected' };
  }
  const subject = readSubject(r);
  const op = r.take('op');
  if (subject === null || !op) return null;
  const value = readValue(r);
  if (!value) return null;
  const operator = op.value as RuleOperator;
  if (value.quoted && value.value === '' && (operator === '=' || operator === '!=')) {
    return { subject, operator: operator === '=' ? 'empty' : 'not_empty', value: '' };
  }
  return { subject, operator, value: value.value };
}

/**
 * The rows an expression is made of, or null when it is not of the shape the rows write (it then
 * stays raw text). The empty expression is no rows.
 */
export function parseRules(expression: string | undefined): RuleSet | null {
  const source = (expression ?? '').trim();
  if (!source) return { join: 'and', rules: [] };
  const tokens = tokenize(source);
  if (!tokens) return null;
  const r = new Reader(tokens);
  const rules: Rule[] = [];
  let join: RuleJoin | null = null;
  for (;;) {
    const rule = readRule(r);
    if (!rule) return null;
    rules.push(rule);
    if (r.done()) break;
    const connector = r.next();
    if (connector?.t !== 'name' || (connector.value !== 'and' && connector.value !== 'or')) return null;
    // `a and b or c` needs precedence to read: rows are all-of or any-of, never both.
    if (join && join !== connector.value) return null;
    join = connector.value;
  }
  return { join: join ?? 'and', rules };
}
