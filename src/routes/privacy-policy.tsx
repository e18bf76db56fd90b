import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';

export const Route = createFileRoute('/privacy-policy')({
  head: () => ({ meta: [{ title: 'Privacy Policy | NGO Portal' }] }),
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return (
    <MarketingLayout>
      <PrivacyPolicy />
    </MarketingLayout>
  );
}
