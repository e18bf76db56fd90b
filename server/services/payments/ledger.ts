import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { formatMoney, type Currency, type PaymentStatus } from '../../../contract/payments';
import { planById } from '../../../contract/plans';
import type { DbExecutor, Transaction } from '../../db';
import { causes, donations, ngoSubscriptions, ngos, payments } from '../../db/schema';
import { newId } from '../ids';
import type { MailQueue } from '../mailer';
import type { ProviderTransaction } from './provider';

export type PaymentRow = typeof payments.$inferSelect;

export interface LedgerDeps {
  /** The handle of the request (or poll) the settlement runs in. */
  db: DbExecutor;
  /** The receipt is queued here, in the settling transaction, and delivered after it commits. */
  mail: MailQueue;
  logger: Logger;
  /** The origin of the receipt's link (http/app-url.ts; the default one for the poller). */
  appUrl: string;
}

export type SettleProblem = 'tx_ref_mismatch' | 'currency_mismatch' | 'amount_mismatch';

export interface SettleOutcome {
  /** The payment's status after this call (whoever settled it). */
  status: PaymentStatus;
  /** True only for the call that moved it (into 'successful': exactly one call per payment). */
  changed: boolean;
  problem?: SettleProblem;
}

/** What the provider's answer means for this payment; the checks the provider's docs ask for. */
export function judge(
  payment: Pick<PaymentRow, 'txRef' | 'currency' | 'amountMinor' | 'status'>,
  tx: ProviderTransaction,
): { target: PaymentStatus; problem?: SettleProblem } {
  if (tx.txRef !== payment.txRef)
    return { target: payment.status as PaymentStatus, problem: 'tx_ref_mismatch' };
  if (tx.status !== 'successful') return { target: tx.status };
  if (tx.currency !== payment.currency) return { target: 'failed', problem: 'currency_mismatch' };
  if (tx.amountMinor < payment.amountMinor) return { target: 'failed', problem: 'amount_mismatch' };
  return { target: 'successful' };
}

/**
 * The attempt that decides a reference with several: a good successful charge wins over everything,
 * then one still in progress, then the newest. A declined or underpaid attempt must never hide a
 * genuine payment made under the same tx_ref (the provider allows retries on its hosted page).
 */
export function decidingAttempt(
  payment: Pick<PaymentRow, 'txRef' | 'currency' | 'amountMinor' | 'status'>,
  attempts: ProviderTransaction[],
): ProviderTransaction | null {
  const ours = attempts.filter((tx) => tx.txRef === payment.txRef);
  return (
    ours.find((tx) => judge(payment, tx).target === 'successful') ??
    ours.find((tx) => tx.status === 'pending') ??
    ours[0] ??
    null
  );
}

const addOneMonth = (from: Date) => {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/** The statuses a verified answer may move a payment from, by where it moves it to. */
const movableFrom: Record<PaymentStatus, PaymentStatus[]> = {
  // Once per payment: nothing leaves 'successful', so the effect below runs once.
  successful: ['pending', 'failed', 'cancelled'],
  failed: ['pending'],
  cancelled: ['pending'],
  // A retry in progress (mobile money waiting on the phone) reopens a declined payment.
  pending: ['failed', 'cancelled'],
};

/**
 * Applies the provider's verified answer to a payment. Each move is a conditional UPDATE in a
 * transaction: however many verifies, webhooks and polls race, exactly one of them moves the payment
 * into 'successful' and applies the effect (subscription or donation) in that same transaction.
 * A declined attempt only closes a pending payment; a later good attempt under the same reference
 * still succeeds. A reference mismatch changes nothing: it is someone else's transaction.
 */
export async function settlePayment(
  deps: LedgerDeps,
  payment: PaymentRow,
  tx: ProviderTransaction,
): Promise<SettleOutcome> {
  const { target, problem } = judge(payment, tx);
  if (problem === 'tx_ref_mismatch')
    return { status: payment.status as PaymentStatus, changed: false, problem };

  return deps.db.transaction(async (trx) => {
    const now = new Date();
    const [moved] = await trx
      .update(payments)
      .set({
        status: target,
        providerTransactionId: tx.id || payment.providerTransactionId,
        failureReason:
          target === 'failed' || target === 'cancelled' ? (problem ?? tx.processorMessage) : null,
        settledAt: target === 'pending' ? null : now,
        updatedAt: now,
        lastCheckedAt: now,
      })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, movableFrom[target])))
      .returning();
    if (!moved) {
      const [current] = await trx
        .update(payments)
        .set({ lastCheckedAt: now })
        .where(eq(payments.id, payment.id))
        .returning({ status: payments.status });
      return { status: (current?.status ?? payment.status) as PaymentStatus, changed: false, problem };
    }
    if (target === 'successful') {
      if (moved.purpose === 'subscription') await activateSubscription(trx, moved, now);
      else await recordDonation(deps, trx, moved, tx.amountMinor);
    }
    deps.logger.info(
      { txRef: moved.txRef, from: payment.status, status: target, problem },
      'payment settled',
    );
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
      testMode: payment.testMode,
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
    const link = `${deps.appUrl}/cause-embed/${payment.causeId}`;
    await deps.mail.queue(trx, {
      to: payment.customerEmail,
      subject: `Thank you for your donation to ${cause.title}`,
      text:
        `Thank you${payment.donorName ? `, ${payment.donorName}` : ''}, for your donation of ${amount} ` +
        `to "${cause.title}".\n\nReference: ${payment.txRef}\nDate: ${new Date().toUTCString()}\n\n` +
        `Follow the cause: ${link}\n\nKeep this email as your receipt.`,
      link,
    });
  }
}
