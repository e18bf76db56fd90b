import { expect, it } from 'vitest';
import {
  FIRST_CHUNK_BYTES,
  firstChunkSize,
  forgetLinkSpeed,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  nextChunkSize,
  rememberLinkSpeed,
} from './chunk-size';

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

it('starts an upload where the last one left off, for two minutes, on the same kind of connection', () => {
  forgetLinkSpeed();
  const now = Date.now();
  expect(firstChunkSize(now)).toBe(FIRST_CHUNK_BYTES);
  // A fast link measured by the last chunk: the next upload's first chunk is already the ceiling.
  rememberLinkSpeed(16 * 1024 * 1024, 0.1, now);
  expect(firstChunkSize(now + 60_000)).toBe(MAX_CHUNK_BYTES);
  // Too old to trust: from the first size again.
  expect(firstChunkSize(now + 3 * 60_000)).toBe(FIRST_CHUNK_BYTES);
  // 3G measured: about five seconds' worth.
  rememberLinkSpeed(256 * 1024, 256 / 90, now);
  expect(firstChunkSize(now)).toBe(Math.round(90 * 1024 * 5));
  forgetLinkSpeed();
  expect(firstChunkSize(now)).toBe(FIRST_CHUNK_BYTES);
});

it('does not carry a measurement over to another kind of connection', () => {
  const connection = { effectiveType: '4g' };
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
  try {
    rememberLinkSpeed(16 * 1024 * 1024, 0.1);
    expect(firstChunkSize()).toBe(MAX_CHUNK_BYTES);
    connection.effectiveType = '2g';
    expect(firstChunkSize()).toBe(FIRST_CHUNK_BYTES);
  } finally {
    forgetLinkSpeed();
    Reflect.deleteProperty(navigator, 'connection');
  }
});
