import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db';
import { simulatorTransactions } from '../../db/schema';
import { newId } from '../../services/ids';

export type SimTransaction = typeof simulatorTransactions.$inferSelect;

export interface SimulatorDeps {
  db: Database;
  logger: Logger;
  publicUrl: string;
  webhookHash: string;
  pendingSeconds: number;
  fetch: typeof fetch;
}

export interface SimPaymentInput {
  tx_ref?: unknown;
  amount?: unknown;
  currency?: unknown;
  redirect_url?: unknown;
  customer?: { email?: unknown; name?: unknown };
  customizations?: { title?: unknown; description?: unknown };
}

/** Mirrors POST /v3/payments: validates like the provider, answers { status, message, data: { link } }. */
export async function createSimCheckout(deps: SimulatorDeps, input: SimPaymentInput) {
  const amount = Number(input.amount);
  const email = typeof input.customer?.email === 'string' ? input.customer.email : '';
  if (typeof input.tx_ref !== 'string' || !input.tx_ref || !(amount > 0) || !email) {
    return { ok: false as const, message: 'tx_ref, amount and customer.email are required' };
  }
  if (typeof input.redirect_url !== 'string' || !/^https?:\/\//.test(input.redirect_url)) {
    return { ok: false as const, message: 'redirect_url must be a URL' };
  }
  const checkoutId = newId();
  await deps.db.insert(simulatorTransactions).values({
    checkoutId,
    txRef: input.tx_ref,
    amount: String(input.amount),
    // The real provider charges in NGN when no currency is sent; so does the simulator.
    currency: typeof input.currency === 'string' && input.currency ? input.currency : 'NGN',
    customerEmail: email,
    customerName: typeof input.customer?.name === 'string' ? input.customer.name : null,
    redirectUrl: input.redirect_url,
  });
  return { ok: true as const, link: `${deps.publicUrl}/api/test-mode/flutterwave/checkout/${checkoutId}` };
}

/** The v3 transaction object, as verify and webhooks carry it. */
export function toFlwData(t: SimTransaction) {
  return {
    id: t.id,
    tx_ref: t.txRef,
    flw_ref: `SIM-${t.id}`,
    amount: Number(t.amount),
    charged_amount: Number(t.amount),
    currency: t.currency,
    status: t.status,
    payment_type: t.paymentType,
    processor_response: t.status === 'failed' ? 'Declined (test mode)' : 'Approved (test mode)',
    created_at: t.createdAt.toISOString(),
    customer: { email: t.customerEmail, name: t.customerName },
  };
}

/** A pending mobile-money payment whose time has come completes when someone looks at it. */
async function completeIfDue(deps: SimulatorDeps, t: SimTransaction): Promise<SimTransaction> {
  if (t.status !== 'pending' || !t.completesAt || t.completesAt > new Date()) return t;
  const [done] = await deps.db
    .update(simulatorTransactions)
    .set({ status: sql`${simulatorTransactions.finalStatus}` })
    .where(and(eq(simulatorTransactions.id, t.id), eq(simulatorTransactions.status, 'pending')))
    .returning();
  if (!done) return (await findSimById(deps, t.id)) ?? t;
  await sendWebhook(deps, done);
  return done;
}

async function findSimById(deps: SimulatorDeps, id: number) {
  const [row] = await deps.db.select().from(simulatorTransactions).where(eq(simulatorTransactions.id, id));
  return row ?? null;
}

/** GET /v3/transactions/{id}/verify; a checkout nobody submitted has no transaction yet. */
export async function findSimTransaction(deps: SimulatorDeps, id: string) {
  if (!/^\d{1,9}$/.test(id)) return null;
  const row = await findSimById(deps, Number(id));
  if (!row || row.status === 'new') return null;
  return completeIfDue(deps, row);
}

/** GET /v3/transactions/verify_by_reference: the latest attempt for the reference. */
export async function findSimTransactionByRef(deps: SimulatorDeps, txRef: string) {
  const [row] = await deps.db
    .select()
    .from(simulatorTransactions)
    .where(and(eq(simulatorTransactions.txRef, txRef), ne(simulatorTransactions.status, 'new')))
    .orderBy(desc(simulatorTransactions.id))
    .limit(1);
  return row ? completeIfDue(deps, row) : null;
}

export async function findSimCheckout(deps: SimulatorDeps, checkoutId: string) {
  const [row] = await deps.db
    .select()
    .from(simulatorTransactions)
    .where(eq(simulatorTransactions.checkoutId, checkoutId))
    .limit(1);
  return row ?? null;
}

export type Outcome = 'success' | 'failure' | 'cancel';

/**
 * The customer's choice on the hosted page. Returns the redirect the provider would send, with its
 * query parameters (status, tx_ref, transaction_id), or null when the checkout was already used.
 */
export async function submitSimCheckout(
  deps: SimulatorDeps,
  checkoutId: string,
  method: 'card' | 'mobilemoney',
  outcome: Outcome,
): Promise<string | null> {
  const delayed = method === 'mobilemoney' && outcome === 'success' && deps.pendingSeconds > 0;
  const status =
    outcome === 'cancel'
      ? 'cancelled'
      : outcome === 'failure'
        ? 'failed'
        : delayed
          ? 'pending'
          : 'successful';
  const [row] = await deps.db
    .update(simulatorTransactions)
    .set({
      status,
      paymentType: method === 'card' ? 'card' : 'mobilemoney',
      ...(delayed && {
        completesAt: new Date(Date.now() + deps.pendingSeconds * 1000),
        finalStatus: 'successful',
      }),
    })
    .where(and(eq(simulatorTransactions.checkoutId, checkoutId), eq(simulatorTransactions.status, 'new')))
    .returning();
  if (!row) return null;
  // The provider sends charge.completed for payments that ran, not for a cancelled page.
  if (status === 'successful' || status === 'failed') await sendWebhook(deps, row);
  const url = new URL(row.redirectUrl);
  url.searchParams.set('status', status);
  url.searchParams.set('tx_ref', row.txRef);
  url.searchParams.set('transaction_id', String(row.id));
  return url.toString();
}

async function sendWebhook(deps: SimulatorDeps, t: SimTransaction) {
  try {
    const res = await deps.fetch(`${deps.publicUrl}/api/payments/flutterwave/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': deps.webhookHash },
      body: JSON.stringify({ event: 'charge.completed', data: toFlwData(t) }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) deps.logger.warn({ status: res.status, txRef: t.txRef }, 'simulated webhook refused');
  } catch (err) {
    // Like the real provider: a lost webhook is what verification on return and polling are for.
    deps.logger.warn({ err, txRef: t.txRef }, 'simulated webhook not delivered');
  }
}
