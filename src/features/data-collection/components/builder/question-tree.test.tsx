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

describe('moving a question with a finger', () => {
  it('drags a question by its grip to after the row under the finger, and into a group', async () => {
    const onDrop = renderTree();
    const grip = gripOf('Village');
    fireEvent.pointerDown(grip, { pointerType: 'touch', pointerId: 1 });
    fingerOver(rowOf('Age'));
    fireEvent.pointerMove(grip, { pointerType: 'touch', pointerId: 1, clientX: 10, clientY: 30 });
    fireEvent.pointerUp(grip, { pointerType: 'touch', pointerId: 1, clientX: 10, clientY: 30 });
    // After Age (index 1), at the root: index 2 before the move takes Village out.
    expect(onDrop).toHaveBeenCalledWith([0], [], 2);

    fireEvent.pointerDown(gripOf('Age'), { pointerType: 'touch', pointerId: 2 });
    fingerOver(rowOf('Household'));
    fireEvent.pointerMove(gripOf('Age'), { pointerType: 'touch', pointerId: 2, clientX: 10, clientY: 30 });
    fireEvent.pointerUp(gripOf('Age'), { pointerType: 'touch', pointerId: 2, clientX: 10, clientY: 30 });
    expect(onDrop).toHaveBeenLastCalledWith([1], [2], 0);
  });

  it('drops nothing when the finger is lifted off any place, or the drag is cancelled, or into itself', () => {
    const onDrop = renderTree();
    const grip = gripOf('Household');
    fireEvent.pointerDown(grip, { pointerType: 'touch', pointerId: 1 });
    fingerOver(rowOf('Size'));
    fireEvent.pointerMove(grip, { pointerType: 'touch', pointerId: 1, clientX: 10, clientY: 30 });
    fireEvent.pointerUp(grip, { pointerType: 'touch', pointerId: 1, clientX: 10, clientY: 30 });

    fireEvent.pointerDown(gripOf('Village'), { pointerType: 'touch', pointerId: 2 });
    fingerOver(rowOf('Age'));
    fireEvent.pointerMove(gripOf('Village'), {
      pointerType: 'touch',
      pointerId: 2,
      clientX: 10,
      clientY: 30,
    });
    fireEvent.pointerCancel(gripOf('Village'), { pointerType: 'touch', pointerId: 2 });
    expect(onDrop).not.toHaveBeenCalled();
  });
});
