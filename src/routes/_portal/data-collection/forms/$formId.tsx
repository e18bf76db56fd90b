import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { getFormQueryOptions } from '@/features/data-collection/api/get-form';
import { FormBuilder } from '@/features/data-collection/components/builder/form-builder';
import { can } from '@contract/permissions';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/data-collection/forms/$formId')({
  // Warm, never wait: the builder shows its skeleton while the form loads.
  loader: ({ context, params }) =>
    void context.queryClient.query(getFormQueryOptions(params.formId)).catch(() => undefined),
  component: FormBuilderPage,
});

function FormBuilderPage() {
  const { formId } = Route.useParams();
  // A convenience only: the server checks every action's permission.
  const role = getStoredRole();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <Link
        to="/data-collection"
        className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All forms
      </Link>
      <FormBuilder
        formId={formId}
        permissions={{
          build: can(role, 'forms:build'),
          publish: can(role, 'forms:publish'),
          readResponses: can(role, 'responses:read'),
        }}
      />
    </div>
  );
}
