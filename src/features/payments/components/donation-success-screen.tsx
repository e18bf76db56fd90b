import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';
import { useConfirmDonation } from '../api/confirm-donation';
import { causeIdFromTxRef, DONATION_REDIRECT_MS, donationRedirectTarget } from '../tx-ref';
import { PaymentStatusPanel } from './payment-status-panel';

const textClass = 'text-slate-700 dark:text-slate-300';

/**
 * /{provider}-success: the donor's return from the payment page. The thank-you text, links and the
 * 5-second redirect are SPEC §2/§4; the outcome shown comes from the server's confirmation by tx_ref,
 * never from the `status` in the query string. `testMode` (the return trip's `mode=test`) only
 * labels the screen.
 */
export function DonationSuccessScreen({
  provider,
  txRef,
  transactionId,
  testMode = false,
}: {
  provider: string;
  txRef?: string;
  transactionId?: string;
  testMode?: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutate, status, data } = useConfirmDonation();
  const causeId = causeIdFromTxRef(txRef);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!txRef) return;
    // StrictMode runs effects twice; one confirmation per reference is enough.
    if (started.current === txRef) return;
    started.current = txRef;
    mutate(
      { provider, txRef, transactionId },
      // The cause's totals and recent donations changed.
      { onSuccess: () => void queryClient.invalidateQueries() },
    );
  }, [provider, txRef, transactionId, mutate, queryClient]);

  const refused = status === 'success' && (data.status === 'failed' || data.status === 'cancelled');
  const pending = status === 'success' && data.status === 'pending';

  // The redirect is timed from the screen's first paint and reads the outcome known when it fires.
  const redirect = useEffectEvent(
    () => void navigate({ ...donationRedirectTarget(causeId, { thankYou: !refused }), replace: true }),
  );
  useEffect(() => {
    const timer = setTimeout(redirect, DONATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);

  const links = (
    <>
      {causeId ? (
        <Link to="/causes/$causeId" params={{ causeId }} className={buttonClass('primary')}>
          Return to Cause
        </Link>
      ) : (
        <Link to="/causes" className={buttonClass('primary')}>
          View All Causes
        </Link>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        You&apos;ll be redirected automatically in a few seconds...
      </p>
    </>
  );

  if (refused) {
    return (
      <PaymentStatusPanel tone="error" title="Donation not completed" testMode={testMode}>
        <p role="alert" className={textClass}>
          {data.message || 'The payment was not completed, so no donation was made.'}
        </p>
        {links}
      </PaymentStatusPanel>
    );
  }

  return (
    <PaymentStatusPanel tone="success" title="Thank you!" testMode={testMode}>
      <p className={textClass}>Thank you for your donation. Your contribution has been received.</p>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {txRef && (status === 'pending' || status === 'idle')
          ? 'Confirming your donation with the payment provider...'
          : pending
            ? 'Your payment is still being confirmed. It will count towards the goal as soon as it is.'
            : ''}
      </p>
      {links}
    </PaymentStatusPanel>
  );
}
