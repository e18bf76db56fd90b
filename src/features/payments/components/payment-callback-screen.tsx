import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';
import { useVerifyPayment, verificationFailureMessage, VERIFY_FAILED } from '../api/verify-payment';
import { VERIFIED_REDIRECT_MS } from '../tx-ref';
import { PaymentStatusPanel } from './payment-status-panel';

export const MISSING_PAYMENT_INFO = 'Missing payment information. Please try again or contact support.';

const messageClass = 'text-slate-700 dark:text-slate-300';

/**
 * /{provider}-callback: where the payment provider sends a subscriber back. It only asks the server
 * to verify; the server is idempotent, so a reload verifies again and changes nothing twice.
 * `testMode` (the return trip's `mode=test`) only labels the screen; it decides nothing.
 */
export function PaymentCallbackScreen({
  provider,
  transactionId,
  txRef,
  testMode = false,
}: {
  provider: string;
  transactionId?: string;
  txRef?: string;
  testMode?: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutate, status, data, error } = useVerifyPayment();
  const missing = !transactionId || !txRef;
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!transactionId || !txRef) return;
    // StrictMode runs effects twice; one verify per reference is enough (a second is harmless).
    const key = `${provider}:${transactionId}:${txRef}`;
    if (started.current === key) return;
    started.current = key;
    mutate(
      { provider, transactionId, txRef },
      {
        // The plan and its limits changed: whatever shows them must refetch.
        onSuccess: (result) => {
          if (result.success) void queryClient.invalidateQueries();
        },
      },
    );
  }, [provider, transactionId, txRef, mutate, queryClient]);

  const verified = status === 'success' && data.success;

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => void navigate({ to: '/dashboard' }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  const failure = missing
    ? MISSING_PAYMENT_INFO
    : status === 'error'
      ? verificationFailureMessage(error)
      : status === 'success' && !data.success
        ? data.message || VERIFY_FAILED
        : null;

  if (failure) {
    return (
      <PaymentStatusPanel tone="error" title="Payment Error" testMode={testMode}>
        <p role="alert" className={messageClass}>
          {failure}
        </p>
        <Link to="/pricing" className={buttonClass('primary')}>
          Return to Pricing
        </Link>
      </PaymentStatusPanel>
    );
  }

  if (verified) {
    return (
      <PaymentStatusPanel tone="success" title="Payment Successful!" testMode={testMode}>
        <p role="status" className={messageClass}>
          Payment verified successfully!
        </p>
        <Link to="/dashboard" className={buttonClass('primary')}>
          Go to Dashboard
        </Link>
      </PaymentStatusPanel>
    );
  }

  return (
    <PaymentStatusPanel tone="processing" title="Processing Payment" testMode={testMode}>
      <p role="status" className={messageClass}>
        Verifying your payment...
      </p>
    </PaymentStatusPanel>
  );
}
