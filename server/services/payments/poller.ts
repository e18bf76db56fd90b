import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { payments } from '../../db/schema';
import type { Mailer } from '../mailer';
import { decidingAttempt, settlePayment, type LedgerDeps } from './ledger';
import type { PaymentProviders } from './providers';
import { ProviderUnavailableError } from './provider';
import { scheduleJob } from '../scheduled-job';

/** A checkout nobody paid for within this time is closed as cancelled (the customer walked away). */
export const ABANDONED_AFTER_HOURS = 24;
const BATCH = 50;
/** Declined payments are re-asked this many poll intervals apart (retries are rarer than pending ones). */
const FAILED_RECHECK_FACTOR = 5;

/**
 * Re-verifies pending payments with their provider, oldest check first: mobile money often completes
 * after the browser has left, and a webhook can be lost. Declined payments of the last day are asked
 * again too, less often: the customer may have retried under the same reference and paid, and that
 * attempt's webhook may be the one that was lost. Every replica may run it; the ledger's conditional
 * update keeps each settlement single. Returns how many payments it settled.
 */
export async function pollPendingPayments(
  deps: LedgerDeps,
  providers: PaymentProviders,
  minAgeSeconds: number,
): Promise<number> {
  const due = await deps.db
    .select()
    .from(payments)
    .where(
      or(
        and(
          eq(payments.status, 'pending'),
          // Not before the customer had a moment on the checkout page, and not twice per interval.
          lt(payments.createdAt, sql`now() - make_interval(secs => ${minAgeSeconds})`),
          or(
            isNull(payments.lastCheckedAt),
            lt(payments.lastCheckedAt, sql`now() - make_interval(secs => ${minAgeSeconds})`),
          ),
        ),
        and(
          eq(payments.status, 'failed'),
          // A checkout the provider never opened has no attempts to find.
          sql`${payments.failureReason} is distinct from 'checkout_refused'`,
          gt(payments.createdAt, sql`now() - make_interval(hours => ${ABANDONED_AFTER_HOURS})`),
          lt(
            payments.lastCheckedAt,
            sql`now() - make_interval(secs => ${minAgeSeconds * FAILED_RECHECK_FACTOR})`,
          ),
        ),
      ),
    )
    .orderBy(sql`${payments.lastCheckedAt} asc nulls first`)
    .limit(BATCH);
  let settled = 0;
  for (const payment of due) {
    const provider = providers.get(payment.provider);
    if (!provider) continue;
    try {
      const tx = decidingAttempt(payment, await provider.transactionsByReference(payment.txRef));
      if (tx) {
        if ((await settlePayment(deps, payment, tx)).changed) settled++;
        continue;
      }
      if (payment.status !== 'pending') {
        await deps.db.update(payments).set({ lastCheckedAt: new Date() }).where(eq(payments.id, payment.id));
        continue;
      }
      const abandoned = payment.createdAt.getTime() < Date.now() - ABANDONED_AFTER_HOURS * 3_600_000;
      const [closed] = await deps.db
        .update(payments)
        .set(
          abandoned
            ? {
                status: 'cancelled',
                failureReason: 'abandoned',
                settledAt: new Date(),
                updatedAt: new Date(),
              }
            : { lastCheckedAt: new Date() },
        )
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
        .returning({ status: payments.status });
      if (closed?.status === 'cancelled') settled++;
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      deps.logger.warn({ err, txRef: payment.txRef }, 'pending payment check failed; will retry');
    }
  }
  return settled;
}

/**
 * Polls now and then every interval; unref'd so it never keeps the process alive. Each poll is one unit
 * of work for mail: receipts queued by its settlements are delivered once they committed. Returns a
 * stop function.
 */
export function schedulePendingPaymentPoll(
  deps: Omit<LedgerDeps, 'mail' | 'db'> & { db: Database; mailer: Mailer },
  providers: PaymentProviders,
  intervalSeconds: number,
): () => void {
  return scheduleJob(deps.logger, {
    intervalMs: intervalSeconds * 1000,
    failure: 'pending payment poll failed',
    atStart: false,
    run: async () => {
      const mail = deps.mailer.newQueue();
      const count = await pollPendingPayments({ ...deps, mail }, providers, intervalSeconds).finally(() =>
        mail.deliver(),
      );
      if (count > 0) deps.logger.info({ count }, 'pending payments settled by polling');
    },
  });
}
