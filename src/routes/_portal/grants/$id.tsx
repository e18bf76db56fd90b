import { createFileRoute } from '@tanstack/react-router';
import { getGrantQueryOptions } from '@/features/grants/api/get-grant';
import { GrantDetails } from '@/features/grants/components/grant-details';

export const Route = createFileRoute('/_portal/grants/$id')({
  // Warm, never wait: the page shows its skeleton, then the grant or 'Grant not found.'.
  loader: ({ context, params }) =>
    void context.queryClient.query(getGrantQueryOptions(params.id)).catch(() => undefined),
  component: GrantDetailsPage,
});

function GrantDetailsPage() {
  const { id } = Route.useParams();
  return <GrantDetails id={id} />;
}
