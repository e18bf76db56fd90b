/*
 * The channels' providers as the campaign worker sees them (ADR 0050). Each send answers one of three
 * outcomes, so the worker's bookkeeping is the same for every provider:
 * - sent: the provider accepted the message (its id kept when it gives one);
 * - bounced: the provider refused this address for good (SMTP 5xx, an invalid or blacklisted number);
 *   not retried;
 * - retry: a failure that may pass (a 4xx, a timeout, a dropped connection, a provider's 5xx); the job
 *   is retried with backoff, and marked failed when its retries run out.
 */
export type DeliveryOutcome =
  | { kind: 'sent'; providerId?: string }
  | { kind: 'bounced'; error: string }
  | { kind: 'retry'; error: string };

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers: Record<string, string>;
  /** The Message-ID without angle brackets, derived from the recipient's job, e.g. `<uuid>@ngo-portal`. */
  messageId: string;
}

export interface EmailProvider {
  /** 'smtp', or 'outbox' when no SMTP_URL is set (the message is kept in mail_outbox and logged). */
  readonly name: string;
  send(message: EmailMessage): Promise<DeliveryOutcome>;
  close(): Promise<void>;
}

export interface SmsMessage {
  /** E.164, e.g. +250788123456. */
  to: string;
  message: string;
  /** The recipient's job id: the same on every attempt. */
  idempotencyKey: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<DeliveryOutcome>;
}
