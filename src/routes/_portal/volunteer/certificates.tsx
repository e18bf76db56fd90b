import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '@/components/layouts/not-available-yet';

export const Route = createFileRoute('/_portal/volunteer/certificates')({
  component: CertificatesLettersPage,
});

function CertificatesLettersPage() {
  return <NotAvailableYet title="Certificates / Letters" />;
}
