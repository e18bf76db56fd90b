import { describe, expect, it } from 'vitest';
import type { Answers } from '../answers';
import { isSelectType, type FormDefinition, type Question } from '../definition';
import { createFormEngine, type FormState } from './form-engine';
import { incrementalForms, generatedForm } from './incremental-test-forms';
import { jsdomTestHost } from './jsdom-test-host';
import { NOW } from './test-forms';
import type { XPathHost } from './xpath-host';

/*
 * Carrying work over between evaluations (results kept by expression-memo.ts, the instance refilled
 * rather than rebuilt) must never change a result. An engine that does is driven through a seeded
 * random sequence of answer changes (values set and cleared, repeat instances added and removed, whole
 * responses swapped as on the server, language and clock changed) beside one that starts from nothing
 * each time (`incremental: false`); their states must be equal at every step, choices included.
 */

const host = await jsdomTestHost();

/** The host, counting the evaluator's calls (to show that the memo is not idle). */
function countingHost(): { host: XPathHost; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    host: {
      createDocument: host.createDocument,
      openrosaXPath: () => {
        const inner = host.openrosaXPath();
        return {
          customXPathFunction: inner.customXPathFunction,
          evaluate: (...args: Parameters<typeof inner.evaluate>) => {
            calls++;
            return inner.evaluate(...args);
          },
        };
      },
    },
  };
}

/** mulberry32: small, seeded, the same sequence everywhere. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const isAnswers = (v: unknown): v is Answers => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Slot {
  holder: Answers;
  question: Question;
  inRepeat: boolean;
}

/** Every question that takes a value, and every repeat, in the answers as they stand. */
function slots(
  questions: readonly Question[],
  holder: Answers,
  out: { leaves: Slot[]; repeats: Slot[] },
  inRepeat = false,
) {
  for (const question of questions) {
    const children = question.children ?? [];
    if (question.type === 'group') {
      if (!isAnswers(holder[question.name])) holder[question.name] = {};
      slots(children, holder[question.name] as Answers, out, inRepeat);
    } else if (question.type === 'repeat') {
      out.repeats.push({ holder, question, inRepeat });
      const list = holder[question.name];
      if (Array.isArray(list)) for (const item of list) slots(children, item, out, true);
    } else {
      out.leaves.push({ holder, question, inRepeat });
    }
  }
}

function valuesFor(question: Question, definition: FormDefinition, counts: ReadonlySet<string>): string[] {
  if (counts.has(question.name)) return ['', '0', '1', '2', '2', '3', '3', '4', 'x'];
  const names = (definition.choices[question.listName ?? ''] ?? []).map((c) => c.name);
  switch (question.type) {
    case 'select_one':
    case 'select_one_from_file':
      return ['', ...names, 't1', 't2', 'zz'];
    case 'select_multiple':
    case 'select_multiple_from_file':
      return ['', ...names, names.slice(0, 2).join(' '), names.slice(1, 5).join(' '), 't1 t2', 'zz'];
    case 'integer':
      return ['', '0', '2', '5', '17', '18', '40', '130', '950', '-1', 'x'];
    case 'decimal':
      return ['', '1.5', '12.5', '200'];
    case 'date':
      return ['', '2020-01-01', '1900-01-01', '2026-11-27', '2026-11-28', '2030-01-01', 'soon'];
    default:
      return ['', 'a', 'skip', 'yes', 'no', 'Ada', 'ABC', 'north', 'south', `it's "x"`];
  }
}

/** Each select's choices, by path. */
function choicesOf(state: FormState) {
  const choices: Record<string, string[]> = {};
  for (const n of state.nodes) {
    if (isSelectType(n.question.type)) choices[n.path] = state.choicesFor(n.path).map((c) => c.name);
  }
  return choices;
}

function snapshot(state: FormState) {
  const { nodes, errors, answers, submission, repeats } = state;
  return { nodes, errors, answers, submission, repeats };
}

const DAY = 24 * 60 * 60 * 1000;
const CLOCKS = [
  NOW,
  new Date(NOW.getTime() + 60_000),
  new Date(NOW.getTime() + DAY),
  new Date(2026, 10, 26, 23),
];

