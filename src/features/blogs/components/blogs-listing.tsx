import type { Blog, BlogSortField, SortOrder } from '@contract/blogs';
import { blogCategories, blogMatcher } from '@contract/listing-match';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { Loader2, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { useOffline } from '@/lib/connectivity';
import { useHydrated } from '@/lib/use-hydrated';
import { OfflineListNote } from '@/components/offline-list-note';
import { publishedRangeError, withUsableRange } from '@/lib/published-range';
import { blogsQueryKeys, useBlogs } from '../api/get-blogs';
import { blogsSearchParams, DEFAULT_BLOG_SORT, type BlogsSearch } from '../blogs-search';
import { savedBlogsFor } from '../offline-blogs';
import { BlogCard, BlogCardSkeleton } from './blog-card';

const noBlogs: readonly Blog[] = [];

interface Draft {
  category: string;
  publishedFrom: string;
  publishedTo: string;
  search: string;
}

const emptyDraft: Draft = { category: '', publishedFrom: '', publishedTo: '', search: '' };

const draftFrom = (search: BlogsSearch): Draft => ({
  category: search.category ?? '',
  publishedFrom: search.publishedFrom ?? '',
  publishedTo: search.publishedTo ?? '',
  search: search.search ?? '',
});

/** One select for field and direction, worded for a list of posts; every pair the API takes. */
const sortChoices: { value: string; label: string; sortBy: BlogSortField; sortOrder: SortOrder }[] = [
  { value: 'postDate-desc', label: 'Newest first', sortBy: 'postDate', sortOrder: 'desc' },
  { value: 'postDate-asc', label: 'Oldest first', sortBy: 'postDate', sortOrder: 'asc' },
  { value: 'title-asc', label: 'Title, A to Z', sortBy: 'title', sortOrder: 'asc' },
  { value: 'title-desc', label: 'Title, Z to A', sortBy: 'title', sortOrder: 'desc' },
  { value: 'createdAt-desc', label: 'Recently added', sortBy: 'createdAt', sortOrder: 'desc' },
  { value: 'createdAt-asc', label: 'First added', sortBy: 'createdAt', sortOrder: 'asc' },
];

export interface BlogsListingProps {
  /** The committed filters: the page's URL search params. */
  filters: BlogsSearch;
  /** Commits filters to the URL, which drives the query (the route navigates). */
  onFiltersChange: (filters: BlogsSearch) => void;
  /** SPEC §7: the public page asks a fixed backend address for the list. */
  baseURL?: string;
  className?: string;
}

/**
 * 'Latest Blogs' (SPEC §2). As with the grants: the URL holds the committed filters (a shareable
 * link), the form what is being typed, and the loaded list follows the typing at once.
 */
export function BlogsListing({ filters, onFiltersChange, baseURL, className }: BlogsListingProps) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const query = useBlogs(filters, { baseURL });

  const [draft, setDraft] = useState(() => draftFrom(filters));
  const [rangeError, setRangeError] = useState<string>();
  // When the address changes under the form (Back, a shared link opened in place), the form follows.
  const filtersKey = JSON.stringify(blogsSearchParams(filters));
  const [formFor, setFormFor] = useState(filtersKey);
  if (formFor !== filtersKey) {
    setFormFor(filtersKey);
    setDraft(draftFrom(filters));
    setRangeError(undefined);
  }

  const sortBy = filters.sortBy ?? DEFAULT_BLOG_SORT.sortBy;
  const sortOrder = filters.sortOrder ?? DEFAULT_BLOG_SORT.sortOrder;
  const sortValue = `${sortBy}-${sortOrder}`;

  // Offline, a list never loaded for these filters is worked out from a saved superset, with the
  // server's matching rules and order. Recomputed when the persisted cache has been restored.
  const offline = useOffline();
  const isRestoring = useIsRestoring();
  const needsSaved = offline && query.data === undefined;
  const saved = useMemo(
    () => (needsSaved && !isRestoring ? savedBlogsFor(queryClient, filters, baseURL) : undefined),
    [needsSaved, isRestoring, queryClient, filters, baseURL],
  );
  const data = saved?.items ?? query.data;
  const savedAt = saved ? saved.savedAt : query.dataUpdatedAt;

  // Until hydration is over, render what the prerender rendered. SPEC §4: a failed load is an empty
  // list (so is, offline, a list with nothing saved to answer it).
  const loaded = hydrated
    ? (data ?? (query.isError || (offline && !isRestoring) ? noBlogs : undefined))
    : undefined;
  const categories = useMemo(() => blogCategories(loaded ?? noBlogs), [loaded]);
  const visible = useMemo(() => loaded?.filter(blogMatcher(withUsableRange(draft))), [loaded, draft]);
  // Letter case is ignored, like the server: a link saying 'impact' selects 'Impact'; a chosen
  // category the results no longer contain stays selectable.
  const categoryMatch = categories.find((c) => c.toLowerCase() === draft.category.toLowerCase());
  const categoryOptions = draft.category && !categoryMatch ? [draft.category, ...categories] : categories;
  const selectedCategory = categoryMatch ?? draft.category;

  const commit = (
    next: Draft,
    sort: { sortBy: BlogSortField; sortOrder: SortOrder } = { sortBy, sortOrder },
  ) => {
    const error = publishedRangeError(next);
    setRangeError(error);
    if (!error) onFiltersChange(blogsSearchParams({ ...next, ...sort }));
  };

  const reset = () => {
    setDraft(emptyDraft);
    setRangeError(undefined);
    onFiltersChange({});
    // SPEC §4: Reset reloads, even when the list was already unfiltered and fresh.
    void queryClient.invalidateQueries({ queryKey: blogsQueryKeys.list({}, baseURL), exact: true });
  };

  const set = (name: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const updating = hydrated && query.isFetching && loaded !== undefined;

  return (
    <div className={cn('mx-auto flex w-full max-w-6xl flex-col gap-6', className)}>
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Latest Blogs</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Ideas and practical guides on fundraising, impact and running a nonprofit.
        </p>
      </header>

      <form
        role="search"
        aria-label="Filter blogs"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          commit(draft);
        }}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="relative sm:col-span-2 lg:col-span-4">
          <Field
            label="Search blogs"
            type="search"
            value={draft.search}
            onChange={(e) => set('search')(e.target.value)}
            placeholder="Title, topic or author"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            className="w-full pl-10"
          />
          <Search
            aria-hidden
            className="pointer-events-none absolute bottom-3 left-3 size-5 text-slate-500 dark:text-slate-400"
          />
        </div>
        <SelectField
          label="Category"
          value={selectedCategory}
          onChange={(e) => set('category')(e.target.value)}
        >
          <option value="">All categories</option>
          {categoryOptions.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
        <Field
          label="Published from"
          type="date"
          value={draft.publishedFrom}
          max={draft.publishedTo || undefined}
          onChange={(e) => set('publishedFrom')(e.target.value)}
        />
        <Field
          label="Published to"
          type="date"
          value={draft.publishedTo}
          min={draft.publishedFrom || undefined}
          error={rangeError}
          onChange={(e) => set('publishedTo')(e.target.value)}
        />
        <div className="flex items-end gap-3">
          <Button type="submit" className="flex-1">
            Search
          </Button>
          <Button variant="secondary" onClick={reset} className="flex-1">
            Reset
          </Button>
        </div>
      </form>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span data-testid="result-count">
            {visible === undefined
              ? 'Loading blogs...'
              : visible.length === 1
                ? '1 blog post'
                : `${visible.length} blog posts`}
          </span>
          {updating && (
            <>
              <Loader2 aria-hidden className="size-4 animate-spin" />
              <span className="sr-only">Updating</span>
            </>
          )}
        </p>
        <div className="sm:w-56">
          <SelectField
            label="Sort by"
            value={sortValue}
            onChange={(e) => {
              const choice = sortChoices.find((c) => c.value === e.target.value);
              if (choice) commit(draft, choice);
            }}
          >
            {sortChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {offline && loaded !== undefined && (
        <OfflineListNote savedAt={data !== undefined ? savedAt : undefined} />
      )}

      {visible === undefined ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <BlogCardSkeleton key={i} />
          ))}
        </div>
      ) : visible.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center text-lg font-semibold text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
          No blogs found.
        </p>
      ) : (
        <ul aria-label="Blog posts" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((blog) => (
            <li key={blog.id} className="min-w-0">
              <BlogCard blog={blog} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
