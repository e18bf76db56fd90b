import { isSelectType, type FormDefinition, type Question } from '@contract/forms/definition';
import { renameReferences, setChoices, withoutUnusedLists } from './definition-edits';
import {
  createQuestion,
  hasChoiceList,
  questionKind,
  withAppearance,
  type QuestionKindId,
} from './question-kinds';
import {
  duplicateQuestion,
  flattenQuestions,
  insertQuestion,
  isContainer,
  moveQuestion,
  moveQuestionBy,
  questionAt,
  removeQuestionAt,
  selectionAfterRemoval,
  updateQuestionAt,
  type MoveDirection,
  type QuestionPath,
  uniqueName,
} from './tree';

/** What the builder screen edits: the definition and the question open in the editor. */
export interface BuilderState {
  definition: FormDefinition;
  selected: number[] | null;
}

export type BuilderEdit = (state: BuilderState) => BuilderState;

/**
 * Where a new question goes: inside the selected group or repeat (last), else right after the
 * selected question, else at the end of the form.
 */
export const addQuestion =
  (kind: QuestionKindId): BuilderEdit =>
  (state) => {
    const { question, choices } = createQuestion(kind, state.definition);
    const selected = state.selected && questionAt(state.definition.questions, state.selected);
    let parent: number[] = [];
    let index = state.definition.questions.length;
    if (selected && state.selected) {
      if (isContainer(selected)) {
        parent = [...state.selected];
        index = selected.children?.length ?? 0;
      } else {
        parent = state.selected.slice(0, -1);
        index = state.selected[state.selected.length - 1]! + 1;
      }
    }
    let definition: FormDefinition = {
      ...state.definition,
      questions: insertQuestion(state.definition.questions, parent, index, question),
    };
    if (choices) definition = setChoices(definition, choices.listName, choices.list);
    return { definition, selected: [...parent, index] };
  };

export const selectQuestion =
  (path: QuestionPath | null): BuilderEdit =>
  (state) => ({ ...state, selected: path ? [...path] : null });

export const updateQuestion =
  (path: QuestionPath, edit: (question: Question) => Question): BuilderEdit =>
  (state) => ({
    ...state,
    definition: { ...state.definition, questions: updateQuestionAt(state.definition.questions, path, edit) },
  });

export const updateDefinition =
  (edit: (definition: FormDefinition) => FormDefinition): BuilderEdit =>
  (state) => ({ ...state, definition: edit(state.definition) });

/** Removes the question (and what it contains), and the choice lists only it read. */
export const removeQuestion =
  (path: QuestionPath): BuilderEdit =>
  (state) => {
    const removed = questionAt(state.definition.questions, path);
    if (!removed) return state;
    const lists = flattenQuestions([removed])
      .map(({ question }) => question.listName)
      .filter((l): l is string => !!l);
    const definition = withoutUnusedLists(
      { ...state.definition, questions: removeQuestionAt(state.definition.questions, path) },
      lists,
    );
    return { definition, selected: selectionAfterRemoval(state.definition.questions, path) };
  };

export const duplicate =
  (path: QuestionPath): BuilderEdit =>
  (state) => {
    const done = duplicateQuestion(state.definition.questions, path);
    return done
      ? { definition: { ...state.definition, questions: done.questions }, selected: done.path }
      : state;
  };

/** A keyboard move; the moved question stays selected. */
export const move =
  (path: QuestionPath, direction: MoveDirection): BuilderEdit =>
  (state) => {
    const done = moveQuestionBy(state.definition.questions, path, direction);
    return done
      ? { definition: { ...state.definition, questions: done.questions }, selected: done.path }
      : state;
  };

/** A drop: to position `index` of the root or of a container, the moved question selected. */
export const drop =
  (from: QuestionPath, parent: QuestionPath, index: number): BuilderEdit =>
  (state) => {
    const done = moveQuestion(state.definition.questions, from, parent, index);
    return done
      ? { definition: { ...state.definition, questions: done.questions }, selected: done.path }
      : state;
  };

/**
 * Changes a question's kind, keeping what still applies: a select gets a list of its own when it has
 * none, a non-select loses its list, a Signature is a photo with the `signature` appearance.
 */
export const changeKind =
  (path: QuestionPath, kindId: QuestionKindId): BuilderEdit =>
  (state) => {
    const question = questionAt(state.definition.questions, path);
    const kind = questionKind(kindId);
    if (!question || isContainer(question) !== (kind.type === 'group' || kind.type === 'repeat'))
      return state;
    const next: Question = { ...question, type: kind.type };
    next.appearance = withAppearance(question.appearance, 'signature', kind.id === 'signature');
    if (!next.appearance) delete next.appearance;
    if (kind.type === 'range') next.parameters = { start: '0', end: '10', step: '1', ...question.parameters };
    else if (next.parameters) {
      const { start: _s, end: _e, step: _t, ...rest } = next.parameters;
      if (Object.keys(rest).length) next.parameters = rest;
      else delete next.parameters;
    }
    if (!isSelectType(kind.type)) {
      delete next.listName;
      delete next.orOther;
      delete next.choiceFilter;
    }
    if (kind.type !== 'select_one' && kind.type !== 'select_multiple') delete next.orOther;
    let definition = state.definition;
    const oldList = question.listName;
    if (kind.type.endsWith('_from_file') && !question.type.endsWith('_from_file'))
      next.listName = `${question.name}.csv`;
    if (hasChoiceList(kind.type) && !(next.listName && next.listName in definition.choices)) {
      const made = createQuestion(kind.id, definition);
      const listName = uniqueName(question.name, new Set(Object.keys(definition.choices)));
      next.listName = listName;
      definition = setChoices(definition, listName, made.choices!.list);
    }
    definition = { ...definition, questions: updateQuestionAt(definition.questions, path, () => next) };
    if (oldList && oldList !== next.listName) definition = withoutUnusedLists(definition, [oldList]);
    return { ...state, definition };
  };

/**
 * Renames a question, and `${old}` with it in every expression of the form when the new name is free
 * (a name typed letter by letter is renamed in expressions once, when the field is left).
 */
export const renameQuestionReferences =
  (from: string, to: string): BuilderEdit =>
  (state) => {
    if (from === to || !to) return state;
    const names = flattenQuestions(state.definition.questions).map(({ question }) => question.name);
    if (names.filter((n) => n === to).length !== 1 || names.includes(from)) return state;
    return { ...state, definition: renameReferences(state.definition, from, to) };
  };
