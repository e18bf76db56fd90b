import { expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

it('says sizes as a person would, in units of 1,000', () => {
  expect(formatBytes(0, 'en')).toBe('0 bytes');
  expect(formatBytes(1, 'en')).toBe('1 byte');
  expect(formatBytes(293, 'en')).toBe('293 bytes');
  expect(formatBytes(1200, 'en')).toBe('1.2 kB');
  expect(formatBytes(2_000_000_000, 'en')).toBe('2 GB');
});
