import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, percentOf, progressText } from './download-progress';

describe('export progress in words', () => {
  it('says how much arrived, of how much, and the time left', () => {
    expect(progressText({ received: 1_200_000, total: 4_800_000, speed: 400_000 })).toBe(
      '1.2 MB of 4.8 MB · about 9 seconds left',
    );
    expect(progressText({ received: 512, speed: 100 })).toBe('512 bytes received');
    expect(percentOf({ received: 1_200_000, total: 4_800_000, speed: 1 })).toBe(25);
    expect(percentOf({ received: 5, speed: 1 })).toBeUndefined();
  });

  it('rounds sizes and durations for people', () => {
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(150_000_000)).toBe('150 MB');
    expect(formatDuration(150)).toBe('about 3 minutes');
    expect(formatDuration(0.4)).toBe('about 1 second');
  });
});
