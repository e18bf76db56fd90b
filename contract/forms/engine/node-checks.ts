import { textIn, type Question } from '../definition';
import type { BindEvaluator } from './bind-evaluator';
import type { QuestionBinds } from './binds';
import type { ChoiceResolver } from './choice-filter';
import type { FormError, NodeState } from './form-state';
import type { Instance, InstanceNode } from './instance';
import { typeProblem } from './value-types';

const REQUIRED = 'This question is required.';
const NOT_ALLOWED = 'This answer is not allowed.';

/**
 * Each node's state once values and relevance have settled: read_only (inherited from groups), and for
 * relevant answers, required, then type, then constraint (the last two only on a non-empty answer).
 */
export function checkNodes(
  instance: Instance,
  bindsOf: (q: Question) => QuestionBinds,
  { truth }: Pick<BindEvaluator, 'truth'>,
  choices: ChoiceResolver,
  language: string | undefined,
) {
  const nodes: NodeState[] = [];
  const errors: FormError[] = [];
  const readOnly = new Map<InstanceNode, boolean>();
  for (const node of instance.nodes) {
    const q = node.question;
    const state: NodeState = {
      path: node.path,
      question: q,
      relevant: node.relevant,
      required: false,
      readOnly: false,
      value: node.leaf ? node.value : '',
    };
    nodes.push(state);
    if (!node.relevant) continue;
    const b = bindsOf(q);
    state.readOnly =
      (node.parent ? readOnly.get(node.parent) === true : false) ||
      !!b.calculation ||
      truth(b.readOnly, node, false, false);
    readOnly.set(node, state.readOnly);
    if (!node.leaf || q.type === 'note') continue;
    state.required = truth(b.required, node, false, false);
    let error: FormError | undefined;
    if (node.value.trim() === '') {
      if (state.required) {
        error = {
          path: node.path,
          kind: 'required',
          message: textIn(q.requiredMessage, language) || REQUIRED,
        };
      }
    } else {
      const wrongType = b.calculation ? null : typeProblem(q, node.value, (n) => choices.allows(node, n));
      if (wrongType) error = { path: node.path, kind: 'type', message: wrongType };
      else if (!truth(b.constraint, node, true, false)) {
        error = {
          path: node.path,
          kind: 'constraint',
          message: textIn(q.constraintMessage, language) || NOT_ALLOWED,
        };
      }
    }
    if (error) {
      state.error = error.message;
      errors.push(error);
    }
  }
  return { nodes, errors };
}
