import { plans } from '@contract/plans';
import { describe, expect, it } from 'vitest';
import {
  formatAiTokens,
  formatCompactCount,
  formatMembers,
  formatReporting,
  formatStorage,
} from './plan-format';

describe('plan formatting', () => {
  it('shortens large counts', () => {
    expect(formatCompactCount(800)).toBe('800');
    expect(formatCompactCount(50_000)).toBe('50K');
    expect(formatCompactCount(1_000_000)).toBe('1M');
    expect(formatCompactCount(1_500_000)).toBe('1.5M');
  });

  it('words the Starter limits as the landing page does', () => {
    const starter = plans.find((p) => p.id === 'starter')!;
    expect(formatMembers(starter)).toBe('5 team members');
    expect(formatStorage(starter)).toBe('2GB storage');
    expect(formatAiTokens(starter)).toBe('50K AI tokens / month');
    expect(formatReporting(starter)).toBe('Basic reporting');
  });
});
