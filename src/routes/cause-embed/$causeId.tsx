import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/cause-embed/$causeId')({
  component: CausePage,
});

function CausePage() {
  return (
    <MarketingLayout>
      <div className="px-4 py-10">
        <NotAvailableYet title="Cause" backTo="/" />
      </div>
    </MarketingLayout>
  );
}
