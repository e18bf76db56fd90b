import type { Answers } from '@contract/forms/answers';
import type { Choice, FormDefinition } from '@contract/forms/definition';
import { browserXPathHost } from '@contract/forms/engine/browser-host';
import { createFormEngine, type FormError, type NodeState } from '@contract/forms/engine/form-engine';

/*
 * The fill page's side of the form engine (ADR 0036): the browser's own XPath and XML DOM under
 * openrosa-xpath-evaluator (loaded with the first form opened), the same engine the server validates
 * with over jsdom. The page reads nodes by path, so each evaluation's nodes are indexed once.
 */

export interface FillState {
  errors: readonly FormError[];
  /** What the response sends: the answers as filled, calculations included. */
  answers: Answers;
  node(path: string): NodeState | undefined;
  /** How many instances the repeat at `path` (no index on its last step) has. */
  instances(path: string): number;
  choicesFor(path: string): Choice[];
}

export interface FillEngine {
  evaluate(
    answers: Answers,
    context: { language?: string | undefined; username?: string | undefined },
  ): FillState;
  choicesFor(path: string, state: FillState): Choice[];
}

export async function loadFillEngine(definition: FormDefinition): Promise<FillEngine> {
  const engine = createFormEngine(definition, await browserXPathHost());
  return {
    evaluate(answers, { language, username }) {
      const state = engine.evaluate(answers, {
        now: new Date(),
        ...(language !== undefined && { language }),
        metadata: username ? { username } : {},
      });
      const byPath = new Map(state.nodes.map((n) => [n.path, n]));
      const counts = new Map<string, number>();
      for (const n of state.nodes) {
        const m = /^(.*)\[(\d+)\]$/.exec(n.path);
        if (m && n.question.type === 'repeat')
          counts.set(m[1]!, Math.max(counts.get(m[1]!) ?? 0, Number(m[2])));
      }
      return {
        errors: state.errors,
        answers: state.answers,
        node: (path) => byPath.get(path),
        instances: (path) => counts.get(path) ?? 0,
        choicesFor: (path) => state.choicesFor(path),
      };
    },
    choicesFor: (path, state) => state.choicesFor(path),
  };
}