/** Drives both engines through `steps` random changes; returns the evaluator calls of each. */
function compare(definition: FormDefinition, steps: number, seed: number) {
  const memoised = countingHost();
  const plain = countingHost();
  const engine = createFormEngine(definition, memoised.host);
  const reference = createFormEngine(definition, plain.host, { incremental: false });
  const counts = new Set<string>();
  for (const q of definition.questions.flatMap(function all(q: Question): Question[] {
    return [q, ...(q.children ?? []).flatMap(all)];
  })) {
    const ref = /^\s*\$\{(\w+)\}\s*$/.exec(q.repeatCount ?? '');
    if (ref) counts.add(ref[1]!);
  }
  const rng = random(seed);
  const languages = [undefined, ...definition.languages];
  let answers: Answers = {};
  const saved: Answers[] = [{}];
  let language: string | undefined;
  let now = NOW;
  /** The evaluator's calls during evaluations (not while choices are listed). */
  const calls = { memoised: 0, plain: 0 };
  let previous: { state: FormState; choices: ReturnType<typeof choicesOf>; what: string } | undefined;
  for (let step = 0; step < steps; step++) {
    const leaves: Slot[] = [];
    const repeats: Slot[] = [];
    slots(definition.questions, answers, { leaves, repeats });
    // Half the changes go to repeats and their counts, a few questions among many in the big form.
    const repeated = leaves.filter((l) => l.inRepeat || counts.has(l.question.name));
    const target = () => rng.pick(repeated.length && rng.next() < 0.5 ? repeated : leaves);
    const roll = rng.next();
    let change: string;
    if (roll < 0.55 && leaves.length) {
      const { holder, question } = target();
      holder[question.name] = rng.pick(valuesFor(question, definition, counts));
      change = `set ${question.name}=${JSON.stringify(holder[question.name])}`;
    } else if (roll < 0.68 && leaves.length) {
      const { holder, question } = target();
      delete holder[question.name];
      change = `clear ${question.name}`;
    } else if (roll < 0.78 && repeats.length) {
      const { holder, question } = rng.pick(repeats);
      const list = Array.isArray(holder[question.name]) ? (holder[question.name] as Answers[]) : [];
      if (list.length < 5) list.splice(Math.floor(rng.next() * (list.length + 1)), 0, {});
      holder[question.name] = list;
      change = `add ${question.name}`;
    } else if (roll < 0.86 && repeats.length) {
      const { holder, question } = rng.pick(repeats);
      const list = holder[question.name];
      if (Array.isArray(list) && list.length) list.splice(Math.floor(rng.next() * list.length), 1);
      change = `remove ${question.name}`;
    } else if (roll < 0.91) {
      language = rng.pick(languages);
      change = `language ${language}`;
    } else if (roll < 0.96) {
      now = rng.pick(CLOCKS);
      change = `clock ${now.toISOString()}`;
    } else {
      // Another response through the same engine, as on the server.
      saved.push(structuredClone(answers));
      answers = structuredClone(rng.pick(saved));
      change = 'another response';
    }
    const context = { now, ...(language !== undefined && { language }), metadata: { username: 'ada' } };
    const before = [memoised.calls(), plain.calls()] as const;
    const state = engine.evaluate(structuredClone(answers), context);
    const wanted = reference.evaluate(structuredClone(answers), context);
    calls.memoised += memoised.calls() - before[0];
    calls.plain += plain.calls() - before[1];
    const what = `step ${step} (${change}) of ${JSON.stringify(answers)}`;
    expect(snapshot(state), what).toStrictEqual(snapshot(wanted));
    // The engine reuses the instance: a state's choices, first listed after the next evaluation, must be its own.
    if (previous) expect(choicesOf(previous.state), previous.what).toStrictEqual(previous.choices);
    previous = { state, choices: choicesOf(wanted), what };
  }
  if (previous) expect(choicesOf(previous.state), previous.what).toStrictEqual(previous.choices);
  return calls;
}

describe('incremental evaluation', () => {
  for (const [name, definition] of Object.entries(incrementalForms)) {
    it(`keeps every state equal to a full evaluation's: ${name}`, () => {
      const calls = compare(definition, 250, 14);
      expect(calls.memoised).toBeLessThanOrEqual(calls.plain);
    });
  }

  it('tells nested repeat instances apart when the same values stand elsewhere', () => {
    const engine = createFormEngine(incrementalForms.nested!, host);
    const hh = (...kids: string[][]) =>
      kids.map((ages) => ({ kids: String(ages.length), child: ages.map((cage) => ({ cage })) }));
    engine.evaluate({ hh: hh(['3', '5'], ['7']) }, { now: NOW });
    // The same ages in the same order, the first household's second child now the second's first.
    const state = engine.evaluate({ hh: hh(['3'], ['5', '7']) }, { now: NOW });
    expect(state.answers.hh).toMatchObject([{ kid_ages: '3' }, { kid_ages: '12' }]);
  });

  it("keeps every state equal to a full evaluation's: the 200-question form with a repeat", () => {
    const calls = compare(generatedForm(), 200, 36);
    // Most expressions read none of the answer that changed: the memo spares most evaluations.
    expect(calls.memoised).toBeLessThan(calls.plain / 3);
  });
});
