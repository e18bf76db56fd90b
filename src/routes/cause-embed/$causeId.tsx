import { createFileRoute } from '@tanstack/react-router';
import { getPublicCauseQueryOptions } from '@/features/causes/api/get-public-cause';
import { CauseEmbedScreen } from '@/features/causes/components/cause-embed-screen';

// Public and framed by other sites (the server gives this path its own frame-ancestors rule).
export const Route = createFileRoute('/cause-embed/$causeId')({
  // Warm, never wait: the card shows its skeleton at once on a slow connection.
  loader: ({ context, params }) =>
    void context.queryClient.query(getPublicCauseQueryOptions(params.causeId)).catch(() => undefined),
  component: CauseEmbedPage,
});

function CauseEmbedPage() {
  const { causeId } = Route.useParams();
  return <CauseEmbedScreen causeId={causeId} />;
}
