import { createFileRoute, Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { listFormsQueryOptions } from '@/features/data-collection/api/list-forms';
import { FormsListing } from '@/features/data-collection/components/list/forms-listing';
import { can } from '@contract/permissions';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/data-collection/')({
  // Warm, never wait: the listing shows skeleton cards while the forms load.
  loader: ({ context }) => void context.queryClient.query(listFormsQueryOptions()).catch(() => undefined),
  component: CollectDataPage,
});

function CollectDataPage() {
  // A convenience only: the server checks every action's permission.
  const role = getStoredRole();
  const permissions = {
    build: can(role, 'forms:build'),
    publish: can(role, 'forms:publish'),
    readResponses: can(role, 'responses:read'),
  };
  const create = (label: string) => (
    <Link to="/data-collection/forms/new" className={buttonClass('primary')}>
      <Plus aria-hidden className="size-4" />
      {label}
    </Link>
  );
  return (
    <FormsListing
      permissions={permissions}
      actions={permissions.build && create('New form')}
      emptyAction={permissions.build && create('Create your first form')}
    />
  );
}
