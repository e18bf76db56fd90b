import { type FormDefinition } from '../definition';
import { compileExpression, xpathOf } from './compile';
import { indexForm, type FormIndex } from './form-index';
import { KNOWN_FUNCTIONS, UNSUPPORTED_FUNCTIONS } from './functions';
import { buildInstance, type Instance } from './instance';
import { createRunner, type Runner } from './runner';
import { ExpressionError, bracketProblem, nameRole, REF_IN_TEXT, refName, tokenize } from './xpath-text';
import type { XmlElement, XPathHost } from './xpath-host';

/*
 * Whether an XLSForm expression will run: its references name questions, its text lexes, it calls known
 * functions, and the evaluator accepts it over an empty instance of the form (with one instance of each
 * repeat). The evaluator only evaluates the side of an `and`/`or` it needs, so the lexical checks come
 * first: they see the whole text.
 */

export interface CheckEnvironment {
  definition: FormDefinition;
  index: FormIndex;
  runner: Runner;
  sample: Instance;
}

export function checkEnvironment(definition: FormDefinition, host: XPathHost): CheckEnvironment {
  const index = indexForm(definition);
  const runner = createRunner(host, definition, index);
  const sample = buildInstance(host, definition.questions, {
    answers: {},
    defaultCount: 1,
    initial: () => ({ value: '', pendingDefault: false }),
  });
  runner.runtime.document = sample.document;
  return { definition, index, runner, sample };
}

/** The sample element of the question at `at`; a stand-in element when the question is not in the form. */
function contextElement(env: CheckEnvironment, at: readonly string[]): XmlElement {
  let element = env.sample.root;
  let path = '';
  for (let k = 0; k < at.length; k++) {
    const name = at[k]!;
    const step = env.index.repeatKeys.has(at.slice(0, k + 1).join('/')) ? `${name}[1]` : name;
    path = path ? `${path}/${step}` : step;
    const node = env.sample.byPath.get(path);
    if (node) {
      element = node.element;
      continue;
    }
    try {
      const standIn = env.sample.document.createElement(name);
      element.appendChild(standIn);
      element = standIn;
    } catch {
      return element;
    }
  }
  return element;
}

/** A `<item>` with every column of the list, for checking a choice filter. */
function sampleItem(env: CheckEnvironment, listName: string | undefined): XmlElement {
  const doc = env.sample.document;
  const item = doc.createElement('item');
  const columns = new Set(['name', 'label']);
  for (const choice of env.definition.choices[listName ?? ''] ?? []) {
    for (const column of Object.keys(choice.extra ?? {})) columns.add(column);
  }
  for (const column of columns) {
    try {
      item.appendChild(doc.createElement(column));
    } catch {
      // not an XML name: a filter cannot read it either
    }
  }
  return item;
}

const REASONS: [RegExp, string][] = [
  [/^Stuff left on stack/, 'a bracket is not closed'],
  [/^Too many tokens/, 'an operator or a value is missing'],
  [/^No tokens/, 'it is empty'],
  [/^"\)" outside function/, 'a ) has no matching ('],
  [/^Unexpected comma/, 'a comma is outside a function call'],
  [/^Unknown function: (.*)$/, 'unknown function $1()'],
];

/** The evaluator's reason, without its dump of its parse stack. */
function reasonOf(error: unknown): string {
  const raw = (error instanceof Error ? error.message : String(error))
    .replace(/\{"stack".*$/s, '')
    .trim()
    .replace(/[.!]$/, '');
  for (const [pattern, reason] of REASONS) if (pattern.test(raw)) return raw.replace(pattern, reason);
  return raw || 'the evaluator refused it';
}

const shortened = (expression: string) => {
  const one = expression.trim().replace(/\s+/g, ' ');
  return one.length > 80 ? `${one.slice(0, 77)}…` : one;
};

function lexicalProblem(env: CheckEnvironment, expression: string, filter: boolean): string | null {
  const invalid = (reason: string) => `${shortened(expression)} is not a valid expression: ${reason}.`;
  let tokens;
  try {
    tokens = tokenize(expression);
  } catch (e) {
    return invalid(reasonOf(e));
  }
  for (const t of tokens) {
    const names =
      t.kind === 'ref'
        ? [refName(t)]
        : t.kind === 'string'
          ? [...t.text.matchAll(REF_IN_TEXT)].map((m) => m[1]!.trim())
          : [];
    const unknown = names.find((n) => !env.index.byName.has(n));
    if (unknown !== undefined) return `\${${unknown}} names no question.`;
  }
  const brackets = bracketProblem(tokens);
  if (brackets) return invalid(brackets);
  let predicateDepth = 0;
  for (let at = 0; at < tokens.length; at++) {
    const t = tokens[at]!;
    if (t.text === '[') predicateDepth++;
    if (t.text === ']') predicateDepth--;
    if (t.kind !== 'name') continue;
    const role = nameRole(tokens, at);
    if (role === 'function') {
      const unsupported = UNSUPPORTED_FUNCTIONS.get(t.text);
      if (unsupported) return invalid(unsupported);
      if (!KNOWN_FUNCTIONS.has(t.text)) return invalid(`unknown function ${t.text}()`);
    } else if (role === 'bare' && !filter && predicateDepth === 0) {
      return invalid(
        env.index.byName.has(t.text)
          ? `write \${${t.text}} to use the answer to ${t.text}`
          : `"${t.text}" is neither a reference (\${name}) nor text in quotes`,
      );
    }
  }
  return null;
}

/**
 * Null when `expression` is fine for the question at `at` (its path of names; [] for the form's level),
 * else a message for its author. `filter`: a choice_filter, whose bare names are the choices' columns.
 */
export function expressionProblem(
  env: CheckEnvironment,
  expression: string,
  at: readonly string[],
  filter: { listName: string | undefined } | null = null,
): string | null {
  if (!expression.trim()) return null;
  const lexical = lexicalProblem(env, expression, filter !== null);
  if (lexical) return lexical;
  try {
    const compiled = compileExpression(expression, env.index, at, filter !== null);
    if (filter) {
      const xpath = compiled.parts.map((p) => (typeof p === 'string' ? p : "''")).join('');
      env.runner.boolean(xpath, sampleItem(env, filter.listName));
    } else {
      env.runner.string(xpathOf(compiled), contextElement(env, at));
    }
  } catch (e) {
    if (e instanceof ExpressionError && e.kind === 'reference') return e.message;
    return `${shortened(expression)} is not a valid expression: ${reasonOf(e)}.`;
  }
  return null;
}
