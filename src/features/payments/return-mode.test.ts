import { describe, expect, it } from 'vitest';
import { returnMode } from './return-mode';

describe('returnMode', () => {
  it("reads only the literal 'test' as test mode", () => {
    expect(returnMode('test')).toBe('test');
    for (const value of [undefined, null, '', 'TEST', 'Test', ' test', 'live', 'true', true, 1, ['test'], {}])
      expect(returnMode(value)).toBeUndefined();
  });
});
