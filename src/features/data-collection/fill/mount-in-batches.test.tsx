import type { Question } from '@contract/forms/definition';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { batchEnds, QUESTIONS_PER_BATCH, useMountedCount } from './mount-in-batches';

const text = (name: string): Question => ({ name, type: 'text', label: { default: name } });
const texts = (n: number, prefix = 'q') => Array.from({ length: n }, (_, i) => text(`${prefix}${i}`));
const group = (name: string, children: Question[]): Question => ({
  name,
  type: 'group',
  label: { default: name },
  children,
});

describe('mounting a long form in batches', () => {
  it('mounts a short form in one batch', () => {
    expect(batchEnds(texts(QUESTIONS_PER_BATCH - 1))).toEqual([QUESTIONS_PER_BATCH - 1]);
    expect(batchEnds([])).toEqual([0]);
  });

  it('cuts a long form every few questions, a group weighing its questions', () => {
    expect(batchEnds(texts(20), 8)).toEqual([8, 16, 20]);
    // The group of 10 fills a batch on its own; it is never split.
    expect(batchEnds([text('a'), group('g', texts(10, 'g')), ...texts(3)], 8)).toEqual([2, 5]);
  });

  it('adds a batch after each commit until every question is on the page', async () => {
    const questions = texts(3 * QUESTIONS_PER_BATCH + 2);
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useMountedCount(questions, true, false);
      seen.push(count);
      return count;
    });
    expect(seen[0]).toBe(QUESTIONS_PER_BATCH);
    await waitFor(() => expect(result.current).toBe(questions.length));
    expect([...new Set(seen)]).toEqual([
      QUESTIONS_PER_BATCH,
      2 * QUESTIONS_PER_BATCH,
      3 * QUESTIONS_PER_BATCH,
      questions.length,
    ]);
  });

  it('waits until the form is shown, and mounts everything when asked to (the error summary)', () => {
    vi.useFakeTimers();
    try {
      const questions = texts(5 * QUESTIONS_PER_BATCH);
      const { result, rerender } = renderHook(({ shown, all }) => useMountedCount(questions, shown, all), {
        initialProps: { shown: false, all: false },
      });
      // Nothing advances while the form is not on the page.
      act(() => {
        vi.runAllTimers();
      });
      expect(result.current).toBe(QUESTIONS_PER_BATCH);
      rerender({ shown: true, all: false });
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      expect(result.current).toBe(2 * QUESTIONS_PER_BATCH);
      rerender({ shown: true, all: true });
      expect(result.current).toBe(questions.length);
    } finally {
      vi.useRealTimers();
    }
  });
});
