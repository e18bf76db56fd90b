import { describe, expect, it } from 'vitest';
import { estimateLabel, hoursInputOf, isHoursInput, minutesOfHoursInput } from './format';

describe('estimates', () => {
  it('shows minutes as hours, and reads hours back as minutes', () => {
    expect(estimateLabel(90)).toBe('1.5 hours');
    expect(estimateLabel(60)).toBe('1 hour');
    expect(estimateLabel(20)).toBe('20 minutes');
    expect(estimateLabel(null)).toBe('');
    expect(hoursInputOf(90)).toBe('1.5');
    expect(isHoursInput('0,75')).toBe(true);
    expect(isHoursInput('-1')).toBe(false);
    expect(minutesOfHoursInput('0,75')).toBe(45);
    expect(minutesOfHoursInput(' ')).toBeNull();
  });
});
