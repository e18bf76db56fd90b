import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbExecutor } from '../../db';
import { simulatorTransactions } from '../../db/schema';
import { newId } from '../../services/ids';

export type SimTransaction = typeof simulatorTransactions.$inferSelect;

/** What the simulator needs besides the request's database handle. */
export interface SimulatorDeps {
  logger: Logger;
  /** Our own webhook endpoint, on the configured address (reached in-process by `fetch`). */
  webhookUrl: string;
  webhookHash: string;
  pendingSeconds: number;
  fetch: typeof fetch;
  /** The origin of a merchant redirect_url when it is one of ours (http/app-url.ts linkOriginOf), else null. */
  ownOriginOf: (url: string) => string | null;
}

export interface SimPaymentInput {
  tx_ref?: unknown;
  amount?: unknown;
  currency?: unknown;
  redirect_url?: unknown;
  customer?: { email?: unknown; name?: unknown };
  customizations?: { title?: unknown; description?: unknown };
}

/** Like the provider's max_retry_attempt: a declined attempt may be retried on the same page this often. */
export const MAX_ATTEMPTS_PER_CHECKOUT = 3;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// Postgres text cannot hold NUL; the provider refuses such values as bad input too.
const cleanText = (v: unknown, max: number) =>
  typeof v === 'string' && v.length > 0 && v.length <= max && !v.includes('\u0000') ? v : null;

/**
 * The return address must be on one of the product's own origins: the simulator runs on them, and a
 * redirect it would send anywhere else makes it an open redirect for phishing links. Returns the
 * address and its origin, on which the hosted checkout is then put too: the customer's browser came
 * by that address (a phone on the office Wi-Fi), so it can open the checkout there.
 */
function ownRedirect(value: unknown, deps: SimulatorDeps): { url: string; origin: string } | null {
  const text = cleanText(value, 2048);
  if (!text) return null;
  try {
    const url = new URL(text);
    const origin = deps.ownOriginOf(url.toString());
    return origin ? { url: url.toString(), origin } : null;
  } catch {
    return null;
  }
}

