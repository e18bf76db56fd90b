import type { Answers } from '../answers';
import type { Choice, Question } from '../definition';
import type { InstanceNode } from './instance';

export interface NodeState {
  /** 'household/member[2]/age' (repeat instances 1-based). */
  path: string;
  question: Question;
  relevant: boolean;
  required: boolean;
  readOnly: boolean;
  /** The answer ('' for groups, repeat instances and notes). */
  value: string;
  error?: string;
}

export interface FormError {
  path: string;
  message: string;
  kind: 'required' | 'constraint' | 'type';
}

/** A repeat where it stands in the response (an empty repeat has no node of its own). */
export interface RepeatState {
  /** 'household[2]/member': its instances' paths add `[n]`. */
  path: string;
  count: number;
  /** Whether the form's logic shows it (and so offers to add instances). */
  relevant: boolean;
}

export interface FormState {
  /** Every group, repeat instance and question of the instance, in form order. */
  nodes: NodeState[];
  errors: FormError[];
  /** The answers as filled: defaults, calculations and metadata included, non-relevant ones kept. */
  answers: Answers;
  /** What ODK submits: the answers of relevant questions only. */
  submission: Answers;
  /** Every repeat of the response, nested ones per instance of their parent, in form order. */
  repeats: RepeatState[];
  /** The choices of the select at `path` that pass its choice_filter; [] for another path. */
  choicesFor(path: string): Choice[];
}

/** The instance's values as answers; `relevantOnly` leaves out what is not relevant (a submission). */
export function collectAnswers(nodes: readonly InstanceNode[], relevantOnly: boolean): Answers {
  const objects = new Map<InstanceNode | null, Answers>([[null, {}]]);
  for (const node of nodes) {
    if ((relevantOnly && !node.relevant) || node.question.type === 'note') continue;
    const parent = objects.get(node.parent);
    if (!parent) continue; // under a container left out
    const name = node.question.name;
    if (node.question.type === 'repeat') {
      const entry: Answers = {};
      const existing = parent[name];
      if (Array.isArray(existing)) existing.push(entry);
      else parent[name] = [entry];
      objects.set(node, entry);
    } else if (node.question.type === 'group') {
      const entry: Answers = {};
      parent[name] = entry;
      objects.set(node, entry);
    } else {
      parent[name] = node.value;
    }
  }
  return objects.get(null)!;
}
