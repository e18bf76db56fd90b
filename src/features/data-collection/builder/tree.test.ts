import type { Question } from '@contract/forms/definition';
import { describe, expect, it } from 'vitest';
import {
  duplicateQuestion,
  flattenQuestions,
  moveQuestion,
  moveQuestionBy,
  questionAt,
  selectionAfterRemoval,
  uniqueName,
} from './tree';

const q = (name: string, children?: Question[]): Question =>
  children ? { name, type: 'group', children } : { name, type: 'text' };

/** The tree as names, groups as `name[...]`, to compare shapes at a glance. */
const shape = (questions: readonly Question[]): string =>
  questions.map((x) => (x.children ? `${x.name}[${shape(x.children)}]` : x.name)).join(' ');

const form = () => [q('a'), q('g', [q('b'), q('c')]), q('d'), q('h', [])];

describe('moving questions', () => {
  it('moves up and down among siblings and keeps the path of the moved question', () => {
    const down = moveQuestionBy(form(), [0], 'down')!;
    expect(shape(down.questions)).toBe('g[b c] a d h[]');
    expect(down.path).toEqual([1]);
    const up = moveQuestionBy(form(), [1, 1], 'up')!;
    expect(shape(up.questions)).toBe('a g[c b] d h[]');
    expect(up.path).toEqual([1, 0]);
    expect(moveQuestionBy(form(), [0], 'up')).toBeNull();
    expect(moveQuestionBy(form(), [3], 'down')).toBeNull();
  });

  it('moves into the group above (last) and out of a group (right after it)', () => {
    const into = moveQuestionBy(form(), [2], 'into')!;
    expect(shape(into.questions)).toBe('a g[b c d] h[]');
    expect(into.path).toEqual([1, 2]);
    const out = moveQuestionBy(form(), [1, 0], 'out')!;
    expect(shape(out.questions)).toBe('a g[c] b d h[]');
    expect(out.path).toEqual([2]);
    expect(moveQuestionBy(form(), [0], 'into')).toBeNull();
    expect(moveQuestionBy(form(), [0], 'out')).toBeNull();
  });

  it('drops anywhere, counting the index before the move, and never into itself', () => {
    expect(shape(moveQuestion(form(), [0], [], 3)!.questions)).toBe('g[b c] d a h[]');
    expect(shape(moveQuestion(form(), [0], [3], 0)!.questions)).toBe('g[b c] d h[a]');
    // Taking `a` out shifts the group's path from [1] to [0].
    const intoGroup = moveQuestion(form(), [0], [1], 1)!;
    expect(shape(intoGroup.questions)).toBe('g[b a c] d h[]');
    expect(intoGroup.path).toEqual([0, 1]);
    expect(moveQuestion(form(), [1], [1], 0)).toBeNull();
    expect(moveQuestion(form(), [0], [2], 0)).toBeNull();
  });
});

describe('duplicating and removing', () => {
  it('puts a copy with free names right after the original', () => {
    const done = duplicateQuestion(form(), [1])!;
    expect(shape(done.questions)).toBe('a g[b c] g_2[b_2 c_2] d h[]');
    expect(done.path).toEqual([2]);
    expect(questionAt(done.questions, [2, 0])?.name).toBe('b_2');
  });

  it('selects the next question, else the previous, else the group', () => {
    expect(selectionAfterRemoval(form(), [1, 0])).toEqual([1, 0]);
    expect(selectionAfterRemoval(form(), [1, 1])).toEqual([1, 0]);
    expect(selectionAfterRemoval([q('g', [q('only')])], [0, 0])).toEqual([0]);
    expect(selectionAfterRemoval([q('only')], [0])).toBeNull();
  });

  it('finds free names', () => {
    expect(uniqueName('age', new Set())).toBe('age');
    expect(uniqueName('text_1', new Set(['text_1', 'text_2']))).toBe('text_3');
  });

  it('lists questions in filling order with their depth', () => {
    expect(flattenQuestions(form()).map(({ question, depth }) => `${question.name}:${depth}`)).toEqual([
      'a:0',
      'g:0',
      'b:1',
      'c:1',
      'd:0',
      'h:0',
    ]);
  });
});
