import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { formatMoney, type Currency, type PaymentStatus } from '../../contract/payments';
import { planById } from '../../contract/plans';
import type { Database, Transaction } from '../../db';
import { causes, donations, ngoSubscriptions, ngos, payments } from '../../db/schema';
import { newId } from '../ids';
import type { Mailer } from '../mailer';
import type { ProviderTransaction } from './provider';

export type PaymentRow = typeof payments.$inferSelect;

export interface LedgerDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

export type SettleProblem = 'tx_ref_mismatch' | 'currency_mismatch' | 'amount_mismatch';

export interface SettleOutcome {
  /** The payment's status after this call (whoever settled it). */
  status: PaymentStatus;
  /** True only for the one call that moved it out of pending. */
  changed: boolean;
  problem?: SettleProblem;
}

/** What the provider's answer means for this payment; the checks the provider's docs ask for. */
function judge(
  payment: PaymentRow,
  tx: ProviderTransaction,
): { target: PaymentStatus; problem?: SettleProblem } {
  if (tx.txRef !== payment.txRef)
    return { target: payment.status as PaymentStatus, problem: 'tx_ref_mismatch' };
  if (tx.status !== 'successful') return { target: tx.status };
  if (tx.currency !== payment.currency) return { target: 'failed', problem: 'currency_mismatch' };
  if (tx.amountMinor < payment.amountMinor) return { target: 'failed', problem: 'amount_mismatch' };
  return { target: 'successful' };
}

const addOneMonth = (from: Date) => {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/**
 * Applies the provider's verified answer to a payment. The move out of 'pending' is a conditional
 * UPDATE in a transaction: however many verifies, webhooks and polls race, exactly one of them gets
 * the row back and applies the effect (subscription or donation) in that same transaction.
 * A reference mismatch changes nothing: it is someone else's transaction, not this payment's outcome.
 */
export async function settlePayment(
  deps: LedgerDeps,
  payment: PaymentRow,
  tx: ProviderTransaction,
): Promise<SettleOutcome> {
  const { target, problem } = judge(payment, tx);
  if (problem === 'tx_ref_mismatch')
    return { status: payment.status as PaymentStatus, changed: false, problem };
  if (target === 'pending') {
    await deps.db
      .update(payments)
      .set({ lastCheckedAt: new Date(), providerTransactionId: tx.id || payment.providerTransactionId })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    return { status: 'pending', changed: false };
  }

  return deps.db.transaction(async (trx) => {
    const now = new Date();
    const [moved] = await trx
      .update(payments)
      .set({
        status: target,
        providerTransactionId: tx.id,
        failureReason: problem ?? (target === 'successful' ? null : tx.processorMessage),
        settledAt: now,
        updatedAt: now,
        lastCheckedAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    if (!moved) {
      const [current] = await trx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, payment.id));
      return { status: (current?.status ?? payment.status) as PaymentStatus, changed: false, problem };
    }
    if (target === 'successful') {
      if (moved.purpose === 'subscription') await activateSubscription(trx, moved, now);
      else await recordDonation(deps, trx, moved, tx.amountMinor);
    }
    deps.logger.info({ txRef: moved.txRef, status: target, problem }, 'payment settled');
    return { status: target, changed: true, problem };
  });
}

async function activateSubscription(trx: Transaction, payment: PaymentRow, now: Date) {
  const planId = payment.planId;
  if (!planId || !planById(planId)) throw new Error(`payment ${payment.id} names no known plan`);
  const [current] = await trx
    .select()
    .from(ngoSubscriptions)
    .where(eq(ngoSubscriptions.ngoId, payment.ngoId))
    .for('update');
  // Paying again for the same plan before it lapses extends it rather than losing the paid days.
  const from = current && current.planId === planId && current.renewsAt > now ? current.renewsAt : now;
  const values = {
    planId,
    status: 'active',
    activatedAt: now,
    renewsAt: addOneMonth(from),
    lastPaymentId: payment.id,
    updatedAt: now,
  };
  await trx
    .insert(ngoSubscriptions)
    .values({ ngoId: payment.ngoId, ...values })
    .onConflictDoUpdate({ target: ngoSubscriptions.ngoId, set: values });
  // ngos.plan is a label for the organisation's screens; the limits come from the subscription row and
  // its renewsAt (services/plan-limits.ts), so they lapse when the paid month does.
  await trx.update(ngos).set({ plan: planId }).where(eq(ngos.id, payment.ngoId));
}

async function recordDonation(deps: LedgerDeps, trx: Transaction, payment: PaymentRow, paidMinor: number) {
  if (!payment.causeId) throw new Error(`donation ${payment.id} names no cause`);
  const [donation] = await trx
    .insert(donations)
    .values({
      id: newId(),
      txRef: payment.txRef,
      paymentId: payment.id,
      causeId: payment.causeId,
      ngoId: payment.ngoId,
      // What the donor actually gave, which the checks above made at least the checkout amount.
      amountMinor: paidMinor,
      currency: payment.currency,
      donorName: payment.donorName,
      donorEmail: payment.customerEmail,
      anonymous: payment.anonymous,
    })
    .onConflictDoNothing({ target: donations.txRef })
    .returning();
  if (!donation) return;
  const [cause] = await trx
    .update(causes)
    .set({
      raisedMinor: sql`${causes.raisedMinor} + ${paidMinor}`,
      donorCount: sql`${causes.donorCount} + 1`,
    })
    .where(eq(causes.id, payment.causeId))
    .returning({ title: causes.title });
  if (payment.customerEmail && cause) {
    const amount = formatMoney(paidMinor, payment.currency as Currency);
    const link = `${deps.publicUrl}/cause-embed/${payment.causeId}`;
    await deps.mailer.send(
      {
        to: payment.customerEmail,
        subject: `Thank you for your donation to ${cause.title}`,
        text:
          `Thank you${payment.donorName ? `, ${payment.donorName}` : ''}, for your donation of ${amount} ` +
          `to "${cause.title}".\n\nReference: ${payment.txRef}\nDate: ${new Date().toUTCString()}\n\n` +
          `Follow the cause: ${link}\n\nKeep this email as your receipt.`,
        link,
      },
      trx,
    );
  }
}
