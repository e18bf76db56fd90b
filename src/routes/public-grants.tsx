import { environmentManager } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { getGrantsQueryOptions } from '@/features/grants/api/get-grants';
import { GrantsListing } from '@/features/grants/components/grants-listing';
import { grantsSearchSchema } from '@/features/grants/grants-search';

export const Route = createFileRoute('/public-grants')({
  validateSearch: grantsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Warm, never wait: the page shows skeleton cards until the list arrives. The prerender has no
    // API to ask, so it leaves the fetch to the browser; a failure is the component's to show.
    if (!environmentManager.isServer())
      void context.queryClient.infiniteQuery(getGrantsQueryOptions(deps)).catch(() => undefined);
  },
  head: () => ({ meta: [{ title: 'Latest Grants | NGO Portal' }] }),
  component: LatestGrantsPage,
});

function LatestGrantsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MarketingLayout>
      <GrantsListing
        filters={search}
        onFiltersChange={(next) => void navigate({ search: next, resetScroll: false })}
        className="px-4 pt-8 pb-16 sm:pt-12"
      />
    </MarketingLayout>
  );
}
