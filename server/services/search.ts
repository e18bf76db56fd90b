/** Words of letters and digits; the search columns are indexed the same way (schema/content.ts). */
const WORD = /[\p{L}\p{M}\p{Nd}]+/gu;
// More words only narrow the result further, and each one is a separate index lookup.
const MAX_WORDS = 12;

/**
 * The to_tsquery text for "every word of the input, as a word prefix": 'Clean wat' → 'clean':* & 'wat':*.
 * Tokens hold only letters and digits, so nothing typed can reach the tsquery syntax (operators,
 * quotes, weights), and the text is still passed as a bound parameter. Null when the input has no
 * word at all (only punctuation), which the listings treat as no search.
 */
export function prefixTsQuery(input: string): string | null {
  const words = [...new Set(input.match(WORD) ?? [])].slice(0, MAX_WORDS);
  return words.length ? words.map((w) => `'${w}':*`).join(' & ') : null;
}
