import type { Bind } from './binds';
import { FAILED, type ExpressionMemo } from './expression-memo';
import type { InstanceNode } from './instance';
import type { Runner } from './runner';

export interface BindEvaluator {
  /**
   * `absent` when there is no expression; `onError` when it fails to evaluate (the engine picks what
   * keeps the question visible and answerable).
   */
  truth(b: Bind | undefined, node: InstanceNode, absent: boolean, onError: boolean): boolean;
  /** '' when the expression fails to evaluate. */
  text(b: Bind, node: InstanceNode): string;
}

/** A question's expressions evaluated with its node as context node, through the engine's memo. */
export function bindEvaluator(runner: Runner, memo: ExpressionMemo): BindEvaluator {
  const truth = (b: Bind | undefined, node: InstanceNode, absent: boolean, onError: boolean): boolean => {
    if (!b) return absent;
    if (b.kind === 'constant') return b.value;
    if (b.kind === 'broken') return onError;
    const result = memo.result(b, 'boolean', node, () => runner.boolean(b.xpath, node.element));
    return result === FAILED ? onError : result;
  };
  const text = (b: Bind, node: InstanceNode): string => {
    if (b.kind !== 'xpath') return '';
    const result = memo.result(b, 'string', node, () => runner.string(b.xpath, node.element));
    return result === FAILED ? '' : result;
  };
  return { truth, text };
}
