import { and, eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../contract/payments';
import { payments } from '../../db/schema';
import { settlePayment, type LedgerDeps, type PaymentRow, type SettleOutcome } from './ledger';
import type { PaymentProviderAdapter } from './provider';

export interface VerifyResult extends SettleOutcome {
  /** The provider has no transaction for the id (or, by reference, no attempt yet). */
  notFound?: boolean;
}

/**
 * Asks the provider about a payment and settles it. A settled payment is answered from the ledger
 * without asking again: its status never changes, so a reload of the return page costs nothing.
 */
export async function verifyPayment(
  deps: LedgerDeps,
  provider: PaymentProviderAdapter,
  payment: PaymentRow,
  transactionId?: string,
): Promise<VerifyResult> {
  if (payment.status !== 'pending') return { status: payment.status as PaymentStatus, changed: false };
  const tx = transactionId
    ? await provider.verifyTransaction(transactionId)
    : await provider.verifyByReference(payment.txRef);
  if (!tx) return { status: 'pending', changed: false, notFound: true };
  return settlePayment(deps, payment, tx);
}

export async function findPaymentByTxRef(db: LedgerDeps['db'], provider: string, txRef: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.txRef, txRef), eq(payments.provider, provider)))
    .limit(1);
  return row ?? null;
}

/** The texts the return screens show (SPEC §2, §8); the success one is the spec's own. */
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
