import type { SortOrder } from '@contract/content-common';

/*
 * What the shared listing machinery (usePagedListing, the paged query, the offline answer) needs to
 * know of one listing. A feature declares it once (features/grants/grants-listing-definition.ts) and
 * everything else is derived from it, so a new portal listing is one definition and one screen.
 */

/** A listing's filter: text fields (blank = not given) plus the sort. The contract's GrantFilter is one. */
export type ListingFilter = { sortBy?: string; sortOrder?: SortOrder } & {
  [field: string]: string | undefined;
};

/** The filter's fields other than the sort: what the form edits and what narrows the list. */
export type FilterField<F extends ListingFilter> = Exclude<keyof F & string, 'sortBy' | 'sortOrder'>;

export interface ListingSort<F extends ListingFilter> {
  sortBy: NonNullable<F['sortBy']>;
  sortOrder: SortOrder;
}

export interface ListingDefinition<T, F extends ListingFilter> {
  /** The query keys' root and the resource's name: 'grants' → ['grants', 'pages', filter]. */
  resource: string;
  /** The GET path under the API base that answers the listing, page by page: '/grants'. */
  path: string;
  /** The filter's fields other than the sort, in the order a link lists them. */
  fields: readonly FilterField<F>[];
  /** The order when the filter names none (the spec's default listing sort: newest post first). */
  defaultSort: ListingSort<F>;
  /** Items asked per page (contract/paging.ts: at most PAGE_LIMIT_MAX). */
  pageSize: number;
  /** The server's matching rules for a filter (contract/listing-match.ts), prepared once. */
  matcher: (filter: F) => (item: T) => boolean;
  /** The server's ORDER BY for a sort, for lists answered offline from a saved superset. */
  compare: (sort: ListingSort<F>) => (a: T, b: T) => number;
}

/** Identity with inference: `defineListing<GrantSummary, GrantFilter>({ … })`. */
export const defineListing = <T, F extends ListingFilter>(definition: ListingDefinition<T, F>) => definition;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The filter's sort, the definition's default filling what it leaves out. */
export function sortOf<T, F extends ListingFilter>(def: ListingDefinition<T, F>, filter: F): ListingSort<F> {
  return {
    sortBy: (filter.sortBy || def.defaultSort.sortBy) as ListingSort<F>['sortBy'],
    sortOrder: filter.sortOrder || def.defaultSort.sortOrder,
  };
}

/**
 * Blank fields dropped, text trimmed, the sort made explicit: `{}` and `{ country: ' ' }` are one
 * list, so they share one cache entry and one request. Fields the definition does not name are dropped.
 */
export function normaliseFilter<T, F extends ListingFilter>(def: ListingDefinition<T, F>, filter: F): F {
  const out: Record<string, string> = {};
  for (const field of def.fields) {
    const value = trimmed(filter[field]);
    if (value) out[field] = value;
  }
  return { ...out, ...sortOf(def, filter) } as F;
}

/**
 * The filter as URL search params: blanks and the default sort left out, so the plain listing is the
 * bare path (the prerendered page) and a shared link carries only what was chosen.
 */
export function filterSearchParams<T, F extends ListingFilter>(def: ListingDefinition<T, F>, filter: F): F {
  const { sortBy, sortOrder, ...rest } = normaliseFilter(def, filter);
  const out: Record<string, string> = { ...(rest as Record<string, string>) };
  if (sortBy !== def.defaultSort.sortBy) out.sortBy = sortBy!;
  if (sortOrder !== def.defaultSort.sortOrder) out.sortOrder = sortOrder!;
  return out as F;
}

/** Whether two filters ask the server for the same list. */
export function sameFilter<T, F extends ListingFilter>(def: ListingDefinition<T, F>, a: F, b: F): boolean {
  return JSON.stringify(normaliseFilter(def, a)) === JSON.stringify(normaliseFilter(def, b));
}
