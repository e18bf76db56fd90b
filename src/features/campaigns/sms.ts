/*
 * How a text message is billed: GSM-7 fits 160 characters in one part and 153 in each part of a
 * longer one (6 go to the header that joins them); a character outside the GSM alphabet (an emoji,
 * curly quotes, most non-Latin scripts) turns the whole message into UCS-2: 70 in one part, 67 per
 * part after. A few GSM characters take two places (an escape and the character).
 */

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export interface SmsSize {
  /** Characters as the server counts them against CAMPAIGN_SMS_MAX (UTF-16 units). */
  characters: number;
  encoding: 'gsm' | 'unicode';
  /** Parts the message is sent in; 0 for an empty one. */
  parts: number;
  /** Places in each part at this length (160 or 153, 70 or 67). */
  perPart: number;
}

export function smsSize(text: string): SmsSize {
  let places = 0;
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) places += 1;
    else if (GSM_EXTENDED.has(ch)) places += 2;
    else return sized(text.length, 'unicode', text.length, 70, 67);
  }
  return sized(text.length, 'gsm', places, 160, 153);
}

function sized(
  characters: number,
  encoding: SmsSize['encoding'],
  places: number,
  single: number,
  multi: number,
) {
  const parts = places === 0 ? 0 : places <= single ? 1 : Math.ceil(places / multi);
  return { characters, encoding, parts, perPart: parts > 1 ? multi : single };
}
