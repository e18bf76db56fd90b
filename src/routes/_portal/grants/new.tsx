import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { can } from '@contract/permissions';
import { ArrowLeft } from 'lucide-react';
import { AddGrantForm } from '@/features/grants/components/add-grant-form';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/grants/new')({
  // Only a super admin adds grants; anyone else goes back to the list. The server enforces it too.
  beforeLoad: () => {
    if (!can(getStoredRole(), 'grants:manage')) throw redirect({ to: '/grants', replace: true });
  },
  component: AddAGrantPage,
});

function AddAGrantPage() {
  const navigate = Route.useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Link
        to="/grants"
        className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to grants
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Add a grant</h1>
      <AddGrantForm onCreated={(grant) => void navigate({ to: '/grants/$id', params: { id: grant.id } })} />
    </div>
  );
}
