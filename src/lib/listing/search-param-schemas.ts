import * as z from 'zod/mini';
import { isCalendarDate } from '../calendar-date';

/*
 * Pieces of the listings' URL search-param schemas (grants, blogs). zod/mini keeps them small on
 * prerendered public pages. A value that cannot be used (from a hand-edited or old link) is dropped
 * rather than failing the page: the listing then simply shows more.
 */

/**
 * A text filter: trimmed, blank = absent. The router reads `?search=2025` as a number and
 * `?search=true` as a boolean; both are text.
 */
export const textSearchParam = (maxLength = 200) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number(), z.boolean()]),
        z.transform((v) => String(v).trim().slice(0, maxLength) || undefined),
      ),
    ),
    undefined,
  );

/** A day filter, 'YYYY-MM-DD' naming a real day; anything else is absent. */
export const daySearchParam = () =>
  z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((v) => (isCalendarDate(v.trim()) ? v.trim() : undefined)),
      ),
    ),
    undefined,
  );

/** One of a fixed set of values (a sort field or order); anything else is absent. */
export const enumSearchParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.optional(z.enum(values)), undefined);
