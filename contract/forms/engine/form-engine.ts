import type { Answers } from '../answers';
import { isSelectType, type FormDefinition, type Question } from '../definition';
import { bindEvaluator } from './bind-evaluator';
import { calculationOrder, compileBinds } from './binds';
import { createChoiceSource, filtersReadInstance } from './choice-filter';
import { createExpressionMemo } from './expression-memo';
import { indexForm } from './form-index';
import { collectAnswers, type FormState, type RepeatState } from './form-state';
import { buildInstance, MAX_REPEAT_INSTANCES, refillInstance, show, type Instance } from './instance';
import { metadataValue, type EvaluationContext } from './metadata';
import { checkNodes } from './node-checks';
import { createRunner } from './runner';
import type { XPathHost } from './xpath-host';

export type { EvaluationContext } from './metadata';
export type { FormError, FormState, NodeState, RepeatState } from './form-state';

/*
 * ODK's form logic over one response (issue 14, ADR 0036). Each evaluation builds the XML instance from
 * the answers, then, until nothing changes (a few rounds at most): calculations in dependency order,
 * repeat counts, relevance. A question that is not relevant reads as blank to every expression (as in
 * Enketo), so the page and the server, which receives only relevant answers, compute the same values.
 * Then required, read_only, type and constraint on what is relevant.
 *
 * An answer change must cost ≤ 16 ms on a phone (issue 14), so the engine carries work over between
 * evaluations: an expression's result while every value it reads is the same (expression-memo.ts), and
 * the instance while the answers make the same nodes, refilled rather than rebuilt. Neither changes a
 * result: incremental.test.ts drives both against an engine that starts from nothing each time.
 */

export interface FormEngine {
  readonly definition: FormDefinition;
  evaluate(answers: Answers, context: EvaluationContext): FormState;
  /** Names of the questions whose state may change when the answer to `name` does (transitively). */
  dependents(name: string): string[];
}

const MAX_ROUNDS = 6;
const MAX_CYCLIC_PASSES = 5;

export interface FormEngineOptions {
  /**
   * Carry work over from one evaluation to the next (on by default): expression results while what
   * they read is unchanged (expression-memo.ts), and the instance while the answers make the same
   * nodes. Off, each evaluation starts from nothing (what the incremental one is tested against).
   */
  incremental?: boolean;
}

export function createFormEngine(
  definition: FormDefinition,
  host: XPathHost,
  options: FormEngineOptions = {},
): FormEngine {
  const index = indexForm(definition);
  const binds = compileBinds(index);
  const runner = createRunner(host, definition, index);
  const calculations = calculationOrder(binds);
  const incremental = options.incremental !== false;
  const memo = createExpressionMemo(incremental);
  const choiceSource = createChoiceSource(definition, host, runner, binds, memo);
  const bindsOf = (q: Question) => binds.get(q)!;

  const { truth, text } = bindEvaluator(runner, memo);

  const initial = (context: EvaluationContext) => (question: Question, raw: string | undefined) => {
    if (question.type === 'note') return { value: '', pendingDefault: false };
    const metadata = metadataValue(question, context);
    if (metadata !== undefined) return { value: raw || metadata, pendingDefault: false };
    if (raw !== undefined) return { value: raw, pendingDefault: false };
    if (bindsOf(question).dynamicDefault) return { value: '', pendingDefault: true };
    return { value: question.default ?? '', pendingDefault: false };
  };

  /*
   * Instances kept for reuse, the latest first: building one is most of an evaluation's cost once the
   * memo spares the expressions (jsdom's elements are slow to make). Two, for an evaluation whose
   * repeat_count changes the instances builds two layouts. Old states do not read their instance once
   * their choice filters are settled, unless a filter calls indexed-repeat().
   */
  const spares: Instance[] = [];
  const maxSpares = incremental && !filtersReadInstance(binds) ? 2 : 0;

  const build = (answers: Answers, context: EvaluationContext, counts: ReadonlyMap<string, number>) => {
    const layout = { answers, counts, initial: initial(context) };
    const reused = spares.findIndex((spare) => refillInstance(spare, definition.questions, layout));
    const instance =
      reused >= 0 ? spares.splice(reused, 1)[0]! : buildInstance(host, definition.questions, layout);
    spares.unshift(instance);
    spares.length = Math.min(spares.length, maxSpares);
    runner.runtime.document = instance.document;
    memo.use(instance, context);
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

  /*
   * A repeat with no instance has no node to hold its relevance, yet the page must know whether to
   * offer 'Add'. Its `relevant` is evaluated where a first instance would stand: a probe element put
   * in place for the evaluation, then taken out.
   */
  const repeatStates = (instance: Instance): RepeatState[] =>
    instance.slots.map((slot) => {
      const shown = slot.parent ? slot.parent.relevant : true;
      const first = instance.byPath.get(`${slot.key}[1]`);
      if (first) return { path: slot.key, count: slot.count, relevant: first.relevant };
      const b = bindsOf(slot.question).relevant;
      let relevant = shown;
      if (shown && b?.kind === 'constant') relevant = b.value;
      else if (shown && b?.kind === 'xpath') {
        const probe = instance.document.createElement(slot.question.name);
        slot.parentElement.appendChild(probe);
        try {
          relevant = runner.boolean(b.xpath, probe);
        } catch {
          relevant = true;
        } finally {
          slot.parentElement.removeChild(probe);
        }
      }
      return { path: slot.key, count: slot.count, relevant };
    });

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
      runner.runtime.utcOffset = context.utcOffset;
      runner.runtime.language = context.language;
      let counts: ReadonlyMap<string, number> = new Map();
      let instance = build(answers, context, counts);
      let settled = false;
      for (let round = 0; round < MAX_ROUNDS && !settled; round++) {
        calculate(instance);
        const wanted = repeatCounts(instance, counts);
        if (wanted) {
          counts = wanted;
          instance = build(answers, context, counts);
          continue;
        }
        settled = !applyRelevance(instance);
      }
      // Values that keep changing (expressions reading each other) stop at the cap, still given a relevance.
      if (!settled) applyRelevance(instance);
      const choices = choiceSource();
      const { nodes, errors } = checkNodes(instance, bindsOf, { truth }, choices, context.language);
      choices.settle(instance.nodes);
      const final = instance;
      return {
        nodes,
        errors,
        answers: collectAnswers(instance.nodes, false),
        submission: collectAnswers(instance.nodes, true),
        repeats: repeatStates(instance),
        choicesFor(path) {
          const node = final.byPath.get(path);
          if (!node || !isSelectType(node.question.type)) return [];
          // Another evaluation may have run since: read this state's instance (what a settled filter may
          // still read, see `spares`), clock and language.
          runner.runtime.document = final.document;
          runner.runtime.now = context.now;
          runner.runtime.utcOffset = context.utcOffset;
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
