import type { SortOrder } from '@contract/content-common';
import type { ListSortField } from '@contract/files';
import type { StorageSort } from '../api/get-folder-items';

/*
 * The listing's order as the user picks it (one select) and as the URL keeps it (sortBy, sortOrder,
 * like the other listings). Pure and free of zod: the route's search validation imports it.
 */

/** The values the route accepts; anything else in a link is dropped. */
export const storageSortFields = ['name', 'created', 'size'] as const satisfies readonly ListSortField[];
export const storageSortOrders = ['asc', 'desc'] as const satisfies readonly SortOrder[];

export const sortChoices = [
  { value: 'name-asc', label: 'Name (A–Z)', sort: { sortBy: 'name', sortOrder: 'asc' } },
  { value: 'created-desc', label: 'Newest first', sort: { sortBy: 'created', sortOrder: 'desc' } },
  { value: 'created-asc', label: 'Oldest first', sort: { sortBy: 'created', sortOrder: 'asc' } },
  { value: 'size-desc', label: 'Largest first', sort: { sortBy: 'size', sortOrder: 'desc' } },
  { value: 'size-asc', label: 'Smallest first', sort: { sortBy: 'size', sortOrder: 'asc' } },
] as const satisfies readonly { value: string; label: string; sort: StorageSort }[];

export type SortChoice = (typeof sortChoices)[number];

/** The URL's sort params as given (either may be absent). */
export type SortParams = { sortBy?: ListSortField; sortOrder?: SortOrder };

/**
 * The choice a link's params name. A missing order is the server's default for the field (names
 * A–Z, dates and sizes largest first); a pair the select does not offer (names Z–A) reads as the
 * default, so the select always shows the order the list is in.
 */
export function sortChoiceOf({ sortBy = 'name', sortOrder }: SortParams): SortChoice {
  const order = sortOrder ?? (sortBy === 'name' ? 'asc' : 'desc');
  return sortChoices.find((c) => c.sort.sortBy === sortBy && c.sort.sortOrder === order) ?? sortChoices[0];
}

/**
 * The params a link keeps: none for the default order, so plain /storage links stay plain (named
 * as undefined, so a navigation that spreads them over the current params removes the old ones).
 */
export const sortParamsOf = (choice: SortChoice): SortParams =>
  choice === sortChoices[0] ? { sortBy: undefined, sortOrder: undefined } : { ...choice.sort };
