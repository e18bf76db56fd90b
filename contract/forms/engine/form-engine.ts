import type { Answers } from '../answers';
import { isSelectType, textIn, type FormDefinition, type Question } from '../definition';
import { calculationOrder, compileBinds, type Bind } from './binds';
import { createChoiceSource, type ChoiceResolver } from './choice-filter';
import { indexForm } from './form-index';
import { collectAnswers, type FormError, type FormState, type NodeState } from './form-state';
import { buildInstance, MAX_REPEAT_INSTANCES, show, type Instance, type InstanceNode } from './instance';
import { metadataValue, type EvaluationContext } from './metadata';
import { createRunner } from './runner';
import { typeProblem } from './value-types';
import type { XPathHost } from './xpath-host';

export type { EvaluationContext } from './metadata';
export type { FormError, FormState, NodeState } from './form-state';

/*
 * ODK's form logic over one response (issue 14, ADR 0036). Each evaluation builds the XML instance from
 * the answers, then, until nothing changes (a few rounds at most): calculations in dependency order,
 * repeat counts, relevance. A question that is not relevant reads as blank to every expression (as in
 * Enketo), so the page and the server, which receives only relevant answers, compute the same values.
 * Then required, read_only, type and constraint on what is relevant.
 */

export interface FormEngine {
  readonly definition: FormDefinition;
  evaluate(answers: Answers, context: EvaluationContext): FormState;
  /** Names of the questions whose state may change when the answer to `name` does (transitively). */
  dependents(name: string): string[];
}

const MAX_ROUNDS = 6;
const MAX_CYCLIC_PASSES = 5;
const REQUIRED = 'This question is required.';
const NOT_ALLOWED = 'This answer is not allowed.';

export function createFormEngine(definition: FormDefinition, host: XPathHost): FormEngine {
  const index = indexForm(definition);
  const binds = compileBinds(index);
  const runner = createRunner(host, definition, index);
  const calculations = calculationOrder(binds);
  const choiceSource = createChoiceSource(definition, host, runner, binds);
  const bindsOf = (q: Question) => binds.get(q)!;

  // What an expression that fails to evaluate counts as: the question stays visible and answerable.
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

  const initial = (context: EvaluationContext) => (question: Question, raw: string | undefined) => {
    if (question.type === 'note') return { value: '', pendingDefault: false };
    const metadata = metadataValue(question, context);
    if (metadata !== undefined) return { value: raw || metadata, pendingDefault: false };
    if (raw !== undefined) return { value: raw, pendingDefault: false };
    if (bindsOf(question).dynamicDefault) return { value: '', pendingDefault: true };
    return { value: question.default ?? '', pendingDefault: false };
  };

  const build = (answers: Answers, context: EvaluationContext, counts: ReadonlyMap<string, number>) => {
    const instance = buildInstance(host, definition.questions, {
      answers,
      counts,
      initial: initial(context),
    });
    runner.runtime.document = instance.document;
    for (const node of instance.nodes) {
      if (!node.pendingDefault) continue;
      node.value = text(bindsOf(node.question).dynamicDefault!, node);
      show(node, node.value);
    }
    return instance;
  };

  const calculate = (instance: Instance) => {
    const passes = calculations.cyclic ? MAX_CYCLIC_PASSES : 1;
    for (let pass = 0; pass < passes; pass++) {
      let changed = false;
      for (const b of calculations.order) {
        for (const node of instance.byQuestion.get(b.info.key) ?? []) {
          const value = text(b.calculation!, node);
          if (value === node.value) continue;
          node.value = value;
          show(node, node.relevant ? value : '');
          changed = true;
        }
      }
      if (!changed) break;
    }
  };

  /** New counts when a repeat_count differs from the instance's, else null. */
  const repeatCounts = (instance: Instance, counts: ReadonlyMap<string, number>) => {
    let changed: Map<string, number> | null = null;
    for (const slot of instance.slots) {
      const b = bindsOf(slot.question).repeatCount;
      if (!b || b.kind !== 'xpath') continue;
      let n = NaN;
      try {
        n = runner.number(b.xpath, slot.parentElement);
      } catch {
        // counts as 0
      }
      const count = Number.isFinite(n) ? Math.max(0, Math.min(MAX_REPEAT_INSTANCES, Math.floor(n))) : 0;
      if (count !== slot.count) (changed ??= new Map(counts)).set(slot.key, count);
    }
    return changed;
  };

  /** Relevance in form order (a container's first); true when what an element holds changed. */
  const applyRelevance = (instance: Instance) => {
    let changed = false;
    for (const node of instance.nodes) {
      const parentRelevant = node.parent ? node.parent.relevant : true;
      node.relevant = parentRelevant && truth(bindsOf(node.question).relevant, node, true, true);
      if (node.leaf && show(node, node.relevant ? node.value : '')) changed = true;
    }
    return changed;
  };

  const check = (instance: Instance, choices: ChoiceResolver, language: string | undefined) => {
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
  };

  const dependentsOf = new Map<string, Set<string>>();
  for (const b of binds.values()) {
    for (const ref of b.refs) {
      let set = dependentsOf.get(ref);
      if (!set) dependentsOf.set(ref, (set = new Set()));
      set.add(b.info.question.name);
    }
  }

  return {
    definition,
    evaluate(answers, context) {
      runner.runtime.now = context.now;
      runner.runtime.language = context.language;
      let counts: ReadonlyMap<string, number> = new Map();
      let instance = build(answers, context, counts);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        calculate(instance);
        const wanted = repeatCounts(instance, counts);
        if (wanted) {
          counts = wanted;
          instance = build(answers, context, counts);
          continue;
        }
        if (!applyRelevance(instance)) break;
      }
      const choices = choiceSource();
      const { nodes, errors } = check(instance, choices, context.language);
      const final = instance;
      return {
        nodes,
        errors,
        answers: collectAnswers(instance.nodes, false),
        submission: collectAnswers(instance.nodes, true),
        choicesFor(path) {
          const node = final.byPath.get(path);
          if (!node || !isSelectType(node.question.type)) return [];
          // Another evaluation may have run since: read this state's instance, clock and language.
          runner.runtime.document = final.document;
          runner.runtime.now = context.now;
          runner.runtime.language = context.language;
          return choices.filtered(node);
        },
      };
    },
    dependents(name) {
      const seen = new Set<string>();
      const queue = [name];
      while (queue.length) {
        for (const next of dependentsOf.get(queue.pop()!) ?? []) {
          if (next !== name && !seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      return [...seen];
    },
  };
}
