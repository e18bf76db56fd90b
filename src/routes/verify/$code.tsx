import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { VerifyScreen } from '@/features/documents/components/verify-screen';

/*
 * The public verification page a document's QR code leads to: outside the portal (no sign-in; a
 * fresh browser is the usual visitor), served by the app shell rather than prerendered (every code is
 * another page). No loader: whether the code can be one is decided by the contract's check symbol,
 * which would put zod on the route tree (ADR 0006); the screen's own chunk asks the server.
 */
export const Route = createFileRoute('/verify/$code')({
  component: VerifyPage,
});

function VerifyPage() {
  const { code } = Route.useParams();
  return (
    <MarketingLayout>
      {/* Keyed by the code: another code checked in place starts from a clean form. */}
      <VerifyScreen key={code} code={code} />
    </MarketingLayout>
  );
}
