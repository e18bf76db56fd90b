import { describe, expect, it } from 'vitest';
import { formatMoney, majorInputValue, parseMajorAmount, percentRaised } from './money';

describe('money on the cause screens', () => {
  it('formats minor units with the currency’s own decimals', () => {
    expect(formatMoney(150000, 'RWF')).toMatch(/^RWF\s150,000$/);
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(1200, 'USD')).toBe('$12');
    expect(majorInputValue('KES', 1250)).toBe('12.5');
    expect(majorInputValue('UGX', 500)).toBe('500');
  });

  it('reads typed amounts into minor units', () => {
    expect(parseMajorAmount('5000', 'RWF')).toEqual({ ok: true, minor: 5000 });
    expect(parseMajorAmount('5,000', 'RWF')).toEqual({ ok: true, minor: 5000 });
    expect(parseMajorAmount('12.5', 'USD')).toEqual({ ok: true, minor: 1250 });
    expect(parseMajorAmount('12.50', 'KES')).toEqual({ ok: true, minor: 1250 });
    expect(parseMajorAmount('500.0', 'UGX')).toEqual({ ok: true, minor: 500 });
    expect(parseMajorAmount('500.5', 'RWF')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMajorAmount('1.234', 'USD')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMajorAmount('', 'USD')).toEqual({ ok: false, reason: 'empty' });
    expect(parseMajorAmount('abc', 'USD')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseMajorAmount('-5', 'USD')).toEqual({ ok: false, reason: 'zero' });
    expect(parseMajorAmount('0', 'USD')).toEqual({ ok: false, reason: 'zero' });
  });

  it('computes the percentage raised, past 100 too', () => {
    expect(percentRaised(2500, 10000)).toBe(25);
    expect(percentRaised(15000, 10000)).toBe(150);
    expect(percentRaised(5, 0)).toBe(0);
  });
});
