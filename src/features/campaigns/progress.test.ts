import { describe, expect, it } from 'vitest';
import { doneCount, percentDone, remainingCount, timeLeftLabel } from './progress';
import { countsOf } from './testing';

describe('a campaign’s progress', () => {
  it('counts the four final statuses as done and queued and sending as left', () => {
    const counts = countsOf({ sent: 5, bounced: 1, failed: 2, unsubscribed: 1, queued: 7, sending: 3 });
    expect(doneCount(counts)).toBe(9);
    expect(remainingCount(counts)).toBe(10);
  });

  it('never says 100% before the last one is done', () => {
    expect(percentDone(999, 1000)).toBe(99);
    expect(percentDone(1000, 1000)).toBe(100);
    expect(percentDone(0, 0)).toBe(0);
  });

  it('says the time left from the recent rate, in whole minutes up', () => {
    expect(timeLeftLabel(150, 0.5)).toBe('about 5 min left');
    expect(timeLeftLabel(121, 2)).toBe('about 2 min left');
    expect(timeLeftLabel(20, 1)).toBe('less than a minute left');
    expect(timeLeftLabel(20, 0)).toBeNull();
    expect(timeLeftLabel(0, 3)).toBeNull();
  });
});
