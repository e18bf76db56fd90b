import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { causeIdFromTxRef, donationMaxMinor } from '../../../contract/payments';
import type {
  CheckoutResponse,
  DonationConfirmation,
  NgoSubscription,
  PaymentHistory,
  PaymentStatus,
  VerifyPaymentResponse,
  Currency,
} from '../../../contract/payments';
import { planById } from '../../../contract/plans';
import type { DbExecutor } from '../../db';
import { causes, ngoSubscriptions, ngos, payments } from '../../db/schema';
import type { AuthUser } from '../../http/context';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { acceptsDonations } from '../../services/causes';
import { newId } from '../../services/ids';
import type { LedgerDeps, PaymentRow } from '../../services/payments/ledger';
import { ProviderUnavailableError, type PaymentProviderAdapter } from '../../services/payments/provider';
import type { PaymentProviders } from '../../services/payments/providers';
import {
  findPaymentByTxRef,
  paymentMessages,
  problemMessages,
  verifyPayment,
} from '../../services/payments/verify';
import { effectivePlanOf } from '../../services/plan-limits';

export const DONATION_THANKS = 'Thank you for your donation. Your contribution has been received.';

/**
 * What the payment flows need of one request: its database handle and mail (the ledger's), the
 * providers, the origin return addresses are built on (http/app-url.ts) and MAIL_FROM.
 */
export interface PaymentsDeps extends LedgerDeps {
  providers: PaymentProviders;
  /** The provider insists on a customer email; a donor who gave none gets this address's mailbox. */
  mailFrom: string;
}

export function providerOr404(providers: PaymentProviders, name: string): PaymentProviderAdapter {
  if (!providers.configured)
    throw new ApiError(503, 'Payments are not set up on this server yet. Please try again later.');
  const provider = providers.get(name);
  if (!provider) throw new ApiError(404, 'Unknown payment provider.');
  return provider;
}

// Short and dash-free, so the tx_ref still splits into exactly three parts.
const nonce = () => randomBytes(8).toString('hex');

const unavailable = () =>
  new ApiError(502, 'The payment provider could not be reached. Please try again in a moment.');

/** Opens the hosted checkout for a pending payment; a refused checkout closes the payment as failed. */
async function openCheckout(
  p: PaymentsDeps,
  provider: PaymentProviderAdapter,
  payment: typeof payments.$inferInsert,
  customer: { email: string; name?: string },
  redirectPath: string,
  title: string,
): Promise<CheckoutResponse> {
  await p.db.insert(payments).values(payment);
  try {
    const { link } = await provider.createCheckout({
      txRef: payment.txRef,
      amountMinor: payment.amountMinor,
      currency: payment.currency as Currency,
      // The return screens say 'test mode' from this; the provider appends its own parameters.
      redirectUrl: `${p.appUrl}${redirectPath}${provider.testMode ? '?mode=test' : ''}`,
      customer,
      title: 'NGO Portal',
      description: title,
    });
    return { txRef: payment.txRef, link, testMode: provider.testMode };
  } catch (err) {
    await p.db
      .update(payments)
      .set({
        status: 'failed',
        failureReason: 'checkout_refused',
        settledAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(payments.txRef, payment.txRef), eq(payments.status, 'pending')));
    if (err instanceof ProviderUnavailableError) {
      p.logger.error({ err, txRef: payment.txRef }, 'checkout could not be opened');
      throw unavailable();
    }
    throw err;
  }
}

