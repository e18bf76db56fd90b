import { and, eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../../contract/payments';
import { payments } from '../../db/schema';
import {
  decidingAttempt,
  judge,
  settlePayment,
  type LedgerDeps,
  type PaymentRow,
  type SettleOutcome,
} from './ledger';
import type { PaymentProviderAdapter } from './provider';

export interface VerifyResult extends SettleOutcome {
  /** The provider has no attempt under the reference (and none with the id given). */
  notFound?: boolean;
}

/**
 * Asks the provider about a payment and settles it. A successful payment is answered from the ledger
 * without asking again: nothing leaves 'successful', so a reload of the return page costs nothing.
 * Any other status is asked again, because the customer may have retried under the same reference.
 * The attempt named by the caller (the return trip's or the webhook's transaction id) is checked first;
 * unless it is a good payment, every attempt under the reference is read, so a declined or underpaid
 * attempt can never hide a genuine one.
 */
export async function verifyPayment(
  deps: LedgerDeps,
  provider: PaymentProviderAdapter,
  payment: PaymentRow,
  transactionId?: string,
): Promise<VerifyResult> {
  if (payment.status === 'successful') return { status: 'successful', changed: false };
  const named = transactionId ? await provider.verifyTransaction(transactionId) : null;
  if (named && named.txRef !== payment.txRef) return settlePayment(deps, payment, named);
  if (named && judge(payment, named).target === 'successful') return settlePayment(deps, payment, named);
  const deciding = decidingAttempt(payment, await provider.transactionsByReference(payment.txRef)) ?? named;
  if (!deciding) return { status: payment.status as PaymentStatus, changed: false, notFound: true };
  return settlePayment(deps, payment, deciding);
}

export async function findPaymentByTxRef(db: LedgerDeps['db'], provider: string, txRef: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.txRef, txRef), eq(payments.provider, provider)))
    .limit(1);
  return row ?? null;
}

/** The texts the return screens show; the success one is the spec's own wording ('Payment verified successfully!'). */
export const paymentMessages: Record<PaymentStatus, string> = {
  successful: 'Payment verified successfully!',
  pending:
    'Your payment is still being processed. It will be applied as soon as the payment provider confirms it.',
  failed: 'The payment was not completed. No money was taken; please try again.',
  cancelled: 'The payment was cancelled.',
};

export const problemMessages = {
  tx_ref_mismatch: 'The payment details do not match our records.',
  currency_mismatch: 'The payment was made in another currency than the checkout asked for.',
  amount_mismatch: 'The amount paid is less than the amount due.',
} as const;
