import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/data-collection/forms/$formId/fill')({
  component: FormPage,
});

function FormPage() {
  return (
    <MarketingLayout>
      <div className="px-4 py-10">
        <NotAvailableYet title="Form" backTo="/" />
      </div>
    </MarketingLayout>
  );
}
