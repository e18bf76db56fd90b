import type { Question } from '@contract/forms/definition';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionTree } from './question-tree';

const questions: Question[] = [
  { name: 'village', type: 'text', label: { default: 'Village' } },
  { name: 'age', type: 'integer', label: { default: 'Age' } },
  {
    name: 'household',
    type: 'group',
    label: { default: 'Household' },
    children: [{ name: 'size', type: 'integer', label: { default: 'Size' } }],
  },
];

function renderTree() {
  const onDrop = vi.fn();
  render(
    <QuestionTree
      questions={questions}
      language="default"
      selected={null}
      problems={{}}
      onSelect={() => {}}
      onMove={() => {}}
      onDrop={onDrop}
      onDuplicate={() => {}}
      onDelete={() => {}}
      announcement=""
      onEdit={() => {}}
    />,
  );
  return onDrop;
}

const rowOf = (title: string) =>
  screen.getByRole('button', { name: title }).closest<HTMLElement>('[data-row-path]')!;
const gripOf = (title: string) => rowOf(title).querySelector<HTMLElement>('[data-grip]')!;

/** jsdom lays nothing out: the point under the finger is said to be over `element`, in its lower half. */
function fingerOver(element: Element) {
  document.elementFromPoint = () => element;
  element.getBoundingClientRect = () => new DOMRect(0, 0, 200, 40);
}

afterEach(() => {
  delete (document as { elementFromPoint?: unknown }).elementFromPoint;
});

/** A finger puts `from`'s grip down, moves over `over`'s lower half, and lifts (or the drag is cancelled). */
function dragWithFinger(from: string, over: string, pointerId: number, end: 'lift' | 'cancel' = 'lift') {
  const grip = gripOf(from);
  const at = { pointerType: 'touch', pointerId, clientX: 10, clientY: 30 };
  fireEvent.pointerDown(grip, at);
  fingerOver(rowOf(over));
  fireEvent.pointerMove(grip, at);
  if (end === 'lift') fireEvent.pointerUp(grip, at);
  else fireEvent.pointerCancel(grip, at);
}

describe('moving a question with a finger', () => {
  it('drags a question by its grip to after the row under the finger, and into a group', () => {
    const onDrop = renderTree();
    dragWithFinger('Village', 'Age', 1);
    // After Age (index 1), at the root: index 2 before the move takes Village out.
    expect(onDrop).toHaveBeenCalledWith([0], [], 2);
    dragWithFinger('Age', 'Household', 2);
    expect(onDrop).toHaveBeenLastCalledWith([1], [2], 0);
  });

  it('drops nothing into the question itself, or when the drag is cancelled', () => {
    const onDrop = renderTree();
    dragWithFinger('Household', 'Size', 1);
    dragWithFinger('Village', 'Age', 2, 'cancel');
    expect(onDrop).not.toHaveBeenCalled();
  });
});
