import { z } from 'zod';
import { text } from './storable';

/*
 * The caller's own phone number for text messages (issue 16): a campaign's SMS channel reaches only
 * members who gave one. Stored as E.164 in users.phone.
 *
 * | Method | Path       | Permission | Body     | Response                             |
 * |--------|------------|------------|----------|--------------------------------------|
 * | GET    | /me/phone  | signed in  | –        | 200 { phone: string \| null }        |
 * | PUT    | /me/phone  | signed in  | phonePut | 200 { phone } (normalised to E.164)  |
 * | DELETE | /me/phone  | signed in  | –        | 204 (phone is null again)            |
 */

export const PHONE_MESSAGE = 'Enter a phone number with its country code, e.g. +250 788 123 456.';

/** E.164: a plus, a country code not starting with 0, 8 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/;

// Written forms people type: '+250 788-123-456', '(0788) 123 456'. Unicode dashes come from pasting.
const SEPARATORS = /[\s\-\u2010-\u2015()]/g;

/**
 * The number as E.164, or null when it cannot be one. Spaces, dashes and parentheses go; a national
 * Rwandan number (a '0' and nine digits, '0788 123 456') gets +250, the country this portal serves
 * first. Anything else must carry its country code: '250788123456' without the plus is refused
 * rather than guessed.
 */
export function normalisePhone(raw: string): string | null {
  const compact = raw.replace(SEPARATORS, '');
  const phone = /^0\d{9}$/.test(compact) ? `+250${compact.slice(1)}` : compact;
  return E164.test(phone) ? phone : null;
}

export const phonePut = z.object({
  phone: text('Phone')
    // Bounds the work before normalising; no way of writing a real number is this long.
    .max(40, PHONE_MESSAGE)
    .transform((value, ctx) => {
      const phone = normalisePhone(value);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return phone;
    }),
});
export type PhonePutInput = z.input<typeof phonePut>;
export type PhonePut = z.output<typeof phonePut>;

export const phoneAnswer = z.object({ phone: z.string().nullable() });
export type PhoneAnswer = z.infer<typeof phoneAnswer>;