/** Mirrors POST /v3/payments: validates like the provider, answers { status, message, data: { link } }. */
export async function createSimCheckout(db: DbExecutor, deps: SimulatorDeps, raw: unknown) {
  const input: SimPaymentInput = isObject(raw) ? raw : {};
  const amount = Number(input.amount);
  const customer = isObject(input.customer) ? input.customer : {};
  const email = cleanText(customer.email, 320);
  const txRef = cleanText(input.tx_ref, 200);
  if (!txRef || !(amount > 0) || !Number.isFinite(amount) || !email) {
    return { ok: false as const, message: 'tx_ref, amount and customer.email are required' };
  }
  const redirect = ownRedirect(input.redirect_url, deps);
  if (!redirect) {
    return { ok: false as const, message: 'redirect_url must be a URL on the merchant site' };
  }
  const currency = input.currency === undefined ? 'NGN' : cleanText(input.currency, 3);
  if (!currency) return { ok: false as const, message: 'currency must be a currency code' };
  const checkoutId = newId();
  await db.insert(simulatorTransactions).values({
    checkoutId,
    txRef,
    amount: String(amount),
    // The real provider charges in NGN when no currency is sent; so does the simulator.
    currency,
    customerEmail: email,
    customerName: cleanText(customer.name, 200),
    redirectUrl: redirect.url,
  });
  return { ok: true as const, link: `${redirect.origin}/api/test-mode/flutterwave/checkout/${checkoutId}` };
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
async function completeIfDue(
  db: DbExecutor,
  deps: SimulatorDeps,
  t: SimTransaction,
): Promise<SimTransaction> {
  if (t.status !== 'pending' || !t.completesAt || t.completesAt > new Date()) return t;
  const [done] = await db
    .update(simulatorTransactions)
    .set({ status: sql`${simulatorTransactions.finalStatus}` })
    .where(and(eq(simulatorTransactions.id, t.id), eq(simulatorTransactions.status, 'pending')))
    .returning();
  if (!done) return (await findSimById(db, t.id)) ?? t;
  await sendWebhook(deps, done);
  return done;
}

async function findSimById(db: DbExecutor, id: number) {
  const [row] = await db.select().from(simulatorTransactions).where(eq(simulatorTransactions.id, id));
  return row ?? null;
}

/** GET /v3/transactions/{id}/verify; a checkout nobody submitted has no transaction yet. */
export async function findSimTransaction(db: DbExecutor, deps: SimulatorDeps, id: string) {
  if (!/^\d{1,9}$/.test(id)) return null;
  const row = await findSimById(db, Number(id));
  if (!row || row.status === 'new') return null;
  return completeIfDue(db, deps, row);
}

/** GET /v3/transactions?tx_ref=: every attempt under the reference, newest first. */
export async function listSimTransactionsByRef(db: DbExecutor, deps: SimulatorDeps, txRef: string) {
  const rows = await db
    .select()
    .from(simulatorTransactions)
    .where(and(eq(simulatorTransactions.txRef, txRef), ne(simulatorTransactions.status, 'new')))
    .orderBy(desc(simulatorTransactions.id))
    .limit(100);
  return Promise.all(rows.map((row) => completeIfDue(db, deps, row)));
}

/** GET /v3/transactions/verify_by_reference: the latest attempt for the reference. */
export async function findSimTransactionByRef(db: DbExecutor, deps: SimulatorDeps, txRef: string) {
  const [row] = await db
    .select()
    .from(simulatorTransactions)
    .where(and(eq(simulatorTransactions.txRef, txRef), ne(simulatorTransactions.status, 'new')))
    .orderBy(desc(simulatorTransactions.id))
    .limit(1);
  return row ? completeIfDue(db, deps, row) : null;
}

const isCheckoutId = (v: string) => /^[0-9A-Za-z]{1,64}$/.test(v);

/** The checkout's latest attempt, and whether the customer may still pay on its page. */
export async function findSimCheckout(db: DbExecutor, checkoutId: string) {
  if (!isCheckoutId(checkoutId)) return null;
  const rows = await db
    .select()
    .from(simulatorTransactions)
    .where(eq(simulatorTransactions.checkoutId, checkoutId))
    .orderBy(desc(simulatorTransactions.id))
    .limit(MAX_ATTEMPTS_PER_CHECKOUT);
  const latest = rows[0];
  if (!latest) return null;
  const open =
    latest.status === 'new' || (latest.status === 'failed' && rows.length < MAX_ATTEMPTS_PER_CHECKOUT);
  return { latest, open, attempts: latest.status === 'new' ? 0 : rows.length };
}

export type Outcome = 'success' | 'failure' | 'cancel';

/**
 * The customer's choice on the hosted page. Returns the redirect the provider would send, with its
 * query parameters (status, tx_ref, transaction_id), or null when the checkout was already used.
 */
export async function submitSimCheckout(
  db: DbExecutor,
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
  const attempt = {
    status,
    paymentType: method === 'card' ? 'card' : 'mobilemoney',
    ...(delayed && {
      completesAt: new Date(Date.now() + deps.pendingSeconds * 1000),
      finalStatus: 'successful',
    }),
  };
  if (!isCheckoutId(checkoutId)) return null;
  const row = await db.transaction(async (trx) => {
    // Locked, so two submits of one page cannot both become attempts.
    const [latest] = await trx
      .select()
      .from(simulatorTransactions)
      .where(eq(simulatorTransactions.checkoutId, checkoutId))
      .orderBy(desc(simulatorTransactions.id))
      .limit(1)
      .for('update');
    if (!latest) return null;
    if (latest.status === 'new') {
      const [first] = await trx
        .update(simulatorTransactions)
        .set(attempt)
        .where(eq(simulatorTransactions.id, latest.id))
        .returning();
      return first ?? null;
    }
    // A retry after a declined attempt: a new transaction (new id) under the same tx_ref, as the provider does.
    const [{ count }] = (await trx
      .select({ count: sql<number>`count(*)::int` })
      .from(simulatorTransactions)
      .where(eq(simulatorTransactions.checkoutId, checkoutId))) as [{ count: number }];
    if (latest.status !== 'failed' || count >= MAX_ATTEMPTS_PER_CHECKOUT) return null;
    const { id: _id, createdAt: _createdAt, completesAt: _c, finalStatus: _f, ...same } = latest;
    const [retry] = await trx
      .insert(simulatorTransactions)
      .values({ ...same, ...attempt })
      .returning();
    return retry ?? null;
  });
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
    const res = await deps.fetch(deps.webhookUrl, {
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
