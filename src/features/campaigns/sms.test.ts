import { describe, expect, it } from 'vitest';
import { smsSize } from './sms';

describe('smsSize', () => {
  it('fits 160 GSM characters in one part and 153 in each part after', () => {
    expect(smsSize('')).toMatchObject({ characters: 0, parts: 0 });
    expect(smsSize('a'.repeat(160))).toEqual({ characters: 160, encoding: 'gsm', parts: 1, perPart: 160 });
    expect(smsSize('a'.repeat(161))).toEqual({ characters: 161, encoding: 'gsm', parts: 2, perPart: 153 });
    expect(smsSize('a'.repeat(306))).toMatchObject({ parts: 2 });
    expect(smsSize('a'.repeat(459))).toMatchObject({ parts: 3 });
  });

  it('counts the GSM extension characters twice', () => {
    expect(smsSize('€'.repeat(80))).toMatchObject({ characters: 80, encoding: 'gsm', parts: 1 });
    expect(smsSize('€'.repeat(81))).toMatchObject({ encoding: 'gsm', parts: 2 });
  });

  it('sends a message with any other character as UCS-2: 70, then 67 a part', () => {
    expect(smsSize('Murakoze 🙏')).toMatchObject({ encoding: 'unicode', parts: 1, perPart: 70 });
    expect(smsSize(`“${'a'.repeat(69)}`)).toMatchObject({ encoding: 'unicode', parts: 1 });
    expect(smsSize(`“${'a'.repeat(70)}`)).toMatchObject({ encoding: 'unicode', parts: 2, perPart: 67 });
  });
});
