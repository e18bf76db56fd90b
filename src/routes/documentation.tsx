import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { DocumentationScreen } from '@/features/docs/components/documentation-screen';

export const Route = createFileRoute('/documentation')({
  head: () => ({ meta: [{ title: 'Documentation | NGO Portal' }] }),
  component: DocumentationPage,
});

function DocumentationPage() {
  return (
    <MarketingLayout>
      <DocumentationScreen />
    </MarketingLayout>
  );
}
