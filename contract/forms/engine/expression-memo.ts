import type { ExpressionInputs } from './expression-inputs';
import type { Instance, InstanceNode } from './instance';
import { localDate, offsetOf } from './metadata';

/*
 * Results of bind expressions kept across the evaluations of one engine (issue 14: an answer change must
 * cost ≤ 16 ms, and the evaluator re-parses an expression on each call). A result is stored per
 * expression and context node path with the signature of its inputs (expression-inputs.ts) as they were:
 * the values the instance showed of every node it reads, the context's own value, the language, the date
 * for today(). It is reused only when the signature read now is the same, so a result never outlives
 * its inputs, whatever changed in between: another round, another response (the server reuses engines),
 * repeat instances added or removed. Expressions without known inputs are evaluated every time.
 */

/** An evaluation that threw (the caller decides what that means for its bind). */
export const FAILED: unique symbol = Symbol('failed');
export type Outcome<T> = T | typeof FAILED;

/** An expression as the memo knows it (a bind, a choice filter's value): made once per engine, its identity is the key. */
export interface MemoisableBind {
  inputs?: ExpressionInputs | null | undefined;
}

export interface ExpressionMemo {
  /** The instance, language and clock of the evaluations that follow. */
  use(
    instance: Instance,
    context: { now: Date; utcOffset?: number | undefined; language?: string | undefined },
  ): void;
  /** `compute()`'s result for `b` at `node`, or the stored one when nothing it reads has changed. */
  result<T extends string | boolean>(
    b: MemoisableBind,
    mode: 'string' | 'boolean',
    node: InstanceNode,
    compute: () => T,
  ): Outcome<T>;
}

/*
 * Bounds for a long-lived engine (the server keeps one per published form version): past either, the
 * memo starts again empty. A 200-question form holds a few hundred entries of some tens of characters.
 */
const MAX_ENTRIES = 10_000;
const MAX_SIGNATURE_CHARS = 500_000;

interface Entry {
  signature: string;
  result: string | boolean | typeof FAILED;
}

/** Length-prefixed, so that no two lists of values make the same text. */
const part = (text: string) => `${text.length}:${text}`;

const attempt = <T>(compute: () => T): Outcome<T> => {
  try {
    return compute();
  } catch {
    return FAILED;
  }
};

export function createExpressionMemo(
  enabled = true,
  limits = { entries: MAX_ENTRIES, chars: MAX_SIGNATURE_CHARS },
): ExpressionMemo {
  const entries = new Map<MemoisableBind, Map<string, Entry>>();
  let size = 0;
  let chars = 0;
  let instance: Instance | undefined;
  let language = '';
  let day = '';

  /** What `inputs` read now, seen from `node`; null when that cannot be told (a container's own text). */
  const signature = ({ inputs, self, today }: ExpressionInputs, node: InstanceNode): string | null => {
    let s = today ? language + day : language;
    if (self) {
      if (!node.leaf) return null;
      s += part(node.shown);
    }
    for (const input of inputs) {
      if (input.kind === 'all') {
        const nodes = instance!.byQuestion.get(input.key) ?? [];
        s += `#${nodes.length}:`;
        for (const n of nodes) s += input.paths ? part(n.path) + part(n.shown) : part(n.shown);
      } else {
        let at: InstanceNode | null = node;
        while (at && at.names.length > input.depth) at = at.parent;
        const target = at ? instance!.byPath.get(`${at.path}/${input.rest}`) : undefined;
        s += target ? part(target.shown) : '-';
      }
    }
    return s;
  };

  /** Makes room for one more entry: past a bound, everything goes (the next results are computed anew). */
  const room = () => {
    if (size < limits.entries && chars < limits.chars) return;
    entries.clear();
    size = chars = 0;
  };

  return {
    use(next, context) {
      instance = next;
      language = context.language === undefined ? '-' : part(context.language);
      // today() is this machine's midnight of the date `now` has where the person filling is.
      day = part(localDate(context.now, offsetOf(context.now, context.utcOffset)));
    },
    result<T extends string | boolean>(
      b: MemoisableBind,
      mode: 'string' | 'boolean',
      node: InstanceNode,
      compute: () => T,
    ): Outcome<T> {
      const sig = enabled && b.inputs && instance ? signature(b.inputs, node) : null;
      if (sig === null) return attempt(compute);
      const key = mode === 'boolean' ? `b${node.path}` : `s${node.path}`;
      const previous = entries.get(b)?.get(key);
      // Stored by this same call (same expression, same mode): of the same type.
      if (previous?.signature === sig) return previous.result as Outcome<T>;
      const result = attempt(compute);
      if (previous) {
        chars += sig.length - previous.signature.length;
        previous.signature = sig;
        previous.result = result;
        return result;
      }
      room();
      let slots = entries.get(b);
      if (!slots) entries.set(b, (slots = new Map()));
      slots.set(key, { signature: sig, result });
      size++;
      chars += sig.length;
      return result;
    },
  };
}
