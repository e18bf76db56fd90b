import type { Currency, PaymentStatus } from '../../../contract/payments';

/** A transaction as the provider reports it, amounts already in our minor units. */
export interface ProviderTransaction {
  /** The provider's transaction id (Flutterwave: data.id). */
  id: string;
  txRef: string;
  status: PaymentStatus;
  amountMinor: number;
  /** As reported; may be a currency we do not offer, which then fails the match. */
  currency: string;
  customerEmail: string | null;
  /** The provider's processor message, kept as the failure reason. */
  processorMessage: string | null;
}

export interface CheckoutRequest {
  txRef: string;
  amountMinor: number;
  currency: Currency;
  /** The provider appends status, tx_ref and transaction_id to it. */
  redirectUrl: string;
  customer: { email: string; name?: string };
  title: string;
  description: string;
}

/** A webhook whose signature checked out. Its body is a hint only: the ledger re-verifies by id. */
export interface WebhookEvent {
  event: string;
  transactionId: string | null;
  txRef: string | null;
}

/** One payment provider; its name is the `{provider}` path segment of the payment routes. */
export interface PaymentProviderAdapter {
  readonly name: string;
  /** True when our built-in simulator stands in for the provider. */
  readonly testMode: boolean;
  createCheckout(request: CheckoutRequest): Promise<{ link: string }>;
  /** Null when the provider has no transaction with that id. */
  verifyTransaction(transactionId: string): Promise<ProviderTransaction | null>;
  /**
   * Every attempt under our reference, newest first; empty when the customer has not paid (yet).
   * The provider lets a customer retry under one tx_ref, so one reference can hold a declined
   * attempt and a successful one: the ledger must see them all, not only the latest.
   */
  transactionsByReference(txRef: string): Promise<ProviderTransaction[]>;
  /** Null when the signature is missing or wrong: the caller answers 401 and ignores the body. */
  verifyWebhook(headers: Headers, rawBody: string): WebhookEvent | null;
}

/** The provider could not be reached or answered something unusable: a 502, and the payment stays pending. */
export class ProviderUnavailableError extends Error {}
