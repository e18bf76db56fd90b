import type { Answers } from '@contract/forms/answers';

/*
 * Answers are addressed by the engine's node paths: names from the form's root, a repeat instance
 * numbered from 1 ('household/member[2]/age'). Every change returns new objects along the path only,
 * so React sees what changed and the rest is shared.
 */

interface Step {
  name: string;
  /** 0-based repeat instance, when the step is one. */
  index?: number;
}

function stepsOf(path: string): Step[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const m = /^(.+)\[(\d+)\]$/.exec(part);
      return m ? { name: m[1]!, index: Number(m[2]) - 1 } : { name: part };
    });
}

function update(answers: Answers, steps: readonly Step[], change: (value: unknown) => unknown): Answers {
  const [step, ...rest] = steps;
  if (!step) return answers;
  const current: unknown = answers[step.name];
  if (step.index === undefined) {
    const next =
      rest.length === 0 ? change(current) : update(isAnswers(current) ? current : {}, rest, change);
    return { ...answers, [step.name]: next as Answers[string] };
  }
  const list = Array.isArray(current) ? [...(current as Answers[])] : [];
  while (list.length <= step.index) list.push({});
  list[step.index] =
    rest.length === 0 ? (change(list[step.index]) as Answers) : update(list[step.index]!, rest, change);
  return { ...answers, [step.name]: list };
}

const isAnswers = (v: unknown): v is Answers => !!v && typeof v === 'object' && !Array.isArray(v);

/** The text answer at `path` ('' when unanswered). */
export function answerAt(answers: Answers, path: string): string {
  let node: unknown = answers;
  for (const step of stepsOf(path)) {
    if (!isAnswers(node)) return '';
    node = node[step.name];
    if (step.index !== undefined) node = Array.isArray(node) ? node[step.index] : undefined;
  }
  return typeof node === 'string' ? node : '';
}

export function setAnswer(answers: Answers, path: string, value: string): Answers {
  return update(answers, stepsOf(path), () => value);
}

/** How many instances a repeat holds in the answers. */
export function repeatCount(answers: Answers, repeatPath: string): number {
  const steps = stepsOf(repeatPath);
  const last = steps.pop();
  if (!last) return 0;
  let node: unknown = answers;
  for (const step of steps) {
    if (!isAnswers(node)) return 0;
    node = node[step.name];
    if (step.index !== undefined) node = Array.isArray(node) ? node[step.index] : undefined;
  }
  const list = isAnswers(node) ? node[last.name] : undefined;
  return Array.isArray(list) ? list.length : 0;
}

/** Appends an empty instance to the repeat at `repeatPath` (a path without an index on its last step). */
export function addRepeatInstance(answers: Answers, repeatPath: string): Answers {
  const steps = stepsOf(repeatPath);
  const last = steps.pop();
  if (!last) return answers;
  const append = (parent: unknown): Answers => {
    const node = isAnswers(parent) ? parent : {};
    const list = Array.isArray(node[last.name]) ? [...(node[last.name] as Answers[])] : [];
    return { ...node, [last.name]: [...list, {}] };
  };
  if (steps.length === 0) return append(answers);
  return update(answers, steps, append);
}

/** Removes instance `index` (1-based, as in paths) of the repeat at `repeatPath`. */
export function removeRepeatInstance(answers: Answers, repeatPath: string, index: number): Answers {
  const steps = stepsOf(repeatPath);
  const last = steps.pop();
  if (!last) return answers;
  const drop = (parent: unknown): Answers => {
    const node = isAnswers(parent) ? parent : {};
    const list = Array.isArray(node[last.name]) ? [...(node[last.name] as Answers[])] : [];
    list.splice(index - 1, 1);
    return { ...node, [last.name]: list };
  };
  if (steps.length === 0) return drop(answers);
  return update(answers, steps, drop);
}
