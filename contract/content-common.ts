import { z } from 'zod';
import { dayOrBlank, isStorableText, opaqueId, text } from './storable';

/*
 * Building blocks shared by the grants and blogs contracts. Query parameters keep plain string input
 * types (so the client can type its search params from them); blank values mean "not given", as the
 * spec's listings omit empty filters.
 */

export const SEARCH_MAX_CHARS = 200;

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** An optional query filter: trimmed, blank = not given. */
export const queryText = (label: string, max = 200) =>
  text(label)
    .trim()
    .max(max, `${label} is too long (${max} characters at most).`)
    .optional()
    .transform((v) => v || undefined);

/** An optional day filter: blank = not given. */
export const queryDay = (label: string) =>
  dayOrBlank(label)
    .optional()
    .transform((v) => v || undefined);

/** An optional day in a body: blank or null means none, output as null. */
export const nullableDay = (label: string) =>
  dayOrBlank(label)
    .nullable()
    .transform((v) => v || null);

export const querySearch = queryText('Search', SEARCH_MAX_CHARS);

export const querySortOrder = z
  .enum(['', ...sortOrders], { error: 'Sort order must be asc or desc.' })
  .optional()
  .transform((v): SortOrder => v || 'desc');

export const querySortBy = <const T extends readonly [string, ...string[]]>(fields: T, fallback: T[number]) =>
  z
    .enum(['', ...fields], { error: `Sort by one of: ${fields.join(', ')}.` })
    .optional()
    .transform((v): T[number] => v || fallback);

export const PUBLISHED_RANGE_MESSAGE = 'The end date must be on or after the start date.';

/** publishedFrom and publishedTo are inclusive bounds: equal days are fine, the reverse order is not. */
export const publishedRangeValid = (q: { publishedFrom?: string; publishedTo?: string }) =>
  !(q.publishedFrom && q.publishedTo && q.publishedFrom > q.publishedTo);

/** A fresh object per schema: zod rewrites the params object it is given. */
export const publishedRangeIssue = () => ({ message: PUBLISHED_RANGE_MESSAGE, path: ['publishedTo'] });

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An optional http(s) URL (an image, a donor's page): blank or null means none, output as null. */
export const optionalHttpUrl = (label: string) =>
  text(label)
    .trim()
    .max(2048, `${label} is too long (2048 characters at most).`)
    .refine(
      (v) => v === '' || (isHttpUrl(v) && isStorableText(v)),
      `${label} must be a web address starting with http:// or https://.`,
    )
    .nullable()
    .transform((v) => v || null);

/** A required single-line text, trimmed. */
export const requiredText = (label: string, max: number) =>
  text(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (${max} characters at most).`);

/** An optional text, trimmed; blank is kept as ''. */
export const optionalText = (label: string, max: number) =>
  text(label).trim().max(max, `${label} is too long (${max} characters at most).`);

/** Path parameter of the by-id routes. Any unknown id, well-formed or not, answers 404. */
export const contentIdParams = z.object({ id: opaqueId('Id') });
export type ContentIdParams = z.infer<typeof contentIdParams>;
