import { gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
  const words = searchWords(input);
  return words.length ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

/** The words of the input a search looks for, as prefixTsQuery takes them (at most MAX_WORDS, each once). */
export function searchWords(input: string): string[] {
  return [...new Set(input.match(WORD) ?? [])].slice(0, MAX_WORDS);
}

/** The columns the filters shared by the grants and blogs listings read (schema/content.ts). */
export interface ContentFilterColumns {
  category: AnyPgColumn;
  postDate: AnyPgColumn;
  searchVector: AnyPgColumn;
}

/**
 * The conditions of the filters every content listing has, each on an indexed expression: the
 * category against lower(trim(category)), the published range on the post date, the search against
 * the generated tsvector. Blank filters were already dropped by the contract.
 */
export function contentConditions(
  columns: ContentFilterColumns,
  f: { category?: string; publishedFrom?: string; publishedTo?: string; search?: string },
): SQL[] {
  const conditions: SQL[] = [];
  if (f.category) conditions.push(sql`lower(trim(${columns.category})) = lower(${f.category}::text)`);
  if (f.publishedFrom) conditions.push(gte(columns.postDate, f.publishedFrom));
  if (f.publishedTo) conditions.push(lte(columns.postDate, f.publishedTo));
  const query = f.search ? prefixTsQuery(f.search) : null;
  if (query) conditions.push(sql`${columns.searchVector} @@ to_tsquery('simple', ${query})`);
  return conditions;
}
