import { describe, expect, it } from 'vitest';
import { sheetNames } from './sheet-names';

describe('worksheet names', () => {
  it('cuts to 31 characters, removes what Excel refuses and keeps them distinct', () => {
    const names = sheetNames([
      'Village survey: été 2026 [final] / round two',
      'member',
      'MEMBER',
      'a/member',
      'household_members_with_a_long_name_1',
      'household_members_with_a_long_name_2',
      '',
      'History',
      "'quoted'",
    ]);
    expect(names).toEqual([
      'Village survey été 2026 final r',
      'member',
      'MEMBER (2)',
      'a member',
      'household_members_with_a_long_n',
      'household_members_with_a_lo (2)',
      'Sheet 7',
      'Sheet 8',
      'quoted',
    ]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });

  it('never splits a surrogate pair when cutting', () => {
    const [name] = sheetNames([`${'x'.repeat(30)}😀 more`]);
    expect(name).toBe('x'.repeat(30));
  });
});