/** The caller pays for a plan of their own NGO (the tenant's: nobody pays for another's). */
export async function startSubscriptionCheckout(
  p: PaymentsDeps,
  providerName: string,
  caller: { user: AuthUser; tenant: Tenant },
  planId: string,
): Promise<CheckoutResponse> {
  const { user, tenant } = caller;
  const provider = providerOr404(p.providers, providerName);
  const plan = planById(planId);
  // The schema admits paid plans only; this guards the catalogue changing under it.
  if (!plan || plan.priceMonthlyMinor <= 0) throw new ApiError(400, 'Choose a paid plan.');
  const txRef = `SUB-${tenant.ngoId}-${nonce()}`;
  return openCheckout(
    p,
    provider,
    {
      id: newId(),
      txRef,
      provider: provider.name,
      purpose: 'subscription',
      ngoId: tenant.ngoId,
      planId: plan.id,
      amountMinor: plan.priceMonthlyMinor,
      currency: plan.currency,
      customerEmail: user.email,
      donorName: user.name,
      createdBy: user.id,
      testMode: provider.testMode,
    },
    { email: user.email, name: user.name },
    `/${provider.name}-callback`,
    `${plan.name}, one month`,
  );
}

/** The provider insists on a customer email; a donor who gave none gets our no-reply address. */
function fallbackEmail(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

export async function startDonationCheckout(
  p: PaymentsDeps,
  providerName: string,
  body: { causeId: string; amountMinor: number; donorName?: string; donorEmail?: string; anonymous: boolean },
): Promise<CheckoutResponse> {
  const provider = providerOr404(p.providers, providerName);
  const [cause] = await p.db
    .select()
    .from(causes)
    .where(and(eq(causes.id, body.causeId), eq(causes.status, 'published')))
    .limit(1);
  if (!cause) throw new ApiError(404, 'Cause not found.');
  if (!acceptsDonations(cause)) throw new ApiError(409, 'This cause is no longer taking donations.');
  const currency = cause.currency as Currency;
  if (body.amountMinor > donationMaxMinor(currency)) {
    throw new ApiError(400, 'Some fields are invalid.', {
      code: 'validation_failed',
      fields: { amountMinor: 'The amount is above the largest donation accepted.' },
    });
  }
  return openCheckout(
    p,
    provider,
    {
      id: newId(),
      // The spec's donation reference is DON-<causeId>-<nonce>: the cause id is the second dash-separated segment.
      txRef: `DON-${cause.id}-${nonce()}`,
      provider: provider.name,
      purpose: 'donation',
      ngoId: cause.ngoId,
      causeId: cause.id,
      amountMinor: body.amountMinor,
      currency,
      customerEmail: body.donorEmail ?? null,
      donorName: body.donorName ?? null,
      anonymous: body.anonymous,
      testMode: provider.testMode,
    },
    {
      email: body.donorEmail ?? fallbackEmail(p.mailFrom),
      ...(body.donorName && !body.anonymous && { name: body.donorName }),
    },
    `/${provider.name}-success`,
    `Donation to ${cause.title}`,
  );
}

async function verifyOrThrow(
  p: PaymentsDeps,
  provider: PaymentProviderAdapter,
  payment: PaymentRow,
  id?: string,
) {
  let result;
  try {
    result = await verifyPayment(p, provider, payment, id);
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      p.logger.error({ err, txRef: payment.txRef }, 'payment verification failed upstream');
      throw unavailable();
    }
    throw err;
  }
  if (result.problem) throw new ApiError(400, problemMessages[result.problem], { code: result.problem });
  if (result.notFound && id)
    throw new ApiError(404, 'The payment provider has no record of this transaction.');
  return result.status;
}

/**
 * GET /payments/{provider}/verify: a payment the caller's tenant may read (its own NGO's; any for a
 * cross-tenant reader, ADR 0020); the query's status is never read.
 */
export async function verifyForUser(
  p: PaymentsDeps,
  providerName: string,
  tenant: Tenant,
  query: { transaction_id: string; tx_ref: string },
): Promise<VerifyPaymentResponse> {
  const provider = providerOr404(p.providers, providerName);
  const payment = await findPaymentByTxRef(p.db, provider.name, query.tx_ref);
  if (!payment || !tenant.canRead(payment.ngoId)) {
    throw new ApiError(404, 'No payment was found for this reference.');
  }
  const status = await verifyOrThrow(p, provider, payment, query.transaction_id);
  const message =
    status === 'successful' && payment.purpose === 'donation' ? DONATION_THANKS : paymentMessages[status];
  return { success: status === 'successful', message };
}

