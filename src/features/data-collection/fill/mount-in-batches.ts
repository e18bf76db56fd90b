import type { Question } from '@contract/forms/definition';
import { startTransition, useEffect, useMemo, useState } from 'react';

/*
 * A long form's questions are put on the page a few at a time (issue 14's TTI budget). Mounting 200
 * questions is one commit of some 2,000 elements: on a slow phone a task of several hundred
 * milliseconds in which a tap waits. In batches, the first screenful shows at once and each later batch
 * is a short task of its own, so the page answers the volunteer while the rest of the form arrives
 * below the fold. A form of a few questions is mounted whole, as before.
 */

/**
 * Questions a batch mounts (a group or a repeat counts its questions). bench:forms's 200-question form
 * (Lighthouse, 4× CPU): whole, TTI 2.15 s with long tasks to the end; 8 a batch, 1.89 s; 4 a batch,
 * 1.79 s and no batch a long task (2026-11-28, docs/performance.md).
 */
export const QUESTIONS_PER_BATCH = 4;

/** Questions a top-level entry puts on the page: a group or a repeat (one entry) its children's. */
function weightOf(q: Question): number {
  if (q.type === 'group' || q.type === 'repeat')
    return Math.max(
      1,
      (q.children ?? []).reduce((sum, c) => sum + weightOf(c), 0),
    );
  return 1;
}

/** Where each batch ends (exclusive): top-level entries taken in turn until a batch holds its share. */
export function batchEnds(questions: readonly Question[], perBatch = QUESTIONS_PER_BATCH): number[] {
  const ends: number[] = [];
  let held = 0;
  questions.forEach((q, i) => {
    held += weightOf(q);
    if (held >= perBatch) {
      ends.push(i + 1);
      held = 0;
    }
  });
  if (ends.at(-1) !== questions.length) ends.push(questions.length);
  return ends;
}

/**
 * How many of `questions` (top level) are on the page: one more batch after each commit, each as a
 * transition in a task of its own, from when the form is `shown`; all of them at once when `all` (the
 * error summary links to every question).
 */
export function useMountedCount(questions: readonly Question[], shown: boolean, all: boolean): number {
  const ends = useMemo(() => batchEnds(questions), [questions]);
  const [batch, setBatch] = useState(0);
  const done = all || batch >= ends.length - 1;
  useEffect(() => {
    if (done || !shown) return;
    // A task of its own, so input and paint come between two batches.
    const timer = setTimeout(() => startTransition(() => setBatch((b) => b + 1)), 0);
    return () => clearTimeout(timer);
  }, [batch, done, shown]);
  return done ? questions.length : ends[batch]!;
}
