import { createFileRoute, Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { getCausesQueryOptions } from '@/features/causes/api/get-causes';
import { CausesListing } from '@/features/causes/components/causes-listing';
import { can } from '@contract/permissions';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/causes/')({
  // Warm, never wait: the listing shows skeleton cards while the causes load.
  loader: ({ context }) => void context.queryClient.query(getCausesQueryOptions()).catch(() => undefined),
  component: FundraisePage,
});

function FundraisePage() {
  // NGO admins and staff create causes (the server enforces it); others only read.
  const canCreate = can(getStoredRole(), 'causes:write');
  const create = (label: string) => (
    <Link to="/causes/create" className={buttonClass('primary')}>
      <Plus aria-hidden className="size-4" />
      {label}
    </Link>
  );
  return (
    <CausesListing
      actions={canCreate && create('Create a cause')}
      emptyAction={canCreate && create('Create your first cause')}
    />
  );
}
