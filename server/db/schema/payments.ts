import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ngos } from './ngos';
import { users } from './users';

/*
 * Money is integer minor units (ISO 4217 exponent: 0 for RWF and UGX, 2 for the others) plus the
 * currency code; the provider adapter converts to its decimal amounts at the edge (ADR 0013).
 * bigint in mode 'number': totals of many donations in UGX outgrow int4, never 2^53.
 */

export const causes = pgTable(
  'causes',
  {
    id: text('id').primaryKey(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    story: text('story').notNull().default(''),
    goalMinor: bigint('goal_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    imageUrl: text('image_url'),
    endDate: date('end_date', { mode: 'string' }),
    suggestedAmountsMinor: bigint('suggested_amounts_minor', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    status: text('status').notNull().default('draft'),
    // Kept by the ledger in the transaction that records each donation, so lists never sum rows.
    raisedMinor: bigint('raised_minor', { mode: 'number' }).notNull().default(0),
    donorCount: integer('donor_count').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('causes_ngo_created_idx').on(t.ngoId, t.createdAt),
    check('causes_status_check', sql`${t.status} in ('published', 'draft')`),
    // The donation tx_ref splits on dashes to find the cause id.
    check('causes_id_dash_free', sql`position('-' in ${t.id}) = 0`),
  ],
);

/**
 * One row per checkout, keyed by our tx_ref. The provider lets a customer retry under the same tx_ref,
 * so 'failed' and 'cancelled' are not final: a later verified successful charge still moves the payment
 * to 'successful'. That move happens once, through a conditional UPDATE ... WHERE status <> 'successful'
 * (server/services/payments/ledger.ts), which makes the effect exactly-once however many verifies,
 * webhooks and polls race; nothing ever leaves 'successful'.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    txRef: text('tx_ref').notNull(),
    provider: text('provider').notNull(),
    purpose: text('purpose').notNull(),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    causeId: text('cause_id').references(() => causes.id, { onDelete: 'set null' }),
    planId: text('plan_id'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    providerTransactionId: text('provider_transaction_id'),
    customerEmail: text('customer_email'),
    donorName: text('donor_name'),
    anonymous: boolean('anonymous').notNull().default(false),
    // Taken through the built-in simulator: no real money moved (ADR 0019). Shown on every screen.
    testMode: boolean('test_mode').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Why a payment failed (provider message or our check), for support; never shown to donors.
    failureReason: text('failure_reason'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_tx_ref_unique').on(t.txRef),
    index('payments_ngo_created_idx').on(t.ngoId, t.createdAt),
    // The pending-payment poller reads only this slice.
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('pending', 'successful', 'failed', 'cancelled')`),
    check('payments_purpose_check', sql`${t.purpose} in ('subscription', 'donation')`),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * The NGO's paid plan; no row means the free plan. Its limits apply only while renewsAt is in the future
 * (server/services/plan-limits.ts); ngos.plan mirrors planId as a label and is not reset when it lapses.
 */
export const ngoSubscriptions = pgTable('ngo_subscriptions', {
  ngoId: text('ngo_id')
    .primaryKey()
    .references(() => ngos.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  status: text('status').notNull().default('active'),
  activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
  renewsAt: timestamp('renews_at', { withTimezone: true }).notNull(),
  lastPaymentId: text('last_payment_id').references(() => payments.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per successful donation payment; the unique tx_ref is the second guard against a double effect. */
export const donations = pgTable(
  'donations',
  {
    id: text('id').primaryKey(),
    txRef: text('tx_ref').notNull(),
    // Null for seeded sample donations, which never went through a checkout.
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    causeId: text('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'restrict' }),
    ngoId: text('ngo_id')
      .notNull()
      .references(() => ngos.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    donorName: text('donor_name'),
    donorEmail: text('donor_email'),
    anonymous: boolean('anonymous').notNull().default(false),
    // Copied from its payment: a simulated donation (ADR 0019).
    testMode: boolean('test_mode').notNull().default(false),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donations_tx_ref_unique').on(t.txRef),
    index('donations_cause_created_idx').on(t.causeId, t.createdAt),
  ],
);

/**
 * The test-mode simulator's own state (server/services/payments/simulator): in the database, not in
 * memory, so any replica can serve the hosted page, the verify call and the return trip.
 */
export const simulatorTransactions = pgTable(
  'payment_simulator_transactions',
  {
    // The provider's numeric transaction id: one per attempt.
    id: serial('id').primaryKey(),
    // Random: the hosted checkout URL must not be guessable from the transaction id. A checkout can
    // hold several attempts (a retry after a failed one), like the provider's hosted page.
    checkoutId: text('checkout_id').notNull(),
    txRef: text('tx_ref').notNull(),
    // Decimal major units as the merchant sent them, e.g. '29.00' or '5000'.
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name'),
    redirectUrl: text('redirect_url').notNull(),
    // 'new' until the customer submits the page; then the provider's statuses.
    status: text('status').notNull().default('new'),
    paymentType: text('payment_type'),
    // Mobile money stays pending until then, and then becomes finalStatus.
    completesAt: timestamp('completes_at', { withTimezone: true }),
    finalStatus: text('final_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_simulator_checkout_idx').on(t.checkoutId),
    index('payment_simulator_tx_ref_idx').on(t.txRef),
  ],
);
