import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { NewForm } from '@/features/data-collection/components/builder/new-form';
import { can } from '@contract/permissions';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/data-collection/forms/new')({
  component: NewFormPage,
});

function NewFormPage() {
  const navigate = Route.useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Link
        to="/data-collection"
        className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All forms
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">New form</h1>
      {/* Routes have no role check: others see why there is nothing to do; the server refuses them. */}
      {can(getStoredRole(), 'forms:build') ? (
        <NewForm
          onCreated={(form) =>
            void navigate({ to: '/data-collection/forms/$formId', params: { formId: form.id } })
          }
        />
      ) : (
        <Alert tone="info">
          Building forms is for staff and admins. You can fill and read the published forms.
        </Alert>
      )}
    </div>
  );
}
