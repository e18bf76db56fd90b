import type { FormDefinition } from '@contract/forms/definition';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  changeKind,
  duplicate,
  move,
  removeQuestion,
  renameQuestionReferences,
  type BuilderState,
} from './builder-state';
import { questionKinds } from './question-kinds';
import { questionAt } from './tree';

const empty = (): BuilderState => ({
  definition: { title: 'T', languages: ['English (en)'], questions: [], choices: {} },
  selected: null,
});

const apply = (state: BuilderState, ...edits: ((s: BuilderState) => BuilderState)[]) =>
  edits.reduce((s, edit) => edit(s), state);

describe('builder edits', () => {
  it('adds after the selected question, inside a selected group, else at the end', () => {
    let s = apply(empty(), addQuestion('text'), addQuestion('group'));
    expect(s.selected).toEqual([1]);
    s = addQuestion('integer')(s);
    expect(s.selected).toEqual([1, 0]);
    s = apply(s, (x) => ({ ...x, selected: [0] }), addQuestion('date'));
    expect(s.definition.questions.map((q) => q.name)).toEqual(['text_1', 'date_1', 'group_1']);
    expect(questionAt(s.definition.questions, [2, 0])?.name).toBe('integer_1');
  });

  it('gives a select its own list of two choices in the form language, removed with it', () => {
    let s = addQuestion('select_one')(empty());
    const q = s.definition.questions[0]!;
    expect(q.listName).toBe('select_one_1');
    expect(s.definition.choices.select_one_1).toEqual([
      { name: 'option_1', label: { 'English (en)': 'Option 1' } },
      { name: 'option_2', label: { 'English (en)': 'Option 2' } },
    ]);
    s = removeQuestion([0])(s);
    expect(s.definition.choices).toEqual({});
    expect(s.selected).toBeNull();
  });

  it('keeps a list another question still reads', () => {
    let s = apply(empty(), addQuestion('select_one'), duplicate([0]));
    expect(s.definition.questions[1]?.listName).toBe('select_one_1');
    s = removeQuestion([0])(s);
    expect(Object.keys(s.definition.choices)).toEqual(['select_one_1']);
  });

  it('keeps the moved question selected', () => {
    const s = apply(empty(), addQuestion('text'), addQuestion('note'), move([1], 'up'));
    expect(s.definition.questions.map((q) => q.name)).toEqual(['note_1', 'text_1']);
    expect(s.selected).toEqual([0]);
  });

  it('offers every question type of the contract, and a signature', () => {
    const labels = questionKinds.map((k) => k.label);
    expect(labels).toHaveLength(34);
    expect(labels).toContain('Signature');
    const signature = addQuestion('signature')(empty()).definition.questions[0];
    expect(signature).toMatchObject({ type: 'image', appearance: 'signature' });
    const range = addQuestion('range')(empty()).definition.questions[0];
    expect(range?.parameters).toEqual({ start: '0', end: '10', step: '1' });
    const start = addQuestion('start')(empty()).definition.questions[0];
    expect(start?.name).toBe('start');
    const defs: FormDefinition['questions'] = addQuestion('repeat')(empty()).definition.questions;
    expect(defs[0]?.children).toEqual([]);
  });
});

describe('changing a question', () => {
  it('gives a select a list when it becomes one, and drops the list it no longer reads', () => {
    let s = addQuestion('text')(empty());
    s = changeKind([0], 'select_multiple')(s);
    expect(s.definition.questions[0]).toMatchObject({ type: 'select_multiple', listName: 'text_1' });
    expect(s.definition.choices.text_1).toHaveLength(2);
    s = changeKind([0], 'signature')(s);
    expect(s.definition.questions[0]).toEqual({ name: 'text_1', type: 'image', appearance: 'signature' });
    expect(s.definition.choices).toEqual({});
    s = changeKind([0], 'image')(s);
    expect(s.definition.questions[0]).toEqual({ name: 'text_1', type: 'image' });
    // A group only becomes a repeat.
    s = addQuestion('group')(s);
    expect(changeKind([1], 'text')(s)).toBe(s);
    expect(changeKind([1], 'repeat')(s).definition.questions[1]?.type).toBe('repeat');
  });

  it('renames ${name} in expressions once the new name is free and unique', () => {
    let s = apply(empty(), addQuestion('integer'), addQuestion('text'));
    s = {
      ...s,
      definition: {
        ...s.definition,
        questions: [
          { name: 'years', type: 'integer' },
          { name: 'text_1', type: 'text', relevant: '${integer_1} > 3' },
        ],
      },
    };
    expect(renameQuestionReferences('integer_1', 'years')(s).definition.questions[1]?.relevant).toBe(
      '${years} > 3',
    );
    // Renamed onto another question's name: nothing is rewritten.
    const clash = {
      ...s,
      definition: {
        ...s.definition,
        questions: [{ ...s.definition.questions[0]!, name: 'text_1' }, s.definition.questions[1]!],
      },
    };
    expect(renameQuestionReferences('integer_1', 'text_1')(clash)).toBe(clash);
  });
});
