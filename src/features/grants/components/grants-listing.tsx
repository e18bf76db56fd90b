import type { GrantSummary } from '@contract/grants';
import { grantFilterOptions, grantMatcher, warmGrantSearch } from '@contract/listing-match';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { useOffline } from '@/lib/connectivity';
import { useHydrated } from '@/lib/use-hydrated';
import { OfflineListNote } from '@/components/offline-list-note';
import { publishedRangeError, withUsableRange } from '@/lib/published-range';
import { grantsQueryKeys, useGrants } from '../api/get-grants';
import { DEFAULT_GRANT_SORT, grantsSearchParams, type GrantsSearch } from '../grants-search';
import { savedGrantsFor } from '../offline-grants';
import { GrantCardSkeleton } from './grant-card';
import { emptyGrantFilterDraft, GrantsFilters, type GrantFilterDraft } from './grants-filters';
import { GrantsGrid } from './grants-grid';
import { GrantsSort } from './grants-sort';

const noGrants: readonly GrantSummary[] = [];

const draftFrom = (search: GrantsSearch): GrantFilterDraft => ({
  country: search.country ?? '',
  areaOfInterest: search.areaOfInterest ?? '',
  category: search.category ?? '',
  publishedFrom: search.publishedFrom ?? '',
  publishedTo: search.publishedTo ?? '',
  search: search.search ?? '',
});

const WARM_CHUNK = 1000;

/**
 * Tokenises a newly loaded list for search while the browser is idle, a chunk at a time, so the
 * first keystroke over 10,000 grants is as quick as the next ones.
 */
function useWarmSearch(grants: readonly GrantSummary[] | undefined) {
  useEffect(() => {
    if (!grants?.length) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    let from = 0;
    let handle = idle(function step() {
      warmGrantSearch(grants, from, from + WARM_CHUNK);
      from += WARM_CHUNK;
      if (from < grants.length) handle = idle(step);
    });
    return () => cancel(handle);
  }, [grants]);
}

export interface GrantsListingProps {
  /** The committed filters: the page's URL search params. */
  filters: GrantsSearch;
  /** Commits filters to the URL, which drives the query (the route navigates). */
  onFiltersChange: (filters: GrantsSearch) => void;
  /** Shown beside the title (the portal's 'Add grant' link for a super admin). */
  actions?: ReactNode;
  className?: string;
}

/**
 * 'Latest Grants' (SPEC §2), on /public-grants and in the portal's /grants. The URL holds the
 * committed filters and decides what the server is asked; the form holds what is being typed, and
 * the loaded list is narrowed by it at once with the server's own matching rules, so typing stays
 * instant with 10,000 grants while Search (or Enter) makes the result a shareable link.
 */
export function GrantsListing({ filters, onFiltersChange, actions, className }: GrantsListingProps) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const query = useGrants(filters);

  const [draft, setDraft] = useState(() => draftFrom(filters));
  const [rangeError, setRangeError] = useState<string>();
  // When the address changes under the form (Back, a shared link opened in place), the form follows.
  const filtersKey = JSON.stringify(grantsSearchParams(filters));
  const [formFor, setFormFor] = useState(filtersKey);
  if (formFor !== filtersKey) {
    setFormFor(filtersKey);
    setDraft(draftFrom(filters));
    setRangeError(undefined);
  }

  const sort = {
    sortBy: filters.sortBy ?? DEFAULT_GRANT_SORT.sortBy,
    sortOrder: filters.sortOrder ?? DEFAULT_GRANT_SORT.sortOrder,
  };

  // Offline, a list never loaded for these filters is worked out from a saved superset, with the
  // server's matching rules and order. Recomputed when the persisted cache has been restored.
  const offline = useOffline();
  const isRestoring = useIsRestoring();
  const needsSaved = offline && (query.data === undefined || query.isPlaceholderData);
  const saved = useMemo(
    () => (needsSaved && !isRestoring ? savedGrantsFor(queryClient, filters) : undefined),
    [needsSaved, isRestoring, queryClient, filters],
  );
  const data = saved?.items ?? query.data;
  const savedAt = saved ? saved.savedAt : query.dataUpdatedAt;

  // The prerendered page has no data: until hydration is over, render what the build rendered,
  // even if the route's loader has already filled the cache. SPEC §4: a failed load is an empty list
  // (so is, offline, a list with nothing saved to answer it).
  const loaded = hydrated
    ? (data ?? (query.isError || (offline && !isRestoring) ? noGrants : undefined))
    : undefined;
  // Options come from the loaded results, worked out once per result rather than per keystroke.
  const options = useMemo(() => grantFilterOptions(loaded ?? noGrants), [loaded]);
  const visible = useMemo(() => loaded?.filter(grantMatcher(withUsableRange(draft))), [loaded, draft]);
  useWarmSearch(loaded);

  const changeField = useCallback(
    (name: keyof GrantFilterDraft, value: string) => setDraft((d) => ({ ...d, [name]: value })),
    [],
  );

  const commit = (next: GrantFilterDraft, nextSort = sort) => {
    const error = publishedRangeError(next);
    setRangeError(error);
    if (!error) onFiltersChange(grantsSearchParams({ ...next, ...nextSort }));
  };

  const reset = () => {
    setDraft(emptyGrantFilterDraft);
    setRangeError(undefined);
    onFiltersChange({});
    // SPEC §4: Reset reloads, even when the list was already unfiltered and fresh.
    void queryClient.invalidateQueries({ queryKey: grantsQueryKeys.list({}), exact: true });
  };

  const updating = hydrated && query.isFetching && loaded !== undefined;

  return (
    <div className={cn('mx-auto flex w-full max-w-6xl flex-col gap-6', className)}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Latest Grants</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Funding opportunities for nonprofits, newest first. Filter by where you work and what you do.
          </p>
        </div>
        {actions}
      </header>

      <GrantsFilters
        draft={draft}
        options={options}
        rangeError={rangeError}
        onFieldChange={changeField}
        onSearch={() => commit(draft)}
        onReset={reset}
      />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span data-testid="result-count">
            {visible === undefined
              ? 'Loading grants...'
              : visible.length === 1
                ? '1 grant'
                : `${visible.length.toLocaleString()} grants`}
          </span>
          {updating && (
            <>
              <Loader2 aria-hidden className="size-4 animate-spin" />
              <span className="sr-only">Updating</span>
            </>
          )}
        </p>
        <GrantsSort {...sort} onChange={(nextSort) => commit(draft, nextSort)} />
      </div>
      {offline && loaded !== undefined && (
        <OfflineListNote savedAt={data !== undefined ? savedAt : undefined} />
      )}

      {visible === undefined ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <GrantCardSkeleton key={i} />
          ))}
        </div>
      ) : visible.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center text-lg font-semibold text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
          No grants found.
        </p>
      ) : (
        <GrantsGrid grants={visible} />
      )}
    </div>
  );
}
