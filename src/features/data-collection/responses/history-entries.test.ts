import { describe, expect, it } from 'vitest';
import { historyEntries } from './history-entries';
import { submissionOf } from './testing';

const edit = (id: string, kind: 'answers' | 'review', previous: unknown, comment: string | null = null) => ({
  id,
  kind,
  previous,
  comment,
  editedBy: { id: 'U9', name: 'Grace' },
  editedAt: '2026-03-15T10:00:00.000Z',
});

describe('a response’s history', () => {
  it('says what each change made: the next change’s previous state, or the response now', () => {
    const now = submissionOf({
      answers: { village: 'C' },
      reviewStatus: 'rejected',
      reviewComment: 'Wrong village',
    });
    const entries = historyEntries(now, [
      edit('E4', 'review', { reviewStatus: 'approved', reviewComment: null }, 'Wrong village'),
      edit('E3', 'answers', { village: 'B' }),
      edit('E2', 'review', { reviewStatus: 'received', reviewComment: null }),
      edit('E1', 'answers', { village: 'A' }),
    ]);
    expect(
      entries.map((e) => (e.kind === 'answers' ? e.changes : [e.before.reviewStatus, e.after.reviewStatus])),
    ).toEqual([
      ['approved', 'rejected'],
      [{ path: 'village', before: 'B', after: 'C' }],
      ['received', 'approved'],
      [{ path: 'village', before: 'A', after: 'B' }],
    ]);
  });
});
