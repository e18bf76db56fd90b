import { textIn, type FormDefinition } from '../definition';
import { attachedTableNamed, listChoices } from './choice-lists';
import { offsetOf, wallClock } from './metadata';
import type { FormIndex } from './form-index';
import type { OpenRosaXPathEvaluator, XmlDocument, XmlElement } from './xpath-host';

/*
 * The ODK functions openrosa-xpath-evaluator lacks (ADR 0036), registered on each engine's evaluator, and
 * the clock: its today() and now() read the machine's clock, ours the evaluation's `now`, so the server
 * re-checks a response as of the moment given to it. Expressions are rewritten (compile.ts) to call the
 * `engine-*` names.
 */

/** What the registered functions read; the engine sets it before each evaluation. */
export interface Runtime {
  document: XmlDocument | null;
  now: Date;
  /** Where today() reads `now` (EvaluationContext.utcOffset); undefined: this machine's zone. */
  utcOffset: number | undefined;
  language: string | undefined;
}

export const TODAY_FUNCTION = 'engine-today';
export const NOW_FUNCTION = 'engine-now';
/** `engine-indexed-repeat-<n>` takes the target's path, then n pairs of a repeat's path and an index. */
export const INDEXED_REPEAT_FUNCTION = 'engine-indexed-repeat-';
export const MAX_INDEXED_REPEAT_LEVELS = 3;

/** Every function an expression may call (XPath 1.0's, the evaluator's OpenRosa ones, and ours). */
export const KNOWN_FUNCTIONS: ReadonlySet<string> = new Set([
  // XPath 1.0
  'last', 'position', 'count', 'local-name', 'namespace-uri', 'name', 'string', 'concat', 'starts-with',
  'contains', 'substring-before', 'substring-after', 'substring', 'string-length', 'normalize-space',
  'translate', 'boolean', 'not', 'true', 'false', 'lang', 'number', 'sum', 'floor', 'ceiling', 'round', 'id',
  // openrosa-xpath-evaluator 3.1.0
  'abs', 'acos', 'asin', 'atan', 'atan2', 'boolean-from-string', 'area', 'checklist', 'coalesce', 'cos',
  'count-non-empty', 'count-selected', 'date', 'date-time', 'decimal-date-time', 'decimal-time', 'distance',
  'exp', 'exp10', 'format-date', 'format-date-time', 'if', 'ends-with', 'int', 'join', 'log', 'log10', 'max',
  'min', 'now', 'once', 'pi', 'pow', 'random', 'randomize', 'regex', 'selected', 'selected-at', 'sin', 'sqrt',
  'substr', 'tan', 'today', 'uuid', 'weighted-checklist',
  // ours
  'jr:choice-name', 'indexed-repeat', 'pulldata',
]); // prettier-ignore

/** ODK functions this engine does not offer, with why. */
export const UNSUPPORTED_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ['instance', 'instance() (secondary instances) is not supported; use choice_filter or pulldata()'],
  ['current', 'current() is not supported; ${name} references already resolve per repeat instance'],
  ['jr:itext', 'jr:itext() is not supported'],
  ['digest', 'digest() is not supported'],
]);

function child(element: XmlElement | null, name: string, nth = 1): XmlElement | null {
  let seen = 0;
  for (let c = element?.firstElementChild ?? null; c; c = c.nextElementSibling) {
    if (c.nodeName === name && ++seen === nth) return c;
  }
  return null;
}

function walk(element: XmlElement | null, names: readonly string[]): XmlElement | null {
  let at = element;
  for (const name of names) at = child(at, name);
  return at;
}

/** The value at `target` in the `index`-th (1-based) instance of each repeat, outermost first. */
function indexedRepeat(
  document: XmlDocument | null,
  target: string,
  repeats: { path: string; index: number }[],
): string {
  let node = document?.documentElement ?? null;
  let depth = 0;
  const targetPath = target.split('/');
  for (const { path, index } of repeats) {
    const names = path.split('/');
    if (!Number.isFinite(index) || index < 1) return '';
    node = walk(node, names.slice(depth, -1));
    node = child(node, names[names.length - 1]!, Math.floor(index));
    depth = names.length;
  }
  return walk(node, targetPath.slice(depth))?.textContent ?? '';
}

export function registerFunctions(
  evaluator: OpenRosaXPathEvaluator,
  definition: FormDefinition,
  index: FormIndex,
  runtime: Runtime,
): void {
  const add = evaluator.customXPathFunction.add;
  add(TODAY_FUNCTION, {
    // Midnight, in this machine's zone (where the evaluator reads date answers), of the date `now` has
    // where the person filling is.
    fn: () => {
      const wall = wallClock(runtime.now, offsetOf(runtime.now, runtime.utcOffset));
      return new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
    },
    args: [],
    ret: 'date',
  });
  add(NOW_FUNCTION, { fn: () => new Date(runtime.now.getTime()), args: [], ret: 'date' });

  // jr:choice-name(value, '${q}'): the second argument is the question's path, written as text.
  add('jr:choice-name', {
    fn: (value: string, reference: string) => {
      const steps = reference
        .trim()
        .replace(/^\/+|\/+$/g, '')
        .split('/');
      const info = index.byName.get(steps[steps.length - 1] ?? '');
      if (!info) return '';
      const choice = listChoices(definition, info.question).find((c) => c.name === value.trim());
      return choice ? textIn(choice.label, runtime.language) : '';
    },
    args: [{ t: 'string' }, { t: 'string' }],
    ret: 'string',
  });

  add('pulldata', {
    fn: (file: string, column: string, keyColumn: string, key: string) => {
      const table = attachedTableNamed(definition, file);
      if (!table) return '';
      const valueAt = table.columns.indexOf(column);
      const keyAt = table.columns.indexOf(keyColumn);
      if (valueAt < 0 || keyAt < 0) return '';
      return table.rows.find((row) => row[keyAt] === key)?.[valueAt] ?? '';
    },
    args: [{ t: 'string' }, { t: 'string' }, { t: 'string' }, { t: 'string' }],
    ret: 'string',
  });

  for (let levels = 1; levels <= MAX_INDEXED_REPEAT_LEVELS; levels++) {
    const args: { t: 'string' | 'number' }[] = [{ t: 'string' }];
    for (let l = 0; l < levels; l++) args.push({ t: 'string' }, { t: 'number' });
    add(`${INDEXED_REPEAT_FUNCTION}${levels}`, {
      fn: (target: string, ...pairs: (string | number)[]) => {
        const repeats: { path: string; index: number }[] = [];
        for (let p = 0; p < pairs.length; p += 2) {
          repeats.push({ path: String(pairs[p]), index: Number(pairs[p + 1]) });
        }
        return indexedRepeat(runtime.document, target, repeats);
      },
      args,
      ret: 'string',
    });
  }
}
