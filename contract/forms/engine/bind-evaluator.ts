import type { Bind } from './binds';
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

/** A question's expressions evaluated with its node as context node. */
export function bindEvaluator(runner: Runner): BindEvaluator {
  const truth = (b: Bind | undefined, node: InstanceNode, absent: boolean, onError: boolean): boolean => {
    if (!b) return absent;
    if (b.kind === 'constant') return b.value;
    if (b.kind === 'broken') return onError;
    try {
      return runner.boolean(b.xpath, node.element);
    } catch {
      return onError;
    }
  };
  const text = (b: Bind, node: InstanceNode): string => {
    if (b.kind !== 'xpath') return '';
    try {
      return runner.string(b.xpath, node.element);
    } catch {
      return '';
    }
  };
  return { truth, text };
}