/** POST /payments/{provider}/donations/confirm: public, by tx_ref; the provider decides. */
export async function confirmDonation(
  p: PaymentsDeps,
  providerName: string,
  body: { txRef: string; transactionId?: string },
): Promise<DonationConfirmation> {
  const provider = providerOr404(p.providers, providerName);
  const payment = await findPaymentByTxRef(p.db, provider.name, body.txRef);
  if (!payment || payment.purpose !== 'donation')
    throw new ApiError(404, 'No donation was found for this reference.');
  const status: PaymentStatus = await verifyOrThrow(p, provider, payment, body.transactionId || undefined);
  return {
    success: status === 'successful',
    message: status === 'successful' ? DONATION_THANKS : paymentMessages[status],
    status,
    causeId: payment.causeId ?? causeIdFromTxRef(payment.txRef),
  };
}

/**
 * POST /payments/{provider}/webhook. The signature proves the sender; the body is only a pointer:
 * the transaction is verified with the provider by id before anything settles.
 */
export async function handleWebhook(
  p: PaymentsDeps,
  providerName: string,
  headers: Headers,
  rawBody: string,
): Promise<void> {
  const provider = providerOr404(p.providers, providerName);
  const event = provider.verifyWebhook(headers, rawBody);
  if (!event) throw new ApiError(401, 'Invalid webhook signature.');
  if (!event.txRef || !event.transactionId) return;
  const payment = await findPaymentByTxRef(p.db, provider.name, event.txRef);
  // Not ours (another integration on the same account): acknowledged so it is not resent forever.
  if (!payment) return;
  try {
    const result = await verifyPayment(p, provider, payment, event.transactionId);
    if (result.problem)
      p.logger.warn({ txRef: payment.txRef, problem: result.problem }, 'webhook payment rejected');
  } catch (err) {
    // A 5xx makes the provider retry later, which is what a momentary outage needs.
    if (err instanceof ProviderUnavailableError) throw unavailable();
    throw err;
  }
}

export async function getSubscription(
  db: DbExecutor,
  tenant: Tenant,
  now = new Date(),
): Promise<NgoSubscription> {
  const [row] = await db
    .select({
      sub: {
        planId: ngoSubscriptions.planId,
        renewsAt: ngoSubscriptions.renewsAt,
        activatedAt: ngoSubscriptions.activatedAt,
      },
    })
    .from(ngos)
    .leftJoin(ngoSubscriptions, eq(ngoSubscriptions.ngoId, ngos.id))
    .where(tenant.ownedBy(ngos.id))
    .limit(1);
  if (!row) throw new ApiError(404, 'Organisation not found.');
  const effective = effectivePlanOf(row.sub, now);
  // A lapsed subscription still names the plan that ended (and its price, to renew it), but its
  // limits are the free plan's: those are what the server enforces now.
  const shown = effective.subscribedPlan ?? effective.plan;
  return {
    planId: shown.id,
    planName: shown.name,
    status: effective.status,
    renewsAt: effective.renewsAt?.toISOString() ?? null,
    activatedAt: effective.activatedAt?.toISOString() ?? null,
    priceMonthlyMinor: shown.priceMonthlyMinor,
    currency: shown.currency,
    limits: effective.plan.limits,
  };
}

export const HISTORY_LIMIT = 100;

export async function getPaymentHistory(db: DbExecutor, tenant: Tenant): Promise<PaymentHistory> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(tenant.ownedBy(payments.ngoId), eq(payments.purpose, 'subscription')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(HISTORY_LIMIT);
  return rows.map((p) => ({
    id: p.id,
    txRef: p.txRef,
    provider: p.provider,
    purpose: p.purpose as 'subscription',
    planId: p.planId,
    amountMinor: p.amountMinor,
    currency: p.currency as Currency,
    status: p.status as PaymentStatus,
    createdAt: p.createdAt.toISOString(),
    settledAt: p.settledAt?.toISOString() ?? null,
    testMode: p.testMode,
  }));
}
