import { createFileRoute, Link } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { Plus } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { getGrantsQueryOptions } from '@/features/grants/api/get-grants';
import { GrantsListing } from '@/features/grants/components/grants-listing';
import { grantsSearchSchema } from '@/features/grants/grants-search';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/grants/')({
  validateSearch: grantsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Warm, never wait: the listing shows skeleton cards while the list loads.
  loader: ({ context, deps }) =>
    void context.queryClient.infiniteQuery(getGrantsQueryOptions(deps)).catch(() => undefined),
  component: LatestGrantsPage,
});

function LatestGrantsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Only a super admin may add grants (the server enforces it); others are not offered the form.
  const canAdd = can(getStoredRole(), 'grants:manage');
  return (
    <GrantsListing
      filters={search}
      onFiltersChange={(next) => void navigate({ search: next, resetScroll: false })}
      actions={
        canAdd && (
          <Link to="/grants/new" className={buttonClass('primary')}>
            <Plus aria-hidden className="size-4" />
            Add grant
          </Link>
        )
      }
    />
  );
}
