import { createFileRoute, redirect } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { PaymentCallbackScreen } from '@/features/payments/components/payment-callback-screen';
import { returnMode } from '@/features/payments/return-mode';
import { optionalSearchText } from '@/lib/search-params';
import { isSignedIn } from '@/lib/session';

// SPEC §3: the provider returns a subscriber with transaction_id and tx_ref (it adds status, unused).
// The test-mode return URL adds mode=test, which only labels the screen.
const callbackSearch = (
  search: Record<string, unknown>,
): { transaction_id?: string; tx_ref?: string; mode?: 'test' } => ({
  transaction_id: optionalSearchText(search.transaction_id, 100),
  tx_ref: optionalSearchText(search.tx_ref, 200),
  mode: returnMode(search.mode),
});

export const Route = createFileRoute('/{$provider}-callback')({
  validateSearch: callbackSearch,
  // Verifying needs the bearer token. Someone whose session ended while paying signs in and comes
  // straight back here, instead of the 401 rule dropping them on /signin with the reference lost.
  beforeLoad: ({ search, location }) => {
    if (search.transaction_id && search.tx_ref && !isSignedIn())
      throw redirect({ to: '/signin', search: { redirect: location.href } });
  },
  component: PaymentCallbackPage,
});

function PaymentCallbackPage() {
  const { provider } = Route.useParams();
  const { transaction_id, tx_ref, mode } = Route.useSearch();
  return (
    <MarketingLayout>
      <PaymentCallbackScreen
        key={`${transaction_id}:${tx_ref}`}
        provider={provider}
        transactionId={transaction_id}
        txRef={tx_ref}
        testMode={mode === 'test'}
      />
    </MarketingLayout>
  );
}
