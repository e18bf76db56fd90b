import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import {
  composerResolver,
  inputOfPath,
  newComposerValues,
  typedHours,
  type ComposerValues,
} from './composer-form';
import { localInputToIso, scheduleProblem } from './schedule';

const now = new Date(2026, 10, 20, 12, 0);
const resolve = async (over: Partial<ComposerValues>) => {
  const values = { ...newComposerValues('2026-11-20'), name: 'N', subject: 'S', body: 'B', ...over };
  const result = await composerResolver(() => now)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return result as { values: Record<string, unknown>; errors: FieldErrors<ComposerValues> };
};

describe('the composer’s form', () => {
  it('makes the contract’s body of the chosen segment only, with sendAt null to send now', async () => {
    const { values, errors } = await resolve({ roles: ['STAFF'], from: '2020-01-01', minHours: 'x' });
    expect(errors).toEqual({});
    expect(values).toEqual({
      name: 'N',
      subject: 'S',
      body: 'B',
      channels: ['email'],
      segment: { kind: 'members', roles: ['STAFF'], ngoIds: [] },
      sendAt: null,
    });
  });

  it('puts the segment’s messages on their inputs', async () => {
    const { errors } = await resolve({
      segmentKind: 'volunteers_with_hours',
      from: '2026-02-01',
      to: '2026-01-01',
      minHours: 'lots',
      channels: [],
    });
    expect(errors.minHours?.message).toBe('Minimum hours must be a number.');
    expect(errors.channels?.message).toBe('Choose at least one channel.');
    // The contract judges the period once the segment's own fields are valid.
    const period = await resolve({
      segmentKind: 'volunteers_with_hours',
      from: '2026-02-01',
      to: '2026-01-01',
    });
    expect(period.errors.to?.message).toBe('From must be on or before To.');
  });

  it('reads hours as typed, a blank as 0', () => {
    expect(typedHours('')).toBe(0);
    expect(typedHours('2,5')).toBe(2.5);
    expect(Number.isNaN(typedHours('-1'))).toBe(true);
  });

  it('maps a refusal’s field paths to inputs', () => {
    expect(inputOfPath(['segment', 'roles', 0])).toBe('roles');
    expect(inputOfPath(['segment'])).toBe('segmentKind');
    expect(inputOfPath(['sendAt'])).toBe('sendAt');
    expect(inputOfPath(['somethingElse'])).toBe('root');
  });

  it('schedules in the device’s zone, with the offset written out, in the future and within a year', async () => {
    const iso = localInputToIso('2026-12-01T09:30')!;
    expect(iso).toMatch(/^2026-12-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getHours()).toBe(9);
    expect(localInputToIso('2026-02-30T09:00')).toBeNull();
    expect(scheduleProblem('', now)).toBe('Choose the date and time to send it.');
    expect(scheduleProblem('2026-11-20T11:00', now)).toBe('Choose a time in the future.');
    expect(scheduleProblem('2028-01-01T09:00', now)).toBe('Choose a time within a year from now.');
    const { values } = await resolve({ sendMode: 'schedule', sendAt: '2026-12-01T09:30' });
    expect(values.sendAt).toBe(iso);
  });
});
