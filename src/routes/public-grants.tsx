import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/public-grants')({
  component: LatestGrantsPage,
});

function LatestGrantsPage() {
  return (
    <MarketingLayout>
      <div className="px-4 py-10">
        <NotAvailableYet title="Latest Grants" backTo="/" />
      </div>
    </MarketingLayout>
  );
}
