import { useCallback, useState } from 'react';
import { publishedRangeError, withUsableRange } from '../published-range';
import {
  filterSearchParams,
  sortOf,
  type FilterField,
  type ListingDefinition,
  type ListingFilter,
  type ListingSort,
} from './listing-definition';

/*
 * A listing's two filter states. The URL holds the committed filter, which decides what the server is
 * asked (and makes a filtered list a shareable link); the form holds the draft being typed, which
 * narrows the loaded items at once. Both are the listing's one filter type.
 */

export interface ListingForm<F extends ListingFilter> {
  /** What is being typed; blank fields are "any". */
  draft: F;
  /** The draft minus a reversed date range (its message shown): what the loaded items are narrowed by. */
  usableDraft: F;
  /** Keep it stable for memoised fields: it is. */
  setField: (field: FilterField<F>, value: string) => void;
  /** The message of a reversed published range, shown under 'Published to'. */
  rangeError?: string;
  sort: ListingSort<F>;
  /** Commits the draft (Search or Enter), with another sort if given. */
  search: (sort?: ListingSort<F>) => void;
  /** Clears every filter and the sort. */
  reset: () => void;
}

const range = (f: ListingFilter) => ({
  publishedFrom: f.publishedFrom ?? '',
  publishedTo: f.publishedTo ?? '',
});

export function useListingForm<T, F extends ListingFilter>(
  def: ListingDefinition<T, F>,
  committed: F,
  onCommit: (filter: F) => void,
): ListingForm<F> {
  const [draft, setDraft] = useState(committed);
  const [rangeError, setRangeError] = useState<string>();
  // When the address changes under the form (Back, a shared link opened in place), the form follows.
  const committedKey = JSON.stringify(filterSearchParams(def, committed));
  const [formFor, setFormFor] = useState(committedKey);
  if (formFor !== committedKey) {
    setFormFor(committedKey);
    setDraft(committed);
    setRangeError(undefined);
  }

  const setField = useCallback(
    (field: FilterField<F>, value: string) => setDraft((d) => ({ ...d, [field]: value })),
    [],
  );
  const sort = sortOf(def, committed);

  const search = (nextSort: ListingSort<F> = sort) => {
    const error = publishedRangeError(range(draft));
    setRangeError(error);
    if (!error) onCommit(filterSearchParams(def, { ...draft, ...nextSort }));
  };

  const reset = () => {
    setDraft({} as F);
    setRangeError(undefined);
    onCommit({} as F);
  };

  // A reversed range narrows nothing while it is shown as wrong, so the list keeps showing what the
  // other filters match instead of a misleading 0.
  const usableDraft = publishedRangeError(range(draft))
    ? ({ ...draft, ...withUsableRange(range(draft)) } as F)
    : draft;

  return { draft, usableDraft, setField, rangeError, sort, search, reset };
}
