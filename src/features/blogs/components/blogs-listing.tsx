import type { Blog, BlogFilter, BlogSortField, SortOrder } from '@contract/blogs';
import { blogCategories } from '@contract/listing-match';
import { useMemo } from 'react';
import { ListingResults, ListingStatus } from '@/components/listing/listing-results';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { SearchField } from '@/components/ui/search-field';
import { SelectField } from '@/components/ui/select-field';
import { usePagedListing } from '@/lib/listing/use-paged-listing';
import { blogsListing } from '../blogs-listing-definition';
import { BlogCard, BlogCardSkeleton } from './blog-card';

const noBlogs: readonly Blog[] = [];
const nouns = { one: 'blog post', many: 'blog posts' };
const blogKey = (blog: Blog) => blog.id;
const renderBlog = (blog: Blog) => <BlogCard blog={blog} />;
const renderSkeleton = () => <BlogCardSkeleton />;

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
  /** The committed filter: the page's URL search params. */
  filters: BlogFilter;
  /** Commits a filter to the URL, which drives the query (the route navigates). */
  onFiltersChange: (filters: BlogFilter) => void;
  /** The spec: "the public blogs page calls a fixed absolute backend address". */
  baseURL?: string;
  className?: string;
}

/**
 * 'Latest Blogs'. As with the grants: the URL holds the committed filter (a shareable link) and the
 * posts load page by page as the reader scrolls; the form holds what is being typed, and the loaded
 * posts follow the typing at once.
 */
export function BlogsListing({ filters, onFiltersChange, baseURL, className }: BlogsListingProps) {
  const listing = usePagedListing(blogsListing, {
    filter: filters,
    onFilterChange: onFiltersChange,
    baseURL,
  });
  const { form, loaded } = listing;
  const { draft, setField } = form;
  // The spec: category options are "derived from loaded results" (distinct trimmed categories).
  const categories = useMemo(() => blogCategories(loaded ?? noBlogs), [loaded]);
  // Letter case is ignored, like the server: a link saying 'impact' selects 'Impact'; a chosen
  // category the results no longer contain stays selectable.
  const category = draft.category ?? '';
  const categoryMatch = categories.find((c) => c.toLowerCase() === category.toLowerCase());
  const categoryOptions = category && !categoryMatch ? [category, ...categories] : categories;

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
          form.search();
        }}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="sm:col-span-2 lg:col-span-4">
          <SearchField
            label="Search blogs"
            value={draft.search ?? ''}
            onChange={(e) => setField('search', e.target.value)}
            placeholder="Title, topic or author"
            maxLength={200}
          />
        </div>
        <SelectField
          label="Category"
          value={categoryMatch ?? category}
          onChange={(e) => setField('category', e.target.value)}
        >
          <option value="">All categories</option>
          {categoryOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <Field
          label="Published from"
          type="date"
          value={draft.publishedFrom ?? ''}
          max={draft.publishedTo || undefined}
          onChange={(e) => setField('publishedFrom', e.target.value)}
        />
        <Field
          label="Published to"
          type="date"
          value={draft.publishedTo ?? ''}
          min={draft.publishedFrom || undefined}
          error={form.rangeError}
          onChange={(e) => setField('publishedTo', e.target.value)}
        />
        <div className="flex items-end gap-3">
          <Button type="submit" className="flex-1">
            Search
          </Button>
          <Button variant="secondary" onClick={form.reset} className="flex-1">
            Reset
          </Button>
        </div>
      </form>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <ListingStatus
          count={listing.count}
          nouns={nouns}
          loadingText="Loading blogs..."
          updating={listing.updating}
        />
        <div className="sm:w-56">
          <SelectField
            label="Sort by"
            value={`${form.sort.sortBy}-${form.sort.sortOrder}`}
            onChange={(e) => {
              const choice = sortChoices.find((c) => c.value === e.target.value);
              if (choice) form.search(choice);
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
      <ListingResults
        listing={listing}
        nouns={nouns}
        label="Blog posts"
        emptyText="No blogs found."
        getKey={blogKey}
        renderItem={renderBlog}
        renderSkeleton={renderSkeleton}
        estimatedRowPx={520}
      />
    </div>
  );
}
