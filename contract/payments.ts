import { z } from 'zod';
import { currencies } from './money';
import { plans, type Plan } from './plans';
import { opaqueId, text } from './storable';

/*
 * Payments: plan subscriptions and donations, through a hosted checkout of the provider named in the
 * path (`flutterwave` only; any other name answers 404). Without FLUTTERWAVE_SECRET_KEY the server runs
 * a built-in test-mode simulator of the same protocol, so `link` then points at our own TEST MODE page.
 *
 * Endpoints (all under /api):
 * | Method | Path                                      | Auth                       | Body / query                         | Response                      |
 * |--------|-------------------------------------------|----------------------------|--------------------------------------|-------------------------------|
 * | POST   | /payments/{provider}/checkout/subscription | bearer, NGO_ADMIN          | subscriptionCheckoutBody             | 201 checkoutResponse          |
 * | POST   | /payments/{provider}/checkout/donation     | public                     | donationCheckoutBody                 | 201 checkoutResponse          |
 * | GET    | /payments/{provider}/verify                | bearer, any member of NGO  | query verifyPaymentQuery             | 200 verifyPaymentResponse     |
 * | POST   | /payments/{provider}/donations/confirm     | public                     | donationConfirmBody                  | 200 donationConfirmation      |
 * | POST   | /payments/{provider}/webhook               | `verif-hash` header        | the provider's event                 | 200 { received: true }        |
 * | GET    | /payments/subscription                     | bearer, NGO_ADMIN or ADMIN | –                                    | 200 ngoSubscription           |
 * | GET    | /payments/history                          | bearer, NGO_ADMIN or ADMIN | –                                    | 200 paymentHistory            |
 *
 * Checkout POSTs take no Idempotency-Key: each call opens a new pending checkout, and only a paid one has an
 * effect. Navigate the whole window to `link` (the hosted page cannot be framed; from the embed, open it in a
 * new tab or the top window). Errors use the one error shape { message, code, fields? }.
 * Verify answers 200 `{ success: false, message }` for a payment that failed or was cancelled, and an
 * error status (400 tampered or mismatched, 404 unknown tx_ref, 502 provider unreachable) with `message`
 * otherwise; the client shows `message` either way (SPEC §8).
 */

export {
  currencies,
  currencyExponent,
  donationMaxMajor,
  donationMaxMinor,
  formatMoney,
  toMajor,
  toMinor,
  causeIdFromTxRef,
} from './money';
export type { Currency } from './money';
export const currencySchema = z.enum(currencies, {
  error: `Currency must be one of ${currencies.join(', ')}.`,
});

