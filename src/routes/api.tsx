import { isServer } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { getOpenApiDocumentQueryOptions } from '@/features/docs/api/get-openapi-document';
import { ApiReference } from '@/features/docs/components/api-reference';

export const Route = createFileRoute('/api')({
  loader: ({ context }) => {
    // Warm, never wait: the page shows its skeleton until the document arrives. The prerender has
    // no API to ask, so it leaves the fetch to the browser.
    if (!isServer) void context.queryClient.prefetchQuery(getOpenApiDocumentQueryOptions());
  },
  head: () => ({ meta: [{ title: 'API reference | NGO Portal' }] }),
  component: ApiPage,
});

function ApiPage() {
  return (
    <MarketingLayout>
      <ApiReference />
    </MarketingLayout>
  );
}
