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
    parentElement: XmlElement,
    parent: InstanceNode | null,
    names: readonly string[],
    path: string,
  ) => {
    const element = document.createElement(question.name);
    parentElement.appendChild(element);
    const leaf = question.type !== 'group' && question.type !== 'repeat';
    const node: InstanceNode = {
      question,
      element,
      path,
      names,
      parent,
      leaf,
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

  const fill = (
    questions: readonly Question[],
    parentElement: XmlElement,
    parent: InstanceNode | null,
    parentNames: readonly string[],
    answers: Answers,
  ) => {
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
        instance.slots.push({ question, names, key, parentElement, parent, parentNames, count });
        for (let i = 0; i < count; i++) {
          const node = add(question, parentElement, parent, names, `${key}[${i + 1}]`);
          const item = list[i];
          fill(question.children ?? [], node.element, node, names, isAnswers(item) ? item : {});
        }
      } else if (question.type === 'group') {
        const node = add(question, parentElement, parent, names, `${prefix}${question.name}`);
        fill(question.children ?? [], node.element, node, names, isAnswers(raw) ? raw : {});
      } else {
        const node = add(question, parentElement, parent, names, `${prefix}${question.name}`);
        const start = options.initial(question, typeof raw === 'string' ? raw : undefined);
        node.value = start.value;
        node.shown = start.value;
        node.pendingDefault = start.pendingDefault;
        if (start.value) node.element.textContent = start.value;
      }
    }
  };

  fill(questions, root, null, [], options.answers);
  return instance;
}

/** Sets what the element holds, when it changes; true when it did. */
export function show(node: InstanceNode, text: string): boolean {
  if (node.shown === text) return false;
  node.shown = text;
  node.element.textContent = text;
  return true;
}
