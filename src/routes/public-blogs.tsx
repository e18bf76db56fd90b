import { environmentManager } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { getBlogPagesQueryOptions, publicBlogsApiBaseUrl } from '@/features/blogs/api/get-blogs';
import { BlogsListing } from '@/features/blogs/components/blogs-listing';
import { blogsSearchSchema } from '@/features/blogs/blogs-search';

export const Route = createFileRoute('/public-blogs')({
  validateSearch: blogsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Warm, never wait: the page shows skeleton cards until the list arrives. The prerender has no
    // API to ask, so it leaves the fetch to the browser; a failure is the component's to show.
    if (!environmentManager.isServer())
      void context.queryClient
        .infiniteQuery(getBlogPagesQueryOptions(deps, { baseURL: publicBlogsApiBaseUrl }))
        .catch(() => undefined);
  },
  head: () => ({ meta: [{ title: 'Latest Blogs | NGO Portal' }] }),
  component: LatestBlogsPage,
});

function LatestBlogsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MarketingLayout>
      <BlogsListing
        filters={search}
        onFiltersChange={(next) => void navigate({ search: next, resetScroll: false })}
        baseURL={publicBlogsApiBaseUrl}
        className="px-4 pt-8 pb-16 sm:pt-12"
      />
    </MarketingLayout>
  );
}
