import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { PricingScreen } from '@/features/pricing/components/pricing-screen';

export const Route = createFileRoute('/pricing')({
  head: () => ({ meta: [{ title: 'Pricing | NGO Portal' }] }),
  component: PricingPage,
});

function PricingPage() {
  return (
    <MarketingLayout>
      <PricingScreen />
    </MarketingLayout>
  );
}
