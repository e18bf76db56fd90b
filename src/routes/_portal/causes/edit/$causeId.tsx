import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { getCauseQueryOptions } from '@/features/causes/api/get-cause';
import { EditCauseForm } from '@/features/causes/components/edit-cause-form';
import { ReadOnlyCausesNote } from '@/features/causes/components/read-only-causes-note';
import { can } from '@contract/permissions';
import { getStoredRole } from '@/lib/session';

export const Route = createFileRoute('/_portal/causes/edit/$causeId')({
  loader: ({ context, params }) => {
    if (can(getStoredRole(), 'causes:write'))
      void context.queryClient.query(getCauseQueryOptions(params.causeId)).catch(() => undefined);
  },
  component: EditCausePage,
});

function EditCausePage() {
  const { causeId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Link
        to="/causes/$causeId"
        params={{ causeId }}
        className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to the cause
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Edit cause</h1>
      {/* SPEC §6: routes have no role check, so others see why there is no form; the server refuses them. */}
      {can(getStoredRole(), 'causes:write') ? (
        <EditCauseForm
          causeId={causeId}
          onSaved={(cause) => void navigate({ to: '/causes/$causeId', params: { causeId: cause.id } })}
        />
      ) : (
        <ReadOnlyCausesNote />
      )}
    </div>
  );
}
