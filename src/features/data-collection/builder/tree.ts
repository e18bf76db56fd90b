import type { Question } from '@contract/forms/definition';

/*
 * The question tree as the builder edits it: a question is found by its path of indexes from the
 * form's root ([2, 0] is the first question inside the third). Every function returns a new tree and
 * leaves its input untouched, so React sees each edit and an edit can be tested on plain data.
 */

export type QuestionPath = readonly number[];

export const isContainer = (q: Pick<Question, 'type'>) => q.type === 'group' || q.type === 'repeat';

export const samePath = (a: QuestionPath | null | undefined, b: QuestionPath | null | undefined) =>
  !!a && !!b && a.length === b.length && a.every((n, i) => n === b[i]);

/** True when `path` is `ancestor` or lies inside it. */
export const isWithin = (path: QuestionPath, ancestor: QuestionPath) =>
  path.length >= ancestor.length && ancestor.every((n, i) => n === path[i]);

export const pathKey = (path: QuestionPath) => path.join('.');

export function questionAt(questions: readonly Question[], path: QuestionPath): Question | undefined {
  let list: readonly Question[] | undefined = questions;
  let found: Question | undefined;
  for (const index of path) {
    found = list?.[index];
    if (!found) return undefined;
    list = found.children;
  }
  return found;
}

/** The questions at the root (`[]`) or inside the container at `parent`; undefined when there is none. */
export function childrenAt(
  questions: readonly Question[],
  parent: QuestionPath,
): readonly Question[] | undefined {
  if (parent.length === 0) return questions;
  const container = questionAt(questions, parent);
  return container && isContainer(container) ? (container.children ?? []) : undefined;
}

function withChildrenAt(
  questions: readonly Question[],
  parent: QuestionPath,
  edit: (children: Question[]) => Question[],
): Question[] {
  if (parent.length === 0) return edit([...questions]);
  const [head, ...rest] = parent;
  return questions.map((q, i) =>
    i === head ? { ...q, children: withChildrenAt(q.children ?? [], rest, edit) } : q,
  );
}

export function updateQuestionAt(
  questions: readonly Question[],
  path: QuestionPath,
  edit: (question: Question) => Question,
): Question[] {
  const index = path[path.length - 1];
  if (index === undefined) return [...questions];
  return withChildrenAt(questions, path.slice(0, -1), (children) =>
    children.map((q, i) => (i === index ? edit(q) : q)),
  );
}

export function removeQuestionAt(questions: readonly Question[], path: QuestionPath): Question[] {
  const index = path[path.length - 1];
  if (index === undefined) return [...questions];
  return withChildrenAt(questions, path.slice(0, -1), (children) => children.filter((_, i) => i !== index));
}

export function insertQuestion(
  questions: readonly Question[],
  parent: QuestionPath,
  index: number,
  question: Question,
): Question[] {
  return withChildrenAt(questions, parent, (children) => {
    children.splice(Math.max(0, Math.min(index, children.length)), 0, question);
    return children;
  });
}

export interface Moved {
  questions: Question[];
  /** Where the moved question is now. */
  path: number[];
}

/**
 * Moves the question at `from` to position `index` of the root or of the container at `parent`, the
 * index counted in that list as it is before the move (what a drop between two rows means). Null when
 * the move is impossible: into the question itself or its own descendants, or into a non-container.
 */
export function moveQuestion(
  questions: readonly Question[],
  from: QuestionPath,
  parent: QuestionPath,
  index: number,
): Moved | null {
  const moving = questionAt(questions, from);
  if (!moving || isWithin(parent, from) || !childrenAt(questions, parent)) return null;
  const fromParent = from.slice(0, -1);
  const fromIndex = from[from.length - 1]!;
  const target = [...parent];
  let at = index;
  // Taking the question out shifts its later siblings up by one, and the paths that run through them.
  if (samePath(fromParent, target) && fromIndex < at) at -= 1;
  else if (target.length > fromParent.length && isWithin(target, fromParent)) {
    const level = fromParent.length;
    if (target[level]! > fromIndex) target[level]! -= 1;
  }
  const without = removeQuestionAt(questions, from);
  const siblings = childrenAt(without, target)!;
  at = Math.max(0, Math.min(at, siblings.length));
  return { questions: insertQuestion(without, target, at, moving), path: [...target, at] };
}

export type MoveDirection = 'up' | 'down' | 'into' | 'out';

/** Where a keyboard move would take the question at `path`; null when it cannot go that way. */
export function moveTarget(
  questions: readonly Question[],
  path: QuestionPath,
  direction: MoveDirection,
): { parent: number[]; index: number } | null {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  const siblings = childrenAt(questions, parent);
  if (index === undefined || !siblings) return null;
  switch (direction) {
    case 'up':
      return index > 0 ? { parent, index: index - 1 } : null;
    case 'down':
      // Before the sibling after next: the question ends up one place lower.
      return index < siblings.length - 1 ? { parent, index: index + 2 } : null;
    case 'into': {
      // Into the group or repeat just above, as its last question.
      const above = siblings[index - 1];
      return above && isContainer(above)
        ? { parent: [...parent, index - 1], index: above.children?.length ?? 0 }
        : null;
    }
    case 'out': {
      // Out of its group, right after it.
      if (parent.length === 0) return null;
      return { parent: parent.slice(0, -1), index: parent[parent.length - 1]! + 1 };
    }
  }
}

export function moveQuestionBy(
  questions: readonly Question[],
  path: QuestionPath,
  direction: MoveDirection,
): Moved | null {
  const target = moveTarget(questions, path, direction);
  return target ? moveQuestion(questions, path, target.parent, target.index) : null;
}

/** Every question with its path and depth, in the order a person filling the form meets them. */
export function flattenQuestions(
  questions: readonly Question[],
  parent: QuestionPath = [],
): { question: Question; path: number[]; depth: number }[] {
  return questions.flatMap((question, i) => {
    const path = [...parent, i];
    return [
      { question, path, depth: parent.length },
      ...(question.children ? flattenQuestions(question.children, path) : []),
    ];
  });
}

export function questionNames(questions: readonly Question[]): Set<string> {
  return new Set(flattenQuestions(questions).map(({ question }) => question.name));
}

/** `base`, else `base_2`, `base_3`… : the first not in `taken`. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  const stem = base.replace(/_\d+$/, '');
  for (let n = 2; ; n++) {
    const name = `${stem}_${n}`;
    if (!taken.has(name)) return name;
  }
}

/** A deep copy of `question` whose name and its children's names are free in `taken` (which it fills). */
export function copyWithFreeNames(question: Question, taken: Set<string>): Question {
  const name = uniqueName(question.name, taken);
  taken.add(name);
  return {
    ...structuredClone(question),
    name,
    ...(question.children && { children: question.children.map((c) => copyWithFreeNames(c, taken)) }),
  };
}

/** The copy goes right after the original; the path is the copy's. */
export function duplicateQuestion(questions: readonly Question[], path: QuestionPath): Moved | null {
  const original = questionAt(questions, path);
  if (!original) return null;
  const copy = copyWithFreeNames(original, questionNames(questions));
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]! + 1;
  return { questions: insertQuestion(questions, parent, index, copy), path: [...parent, index] };
}

/** What to select once the question at `path` is gone: the next sibling, else the one before, else its group. */
export function selectionAfterRemoval(questions: readonly Question[], path: QuestionPath): number[] | null {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  const siblings = childrenAt(questions, parent) ?? [];
  if (index + 1 < siblings.length) return [...parent, index];
  if (index > 0) return [...parent, index - 1];
  return parent.length ? parent : null;
}
