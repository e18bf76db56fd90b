import { isCalendarDate } from '../calendar-date';

/*
 * The listings' URL search params (grants, blogs) read by hand: a schema library is the largest
 * piece of a prerendered listing page's first load (ADR 0006), and these rules are a few lines. A
 * value that cannot be used (from a hand-edited or old link) is dropped rather than failing the
 * page: the listing then simply shows more.
 */

/** Reads one param's raw value (as the router decoded it) into the filter's value, or drops it. */
export type ParamReader<T> = (raw: unknown) => T | undefined;

/**
 * A text filter: trimmed, capped, blank = absent. The router reads `?search=2025` as a number and
 * `?search=true` as a boolean; both are text.
 */
export const textParam =
  (maxLength = 200): ParamReader<string> =>
  (raw) =>
    typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
      ? String(raw).trim().slice(0, maxLength) || undefined
      : undefined;

/** A day filter, 'YYYY-MM-DD' naming a real day; anything else is absent. */
export const dayParam = (): ParamReader<string> => (raw) =>
  typeof raw === 'string' && isCalendarDate(raw.trim()) ? raw.trim() : undefined;

/** One of a fixed set of values (a sort field or order); anything else is absent. */
export const enumParam =
  <const T extends readonly string[]>(values: T): ParamReader<T[number]> =>
  (raw) =>
    typeof raw === 'string' && values.includes(raw) ? (raw as T[number]) : undefined;

/**
 * A route's `validateSearch` from one reader per filter key: `parse` keeps each usable value and
 * leaves the rest out, so its output is the listing's one filter type.
 */
export function searchParamsReader<F extends object>(readers: {
  [K in keyof F]-?: ParamReader<NonNullable<F[K]>>;
}) {
  return {
    parse(search: { [K in keyof F]?: unknown }): F {
      const filter: Partial<F> = {};
      for (const key of Object.keys(readers) as (keyof F)[]) {
        const value = readers[key](search[key]);
        if (value !== undefined) filter[key] = value as F[typeof key];
      }
      return filter as F;
    },
  };
}
