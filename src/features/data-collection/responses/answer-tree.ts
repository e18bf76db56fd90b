import type { Answers } from '@contract/forms/answers';
import type { Choice, FormDefinition, Question } from '@contract/forms/definition';
import { questionLabel } from './form-questions';

/*
 * A response's answers laid out along the form: groups as sections, repeats as numbered instances,
 * each answer with its question, addressed by the engine's node path ('member[2]/name', what the
 * server's field errors name). Answers the definition does not know (asked by an older version) are
 * listed apart, so nothing stored goes unseen.
 */

export type AnswerNode =
  | { kind: 'answer'; path: string; question: Question; choices: readonly Choice[]; value: string }
  | { kind: 'group'; path: string; question: Question; children: AnswerNode[] }
  | { kind: 'repeat'; path: string; question: Question; instances: AnswerNode[][] };

const isAnswers = (v: unknown): v is Answers => !!v && typeof v === 'object' && !Array.isArray(v);
const join = (prefix: string, name: string) => (prefix ? `${prefix}/${name}` : name);

function nodesOf(
  questions: readonly Question[],
  answers: Answers,
  prefix: string,
  choices: FormDefinition['choices'],
): AnswerNode[] {
  const out: AnswerNode[] = [];
  for (const question of questions) {
    const path = join(prefix, question.name);
    const value = answers[question.name];
    if (question.type === 'group') {
      out.push({
        kind: 'group',
        path,
        question,
        children: nodesOf(question.children ?? [], isAnswers(value) ? value : {}, path, choices),
      });
    } else if (question.type === 'repeat') {
      const list = Array.isArray(value) ? value : [];
      out.push({
        kind: 'repeat',
        path,
        question,
        instances: list.map((instance, i) =>
          nodesOf(question.children ?? [], isAnswers(instance) ? instance : {}, `${path}[${i + 1}]`, choices),
        ),
      });
    } else if (question.type !== 'note') {
      out.push({
        kind: 'answer',
        path,
        question,
        choices: (question.listName && choices[question.listName]) || [],
        value: typeof value === 'string' ? value : '',
      });
    }
  }
  return out;
}

export function answerTree(definition: FormDefinition, answers: Answers): AnswerNode[] {
  return nodesOf(definition.questions, answers, '', definition.choices);
}

/** Every text answer by node path: 'village', 'member[2]/name'. */
export function flattenAnswers(answers: unknown, prefix = '', out = new Map<string, string>()) {
  if (!isAnswers(answers)) return out;
  for (const [name, value] of Object.entries(answers)) {
    const path = join(prefix, name);
    if (typeof value === 'string') out.set(path, value);
    else if (Array.isArray(value)) value.forEach((v, i) => flattenAnswers(v, `${path}[${i + 1}]`, out));
    else flattenAnswers(value, path, out);
  }
  return out;
}

/** The answers stored that the definition has no question for (an older version's), by node path. */
export function unknownAnswers(definition: FormDefinition, answers: Answers): [string, string][] {
  const known = new Set<string>();
  const walk = (nodes: AnswerNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'answer') known.add(node.path);
      else if (node.kind === 'group') walk(node.children);
      else node.instances.forEach(walk);
    }
  };
  walk(answerTree(definition, answers));
  return [...flattenAnswers(answers)].filter(([path, value]) => !known.has(path) && value !== '');
}

export interface AnswerChange {
  path: string;
  before: string;
  after: string;
}

/** What differs between two states of a response's answers, in the order of the newer one. */
export function answerChanges(before: unknown, after: unknown): AnswerChange[] {
  const a = flattenAnswers(before);
  const b = flattenAnswers(after);
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths
    .map((path) => ({ path, before: a.get(path) ?? '', after: b.get(path) ?? '' }))
    .filter((c) => c.before !== c.after);
}

/**
 * A node path read by people, with the labels of the questions along it: 'member[2]/name' →
 * 'Members 2 › Name'. Names the definition does not hold stay names.
 */
export function pathLabel(definition: FormDefinition, path: string, language?: string): string {
  let questions: readonly Question[] | undefined = definition.questions;
  const parts: string[] = [];
  for (const step of path.split('/')) {
    const m = /^(.+)\[(\d+)\]$/.exec(step);
    const name = m ? m[1]! : step;
    const question: Question | undefined = questions?.find((q) => q.name === name);
    parts.push(`${question ? questionLabel(question, language) : name}${m ? ` ${m[2]}` : ''}`);
    questions = question?.children;
  }
  return parts.join(' › ');
}

/** The question a node path names, if the definition holds it. */
export function questionAt(definition: FormDefinition, path: string): Question | undefined {
  let questions: readonly Question[] | undefined = definition.questions;
  let found: Question | undefined;
  for (const step of path.split('/')) {
    const name = step.replace(/\[\d+\]$/, '');
    found = questions?.find((q) => q.name === name);
    questions = found?.children;
  }
  return found;
}
