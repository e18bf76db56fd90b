import { createFileRoute } from '@tanstack/react-router';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { DonationSuccessScreen } from '@/features/payments/components/donation-success-screen';
import { returnMode } from '@/features/payments/return-mode';
import { optionalSearchText } from '@/lib/search-params';

// SPEC §3: a donor returns with status and tx_ref; status is shown nowhere and trusted for nothing.
// The test-mode return URL adds mode=test, which only labels the screen.
const donationSearch = (
  search: Record<string, unknown>,
): { status?: string; tx_ref?: string; transaction_id?: string; mode?: 'test' } => ({
  status: optionalSearchText(search.status, 40),
  tx_ref: optionalSearchText(search.tx_ref, 200),
  transaction_id: optionalSearchText(search.transaction_id, 100),
  mode: returnMode(search.mode),
});

export const Route = createFileRoute('/{$provider}-success')({
  validateSearch: donationSearch,
  component: DonationSuccessPage,
});

function DonationSuccessPage() {
  const { provider } = Route.useParams();
  const { tx_ref, transaction_id, mode } = Route.useSearch();
  return (
    <MarketingLayout>
      <DonationSuccessScreen
        key={tx_ref}
        provider={provider}
        txRef={tx_ref}
        transactionId={transaction_id}
        testMode={mode === 'test'}
      />
    </MarketingLayout>
  );
}
