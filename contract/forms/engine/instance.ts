import type { Answers } from '../answers';
import type { Question } from '../definition';
import { ROOT } from './form-index';
import type { XmlDocument, XmlElement, XPathHost } from './xpath-host';

/*
 * The XML instance the expressions run over, built from the definition and the answers: an element per
 * question, groups nested, one element per repeat instance. Each element is paired with its node state.
 */

/** A repeat instance is refused beyond this many (the answers' schema allows no more either). */
export const MAX_REPEAT_INSTANCES = 1_000;

export interface InstanceNode {
  question: Question;
  element: XmlElement;
  /** 'household/member[2]/age' (repeat instances 1-based). */
  path: string;
  /** The question's path of names. */
  names: readonly string[];
  parent: InstanceNode | null;
  leaf: boolean;
  /** A leaf's answer: as given, or its default, calculation or metadata. */
  value: string;
  /** What the element holds: the value, or '' while the node is not relevant. */
  shown: string;
  relevant: boolean;
  /** The answer was absent and the default is an expression, still to evaluate. */
  pendingDefault: boolean;
}

export interface RepeatSlot {
  question: Question;
  names: readonly string[];
  /** The parent's path and the repeat's name ('household[2]/member'): the instances' paths add `[n]`. */
  key: string;
  parentElement: XmlElement;
  /** The group or repeat instance the repeat is in (null at the root). */
  parent: InstanceNode | null;
  parentNames: readonly string[];
  count: number;
}

export interface Instance {
  document: XmlDocument;
  root: XmlElement;
  /** In document order. */
  nodes: InstanceNode[];
  byPath: Map<string, InstanceNode>;
  /** Question key → its nodes, in document order. */
  byQuestion: Map<string, InstanceNode[]>;
  slots: RepeatSlot[];
}

export interface BuildOptions {
  answers: Answers;
  /** Repeat slot key → instance count, overriding the answers' array length. */
  counts?: ReadonlyMap<string, number>;
  /** The count of a repeat the answers and `counts` say nothing of (0 for a response). */
  defaultCount?: number;
  /** A leaf's starting value from its raw answer (absent: undefined). */
  initial(question: Question, raw: string | undefined): { value: string; pendingDefault: boolean };
}

const own = (answers: Answers, name: string) =>
  Object.prototype.hasOwnProperty.call(answers, name) ? answers[name] : undefined;

const isAnswers = (v: unknown): v is Answers => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Places each node of the instance the answers make: `place` gives the node for a question at `path`
 * (made, or an existing one), or null to stop (then false). Leaves take their starting values unless
 * `check` (a dry run over existing nodes).
 */
function lay(
  questions: readonly Question[],
  options: BuildOptions,
  root: XmlElement,
  place: (
    question: Question,
    path: string,
    parentElement: XmlElement,
    parent: InstanceNode | null,
    names: readonly string[],
  ) => InstanceNode | null,
  slot: (slot: RepeatSlot) => void,
  check = false,
): boolean {
  const fill = (
    questions: readonly Question[],
    parentElement: XmlElement,
    parent: InstanceNode | null,
    parentNames: readonly string[],
    answers: Answers,
  ): boolean => {
    const prefix = parent ? `${parent.path}/` : '';
    for (const question of questions) {
      const names = [...parentNames, question.name];
      const raw = own(answers, question.name);
      if (question.type === 'repeat') {
        const list = Array.isArray(raw) ? raw : [];
        const key = `${prefix}${question.name}`;
        const wanted =
          options.counts?.get(key) ?? (Array.isArray(raw) ? list.length : (options.defaultCount ?? 0));
        const count = Math.max(0, Math.min(MAX_REPEAT_INSTANCES, wanted));
        slot({ question, names, key, parentElement, parent, parentNames, count });
        for (let i = 0; i < count; i++) {
          const node = place(question, `${key}[${i + 1}]`, parentElement, parent, names);
          const item = list[i];
          if (
            !node ||
            !fill(question.children ?? [], node.element, node, names, isAnswers(item) ? item : {})
          ) {
            return false;
          }
        }
      } else if (question.type === 'group') {
        const node = place(question, `${prefix}${question.name}`, parentElement, parent, names);
        if (!node || !fill(question.children ?? [], node.element, node, names, isAnswers(raw) ? raw : {})) {
          return false;
        }
      } else {
        const node = place(question, `${prefix}${question.name}`, parentElement, parent, names);
        if (!node) return false;
        if (check) continue;
        const start = options.initial(question, typeof raw === 'string' ? raw : undefined);
        node.value = start.value;
        node.pendingDefault = start.pendingDefault;
        show(node, start.value);
      }
    }
    return true;
  };
  return fill(questions, root, null, [], options.answers);
}

export function buildInstance(
  host: XPathHost,
  questions: readonly Question[],
  options: BuildOptions,
): Instance {
  const document = host.createDocument();
  const root = document.documentElement;
  if (!root || root.nodeName !== ROOT) throw new Error(`The host's document must have a <${ROOT}> root.`);
  const instance: Instance = {
    document,
    root,
    nodes: [],
    byPath: new Map(),
    byQuestion: new Map(),
    slots: [],
  };
  const add = (
    question: Question,
    path: string,
    parentElement: XmlElement,
    parent: InstanceNode | null,
    names: readonly string[],
  ) => {
    const element = document.createElement(question.name);
    parentElement.appendChild(element);
    const node: InstanceNode = {
      question,
      element,
      path,
      names,
      parent,
      leaf: question.type !== 'group' && question.type !== 'repeat',
      value: '',
      shown: '',
      relevant: true,
      pendingDefault: false,
    };
    instance.nodes.push(node);
    instance.byPath.set(path, node);
    const key = names.join('/');
    const list = instance.byQuestion.get(key);
    if (list) list.push(node);
    else instance.byQuestion.set(key, [node]);
    return node;
  };
  lay(questions, options, root, add, (slot) => instance.slots.push(slot));
  return instance;
}

/**
 * Puts the answers in an instance built before, when they make the same nodes (the same repeat
 * instances), as buildInstance would have them: far cheaper than a new document (jsdom's especially).
 * False, and the instance untouched, when they do not.
 */
export function refillInstance(
  instance: Instance,
  questions: readonly Question[],
  options: BuildOptions,
): boolean {
  let at = 0;
  // The same nodes in the same order means the same repeat instances, so the same slots.
  const reuse = (write: boolean) => (question: Question, path: string) => {
    const node = instance.nodes[at++];
    if (!node || node.question !== question || node.path !== path) return null;
    if (write) node.relevant = true;
    return node;
  };
  const none = () => {};
  // A dry run first, so that a mismatch found late leaves nothing changed.
  if (!lay(questions, options, instance.root, reuse(false), none, true) || at !== instance.nodes.length) {
    return false;
  }
  at = 0;
  lay(questions, options, instance.root, reuse(true), none);
  return true;
}

/** Sets what the element holds, when it changes; true when it did. */
export function show(node: InstanceNode, text: string): boolean {
  if (node.shown === text) return false;
  node.shown = text;
  node.element.textContent = text;
  return true;
}
