import { createRoute, z } from '@hono/zod-openapi';
import {
  checkoutResponse,
  donationCheckoutBody,
  donationConfirmBody,
  donationConfirmation,
  ngoSubscription,
  paymentHistory,
  providerParams,
  subscriptionCheckoutBody,
  verifyPaymentQuery,
  verifyPaymentResponse,
} from '../../../contract/payments';
import { text } from '../../../contract/storable';
import type { Context } from 'hono';
import { appUrlOf } from '../../http/app-url';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppBindings, AppDeps } from '../../http/context';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import type { PaymentProviders } from '../../services/payments/providers';
import {
  confirmDonation,
  getPaymentHistory,
  getSubscription,
  handleWebhook,
  startDonationCheckout,
  startSubscriptionCheckout,
  verifyForUser,
  type PaymentsDeps,
} from './payments.service';

const tags = ['Payments'];
const providerNote = '`provider` is `flutterwave`; any other name answers 404.';
const checkoutNote =
  'Each call opens a new pending payment and hosted checkout (no Idempotency-Key: an unpaid checkout has ' +
  'no effect and is closed by the poller). Navigate the whole window to `link` (it cannot be framed).';

export function createPaymentsRouter(deps: AppDeps, providers: PaymentProviders) {
  const auth = requireAuth(deps);
  /** The request's handle and mail; return addresses and receipts on the origin the caller used. */
  const paymentsOf = (c: Context<AppBindings>): PaymentsDeps => ({
    db: c.var.db,
    mail: c.var.mail,
    logger: deps.logger,
    appUrl: appUrlOf(c, deps.env),
    providers,
    mailFrom: deps.env.MAIL_FROM,
  });

  const subscriptionRoute = createRoute({
    method: 'get',
    path: '/subscription',
    tags,
    summary: 'The NGO’s plan, its status and renewal date (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    security: bearer,
    middleware: [auth, requirePermission('billing:read')] as const,
    responses: { 200: jsonResponse(ngoSubscription, 'The plan'), ...errors(401, 403) },
  });

  const historyRoute = createRoute({
    method: 'get',
    path: '/history',
    tags,
    summary: 'The NGO’s subscription payments, newest first (NGO_ADMIN, ADMIN, SUPER_ADMIN)',
    security: bearer,
    middleware: [auth, requirePermission('billing:read')] as const,
    responses: { 200: jsonResponse(paymentHistory, 'At most 100 payments'), ...errors(401, 403) },
  });

  const subscriptionCheckoutRoute = createRoute({
    method: 'post',
    path: '/{provider}/checkout/subscription',
    tags,
    summary: 'Pay for a plan (NGO_ADMIN)',
    description: `Price and currency come from the plan catalogue. Returns to /{provider}-callback. ${checkoutNote} ${providerNote}`,
    security: bearer,
    middleware: [auth, requirePermission('billing:checkout')] as const,
    request: { params: providerParams, body: jsonBody(subscriptionCheckoutBody) },
    responses: {
      201: jsonResponse(checkoutResponse, 'The hosted checkout'),
      ...errors(400, 401, 403, 404, 502),
    },
  });

  const donationCheckoutRoute = createRoute({
    method: 'post',
    path: '/{provider}/checkout/donation',
    tags,
    summary: 'Donate to a published cause (public)',
    description: `The currency is the cause’s. tx_ref is DON-{causeId}-{nonce}; returns to /{provider}-success. A cause past its end date answers 409. ${checkoutNote} ${providerNote}`,
    request: { params: providerParams, body: jsonBody(donationCheckoutBody) },
    responses: {
      201: jsonResponse(checkoutResponse, 'The hosted checkout'),
      ...errors(400, 404, 409, 502),
    },
  });

  const verifyRoute = createRoute({
    method: 'get',
    path: '/{provider}/verify',
    tags,
    summary: 'Verify a payment after the provider’s redirect',
    description:
      'Asks the provider about transaction_id and settles the payment once; the status in the return URL is ' +
      'never read. 200 with success false for a failed, cancelled or still pending payment; 400 when the ' +
      'transaction belongs to another reference or the amount or currency paid is wrong; 404 for a reference ' +
      `of another NGO or an unknown transaction. ${providerNote}`,
    security: bearer,
    middleware: [auth] as const,
    request: { params: providerParams, query: verifyPaymentQuery },
    responses: {
      200: jsonResponse(verifyPaymentResponse, 'The verification outcome'),
      ...errors(400, 401, 404, 502),
    },
  });

  const confirmDonationRoute = createRoute({
    method: 'post',
    path: '/{provider}/donations/confirm',
    tags,
    summary: 'Confirm a donation by its tx_ref (public; the donation success screen)',
    description: `Verified with the provider; 'pending' while mobile money has not completed. ${providerNote}`,
    request: { params: providerParams, body: jsonBody(donationConfirmBody) },
    responses: {
      200: jsonResponse(donationConfirmation, 'The donation’s state'),
      ...errors(400, 404, 502),
    },
  });

  const webhookRoute = createRoute({
    method: 'post',
    path: '/{provider}/webhook',
    tags,
    summary: 'The provider’s webhook (authenticated by the `verif-hash` header)',
    description:
      'Configure `<PUBLIC_URL>/api/payments/flutterwave/webhook` with FLUTTERWAVE_WEBHOOK_HASH as the secret ' +
      'hash. The body only names the transaction; it is verified with the provider before anything settles.',
    request: { params: providerParams, headers: z.object({ 'verif-hash': text('verif-hash').optional() }) },
    responses: {
      200: jsonResponse(z.object({ received: z.literal(true) }), 'Accepted'),
      ...errors(401, 404, 502),
    },
  });

  return createRouter()
    .openapi(subscriptionRoute, async (c) => c.json(await getSubscription(c.var.db, c.var.tenant), 200))
    .openapi(historyRoute, async (c) => c.json(await getPaymentHistory(c.var.db, c.var.tenant), 200))
    .openapi(subscriptionCheckoutRoute, async (c) =>
      c.json(
        await startSubscriptionCheckout(
          paymentsOf(c),
          c.req.valid('param').provider,
          { user: c.var.user, tenant: c.var.tenant },
          c.req.valid('json').planId,
        ),
        201,
      ),
    )
    .openapi(donationCheckoutRoute, async (c) =>
      c.json(
        await startDonationCheckout(paymentsOf(c), c.req.valid('param').provider, c.req.valid('json')),
        201,
      ),
    )
    .openapi(verifyRoute, async (c) =>
      c.json(
        await verifyForUser(paymentsOf(c), c.req.valid('param').provider, c.var.tenant, c.req.valid('query')),
        200,
      ),
    )
    .openapi(confirmDonationRoute, async (c) =>
      c.json(await confirmDonation(paymentsOf(c), c.req.valid('param').provider, c.req.valid('json')), 200),
    )
    .openapi(webhookRoute, async (c) => {
      await handleWebhook(
        paymentsOf(c),
        c.req.valid('param').provider,
        c.req.raw.headers,
        await c.req.text(),
      );
      return c.json({ received: true as const }, 200);
    });
}