export const paymentProviders = ['flutterwave'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
export const providerParams = z.object({ provider: text('Provider').min(1).max(40) });

export const paymentStatuses = ['pending', 'successful', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentPurposes = ['subscription', 'donation'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/** Plans that cost money; the free plan needs no checkout. */
export const paidPlanIds = plans.filter((p) => p.priceMonthlyMinor > 0).map((p) => p.id) as [
  Plan['id'],
  ...Plan['id'][],
];

/** POST /payments/{provider}/checkout/subscription: the price and currency come from the catalogue, never the client. */
export const subscriptionCheckoutBody = z.object({
  planId: z.enum(paidPlanIds, { error: 'Choose a paid plan.' }),
});
export type SubscriptionCheckoutBody = z.input<typeof subscriptionCheckoutBody>;

const optionalDonorName = text('Name')
  .trim()
  .max(120, 'Name is too long (120 characters at most).')
  .optional()
  .transform((v) => v || undefined);
const optionalDonorEmail = text('Email')
  .trim()
  .max(254, 'Email is too long.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address.')
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined));

/**
 * POST /payments/{provider}/checkout/donation (public). The cause must be published and open; the
 * currency is the cause's own. `amountMinor` is integer minor units (see currencyExponent), > 0 and at
 * most donationMaxMinor(currency). Without an email the hosted checkout asks for one and no receipt is sent.
 */
export const donationCheckoutBody = z.object({
  causeId: opaqueId('Cause'),
  amountMinor: z
    .number({ error: 'Enter an amount.' })
    .int('The amount must be a whole number of minor units.')
    .positive('The amount must be more than zero.'),
  donorName: optionalDonorName,
  donorEmail: optionalDonorEmail,
  /** True: the donor's name is never shown on the cause page. */
  anonymous: z.boolean().default(false),
});
export type DonationCheckoutBody = z.input<typeof donationCheckoutBody>;

/** Both checkouts answer with the hosted payment page to send the browser to. */
export const checkoutResponse = z.object({
  /** Our reference: `SUB-{ngoId}-{nonce}` or `DON-{causeId}-{nonce}` (ids are dash-free). */
  txRef: z.string(),
  /** The provider's hosted checkout (the TEST MODE page in test mode); navigate the window to it. */
  link: z.string(),
  /** True when the built-in simulator stands in for the provider. */
  testMode: z.boolean(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** GET /payments/{provider}/verify query (SPEC §3, §7): both required. */
export const verifyPaymentQuery = z.object({
  transaction_id: text('Transaction id').trim().min(1, 'Missing payment information.').max(64),
  tx_ref: text('Payment reference').trim().min(1, 'Missing payment information.').max(128),
});
export type VerifyPaymentQuery = z.input<typeof verifyPaymentQuery>;

/** SPEC §7: exactly these two fields. Success only when the server verified the payment with the provider. */
export const verifyPaymentResponse = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

/**
 * POST /payments/{provider}/donations/confirm (public): the donation success screen confirms by the
 * tx_ref from its query; `status` in that query is never trusted, the server asks the provider.
 */
export const donationConfirmBody = z.object({
  txRef: text('Payment reference').trim().min(1).max(128),
  /** The provider's transaction_id when the redirect carried one; optional. */
  transactionId: text('Transaction id').trim().max(64).optional(),
});
export type DonationConfirmBody = z.input<typeof donationConfirmBody>;

export const donationConfirmation = z.object({
  success: z.boolean(),
  message: z.string(),
  /** 'pending' while mobile money has not completed yet; the client may ask again. */
  status: z.enum(paymentStatuses),
  /** The cause the donation went to (the 2nd dash-separated segment of tx_ref). */
  causeId: z.string().nullable(),
});
export type DonationConfirmation = z.infer<typeof donationConfirmation>;

export const subscriptionStatuses = ['free', 'active', 'expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** GET /payments/subscription: the caller's NGO plan. A paid plan not renewed by renewsAt becomes 'expired'. */
export const ngoSubscription = z.object({
  planId: z.enum(['starter', 'growth', 'impact']),
  planName: z.string(),
  status: z.enum(subscriptionStatuses),
  /** ISO 8601 (UTC); null on the free plan. */
  renewsAt: z.string().nullable(),
  /** ISO 8601 (UTC) of the latest activation; null on the free plan. */
  activatedAt: z.string().nullable(),
  priceMonthlyMinor: z.number().int(),
  currency: currencySchema,
  limits: z.object({ members: z.number().int(), storageGb: z.number(), aiTokensPerMonth: z.number().int() }),
});
export type NgoSubscription = z.infer<typeof ngoSubscription>;

/** One subscription payment of the NGO, newest first. */
export const paymentHistoryItem = z.object({
  id: z.string(),
  txRef: z.string(),
  provider: z.string(),
  purpose: z.enum(paymentPurposes),
  planId: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: currencySchema,
  status: z.enum(paymentStatuses),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  /** ISO 8601 (UTC) of the move out of pending; null while pending. */
  settledAt: z.string().nullable(),
  /** Made through the built-in test-mode simulator: no real money moved; shown as such. */
  testMode: z.boolean(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;

/** GET /payments/history: the NGO's subscription payments, newest first (at most 100). */
export const paymentHistory = z.array(paymentHistoryItem);
export type PaymentHistory = z.infer<typeof paymentHistory>;
