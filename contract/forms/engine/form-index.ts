import { walkQuestions, type FormDefinition, type Question } from '../definition';

/** The name of the instance's root element (pyxform uses the form id; one fixed name keeps paths stable). */
export const ROOT = 'data';

export interface QuestionInfo {
  question: Question;
  /** Names from the form's root, the question's own last. */
  path: readonly string[];
  /** `path` joined by '/'. */
  key: string;
}

export interface FormIndex {
  /** Question name → its first question (names are unique in a valid form). */
  byName: ReadonlyMap<string, QuestionInfo>;
  /** Every question in document order. */
  all: readonly QuestionInfo[];
  /** The second and later questions of a name used more than once. */
  duplicates: readonly QuestionInfo[];
  /** Keys of the repeats. */
  repeatKeys: ReadonlySet<string>;
}

export function indexForm(definition: FormDefinition): FormIndex {
  const byName = new Map<string, QuestionInfo>();
  const all: QuestionInfo[] = [];
  const duplicates: QuestionInfo[] = [];
  const repeatKeys = new Set<string>();
  for (const { question, parents } of walkQuestions(definition.questions)) {
    const path = [...parents.map((p) => p.name), question.name];
    const info = { question, path, key: path.join('/') };
    all.push(info);
    if (byName.has(question.name)) duplicates.push(info);
    else byName.set(question.name, info);
    if (question.type === 'repeat') repeatKeys.add(info.key);
  }
  return { byName, all, duplicates, repeatKeys };
}

/**
 * The XPath of the question at `target` as seen from the node at `context` (pyxform's rule): absolute,
 * except below a repeat both share, where it is relative, so each repeat instance reads its own sibling.
 */
export function referencePath(
  target: readonly string[],
  context: readonly string[],
  repeatKeys: ReadonlySet<string>,
): string {
  const shared = sharedRepeatDepth(target, context, repeatKeys);
  if (shared === 0) return `/${ROOT}/${target.join('/')}`;
  const ups = context.length - shared;
  const up = ups === 0 ? '.' : Array.from({ length: ups }, () => '..').join('/');
  return `${up}/${target.slice(shared).join('/')}`;
}

/**
 * How many names of `target` lead to the innermost repeat it shares with `context` (0: none), the
 * depth from which referencePath makes a reference relative.
 */
export function sharedRepeatDepth(
  target: readonly string[],
  context: readonly string[],
  repeatKeys: ReadonlySet<string>,
): number {
  let shared = 0;
  for (let k = 1; k < target.length && k <= context.length; k++) {
    if (target[k - 1] !== context[k - 1]) break;
    if (repeatKeys.has(target.slice(0, k).join('/'))) shared = k;
  }
  return shared;
}
