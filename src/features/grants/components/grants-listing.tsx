import type { GrantFilter, GrantSummary } from '@contract/grants';
import { grantFilterOptions, warmGrantSearch } from '@contract/listing-match';
import { useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import { ListingResults, ListingStatus } from '@/components/listing/listing-results';
import { cn } from '@/components/ui/cn';
import { usePagedListing } from '@/lib/listing/use-paged-listing';
import { grantsListing } from '../grants-listing-definition';
import { GrantCard, GrantCardSkeleton } from './grant-card';
import { GrantsFilters } from './grants-filters';
import { GrantsSort } from './grants-sort';

const noGrants: readonly GrantSummary[] = [];
const nouns = { one: 'grant', many: 'grants' };
const grantKey = (grant: GrantSummary) => grant.id;
const renderGrant = (grant: GrantSummary) => <GrantCard grant={grant} />;
const renderSkeleton = () => <GrantCardSkeleton />;

const WARM_CHUNK = 1000;

/**
 * Tokenises newly loaded grants for search while the browser is idle, a chunk at a time, so the
 * first keystroke over thousands of grants is as quick as the next ones.
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
  /** The committed filter: the page's URL search params. */
  filters: GrantFilter;
  /** Commits a filter to the URL, which drives the query (the route navigates). */
  onFiltersChange: (filters: GrantFilter) => void;
  /** Shown beside the title (the portal's 'Add grant' link for a super admin). */
  actions?: ReactNode;
  className?: string;
}

/**
 * 'Latest Grants', on /public-grants and in the portal's /grants. The URL holds the committed filter
 * and decides what the server is asked, page by page as the user scrolls; the form holds what is
 * being typed, and the loaded grants are narrowed by it at once with the server's own matching
 * rules, so typing stays instant while Search (or Enter) makes the result a shareable link.
 */
export function GrantsListing({ filters, onFiltersChange, actions, className }: GrantsListingProps) {
  const listing = usePagedListing(grantsListing, { filter: filters, onFilterChange: onFiltersChange });
  const { form, loaded } = listing;
  // Options come from the loaded results, worked out once per result rather than per keystroke, and
  // in a deferred render: the lists are only read when a select opens, so working them out (and
  // building the collator that sorts them) never lengthens the render that shows the first cards.
  const optionsFrom = useDeferredValue(loaded ?? noGrants);
  const options = useMemo(() => grantFilterOptions(optionsFrom), [optionsFrom]);
  useWarmSearch(loaded);

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
        draft={form.draft}
        options={options}
        rangeError={form.rangeError}
        onFieldChange={form.setField}
        onSearch={() => form.search()}
        onReset={form.reset}
      />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <ListingStatus
          count={listing.count}
          nouns={nouns}
          loadingText="Loading grants..."
          updating={listing.updating}
        />
        <GrantsSort {...form.sort} onChange={(sort) => form.search(sort)} />
      </div>
      <ListingResults
        listing={listing}
        nouns={nouns}
        label="Grants"
        emptyText="No grants found."
        getKey={grantKey}
        renderItem={renderGrant}
        renderSkeleton={renderSkeleton}
        estimatedRowPx={470}
      />
    </div>
  );
}
