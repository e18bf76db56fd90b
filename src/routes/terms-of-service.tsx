import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { TermsOfService } from '@/features/legal/components/terms-of-service';

export const Route = createFileRoute('/terms-of-service')({
  head: () => ({ meta: [{ title: 'Terms of Service | NGO Portal' }] }),
  component: TermsOfServicePage,
});

function TermsOfServicePage() {
  return (
    <MarketingLayout>
      <TermsOfService />
    </MarketingLayout>
  );
}
