import { ANY_TYPE } from './xpath-host';

/*
 * jsdom's XPath as openrosa-xpath-evaluator needs it (the server's host, and the tests'):
 *
 * - its XPathExpression.evaluate(node) throws without a result type, where browsers default to any; the
 *   evaluator omits it for a path after a predicate (`/data/rep[2]/x`);
 * - it is slow on wide documents: `/data/q1` costs about 0.3 ms among 200 siblings and 2.7 ms among 800
 *   (measured), where a form needs 150 such evaluations per change. The evaluator hands the DOM's
 *   evaluator only fragments, mostly plain paths of child steps (`/data/a/b`, `../x`, `.`), so those are
 *   walked here; anything else (a predicate, an axis, a function) goes to jsdom.
 */

interface DomNode {
  readonly nodeName: string;
  readonly parentNode: DomNode | null;
  readonly firstElementChild?: DomNode | null;
  readonly nextElementSibling?: DomNode | null;
  readonly ownerDocument?: DomNode | null;
  readonly documentElement?: DomNode | null;
}

interface XPathExpressionLike {
  evaluate(contextNode: unknown, type?: number, result?: unknown): unknown;
}

export interface XPathEvaluatorLike {
  evaluate(
    expression: string,
    contextNode: unknown,
    resolver: unknown,
    type?: number,
    result?: unknown,
  ): unknown;
  createExpression(expression: string, resolver: unknown): XPathExpressionLike;
}

const UNORDERED_NODE_ITERATOR_TYPE = 4;
const PLAIN_PATH = /^\/?(?:\.\.?|[A-Za-z_][\w.-]*)(?:\/(?:\.\.?|[A-Za-z_][\w.-]*))*$/;

/** The nodes a plain path selects, in document order; null when the path is not plain. */
function walk(expression: string, context: DomNode): DomNode[] | null {
  const path = expression.trim();
  if (!PLAIN_PATH.test(path)) return null;
  const steps = path.split('/');
  let nodes: DomNode[];
  if (steps[0] === '') {
    steps.shift();
    const document = context.ownerDocument ?? context;
    const root = document.documentElement;
    if (!root) return [];
    const first = steps.shift();
    nodes = first === root.nodeName ? [root] : first === undefined ? [document] : [];
  } else {
    nodes = [context];
  }
  for (const step of steps) {
    if (step === '.') continue;
    if (step === '..') {
      const parents: DomNode[] = [];
      for (const n of nodes) if (n.parentNode && !parents.includes(n.parentNode)) parents.push(n.parentNode);
      nodes = parents;
      continue;
    }
    const next: DomNode[] = [];
    for (const n of nodes) {
      for (let c = n.firstElementChild ?? null; c; c = c.nextElementSibling ?? null) {
        if (c.nodeName === step) next.push(c);
      }
    }
    nodes = next;
  }
  return nodes;
}

function nodeSet(nodes: DomNode[]) {
  let at = 0;
  return { resultType: UNORDERED_NODE_ITERATOR_TYPE, iterateNext: () => nodes[at++] ?? null };
}

/** Wraps jsdom's XPathEvaluator constructor as described above. */
export function jsdomXPathEvaluator(Evaluator: new () => XPathEvaluatorLike): new () => XPathEvaluatorLike {
  return class JsdomXPathEvaluator implements XPathEvaluatorLike {
    readonly #inner = new Evaluator();
    evaluate(
      expression: string,
      contextNode: unknown,
      resolver: unknown,
      type = ANY_TYPE,
      result: unknown = null,
    ) {
      const nodes = type === ANY_TYPE ? walk(expression, contextNode as DomNode) : null;
      return nodes ? nodeSet(nodes) : this.#inner.evaluate(expression, contextNode, resolver, type, result);
    }
    createExpression(expression: string, resolver: unknown): XPathExpressionLike {
      let compiled: XPathExpressionLike | undefined;
      return {
        evaluate: (node, type = ANY_TYPE, result = null) => {
          const nodes = type === ANY_TYPE ? walk(expression, node as DomNode) : null;
          if (nodes) return nodeSet(nodes);
          compiled ??= this.#inner.createExpression(expression, resolver);
          return compiled.evaluate(node, type, result);
        },
      };
    }
  };
}
