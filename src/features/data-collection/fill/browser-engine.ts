import type { Answers } from '@contract/forms/answers';
import type { Choice, FormDefinition } from '@contract/forms/definition';
import { browserXPathHost } from '@contract/forms/engine/browser-host';
import { createFormEngine, type FormError, type NodeState } from '@contract/forms/engine/form-engine';

/*
 * The fill page's side of the form engine (ADR 0036): the browser's own XPath and XML DOM under
 * openrosa-xpath-evaluator (loaded with the first form opened), the same engine the server validates
 * with over jsdom. The page reads nodes by path, so each evaluation's nodes are indexed once.
 */

/** The name of the User Timing measure each evaluation leaves (bench:forms reads it). */
export const FORM_EVALUATE_MEASURE = 'form-evaluate';

export interface FillState {
  errors: readonly FormError[];
  /** What the response sends: the answers as filled, calculations included. */
  answers: Answers;
  node(path: string): NodeState | undefined;
  /** The repeat at `path` (no index on its last step): its instance count and whether it is shown. */
  repeat(path: string): { count: number; relevant: boolean };
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
      const started = performance.now();
      const state = engine.evaluate(answers, {
        now: new Date(),
        ...(language !== undefined && { language }),
        metadata: username ? { username } : {},
      });
      // A User Timing entry per evaluation: what bench:forms reads against the 16 ms budget.
      performance.measure(FORM_EVALUATE_MEASURE, { start: started, end: performance.now() });
      const byPath = new Map(state.nodes.map((n) => [n.path, n]));
      const repeats = new Map(state.repeats.map((r) => [r.path, r]));
      return {
        errors: state.errors,
        answers: state.answers,
        node: (path) => byPath.get(path),
        repeat: (path) => repeats.get(path) ?? { count: 0, relevant: false },
        choicesFor: (path) => state.choicesFor(path),
      };
    },
    choicesFor: (path, state) => state.choicesFor(path),
  };
}
