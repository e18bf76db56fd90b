import { expect, it } from 'vitest';
import { FIRST_CHUNK_BYTES, MAX_CHUNK_BYTES, MIN_CHUNK_BYTES, nextChunkSize } from './chunk-size';

it('sizes chunks to take about five seconds at the measured speed, within bounds', () => {
  // Regular 2G's upload, about 6 KB/s: 30 KB chunks... floored at 32 KiB, so a drop costs seconds.
  expect(nextChunkSize(64 * 1024, 64 / 6)).toBe(MIN_CHUNK_BYTES);
  // 3G, about 90 KB/s up: 450 KB chunks.
  expect(nextChunkSize(256 * 1024, 256 / 90)).toBe(Math.round(90 * 1024 * 5));
  // A fast link grows sixteenfold at a time, up to the ceiling: 64 KiB, 1 MiB, 16 MiB, 32 MiB.
  expect(nextChunkSize(FIRST_CHUNK_BYTES, 0.01)).toBe(1024 * 1024);
  expect(nextChunkSize(1024 * 1024, 0.01)).toBe(16 * 1024 * 1024);
  expect(nextChunkSize(16 * 1024 * 1024, 0.1)).toBe(MAX_CHUNK_BYTES);
  expect(nextChunkSize(MAX_CHUNK_BYTES, 0.5)).toBe(MAX_CHUNK_BYTES);
  // Nothing measured: start again from the first size.
  expect(nextChunkSize(0, 1)).toBe(FIRST_CHUNK_BYTES);
  expect(nextChunkSize(1000, 0)).toBe(FIRST_CHUNK_BYTES);
});
