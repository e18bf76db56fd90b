import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { DeliveryOutcome, EmailMessage, EmailProvider } from './providers';

/*
 * Campaign mail over SMTP (ADR 0050). One pooled transport per process: a campaign sends thousands of
 * one-recipient messages, and a connection (TCP, greeting, EHLO, AUTH, maybe TLS) per message would
 * cost more than the message. The pool keeps `maxConnections` open and sends through them without a
 * per-connection message cap; the queue's worker decides how many sends run at once and how fast.
 */

/** A campaign's sends must fail fast enough to be retried by the queue, not hang a worker for minutes. */
const CONNECTION_TIMEOUT_MS = 15_000;
const GREETING_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 60_000;

interface SmtpError {
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  message?: string;
}

/**
 * A 5xx is the server refusing this message for good, so the address is bounced, except when the
 * refusal is about us (our credentials, our sender address): that would bounce every recipient of the
 * campaign for a configuration mistake, so it is retried and, once fixed, sends.
 */
function isAboutTheSender(err: SmtpError): boolean {
  if (err.code === 'EAUTH' || err.code === 'ENOAUTH') return true;
  const command = err.command?.toUpperCase() ?? '';
  return command.startsWith('AUTH') || command.startsWith('MAIL FROM');
}

export function outcomeOfSmtpError(error: unknown): Exclude<DeliveryOutcome, { kind: 'sent' }> {
  const err = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const text = err.response ?? err.message ?? String(error);
  const code = err.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600 && !isAboutTheSender(err)) {
    return { kind: 'bounced', error: text };
  }
  // 4xx (greylisting, a full queue), a refused or dropped connection, a timeout: may pass later.
  return { kind: 'retry', error: err.code && !text.includes(err.code) ? `${err.code}: ${text}` : text };
}

/** Postfix, Exim and most relays answer `250 2.0.0 Ok: queued as 4B1C1F2A` for an accepted message. */
const QUEUE_ID = /queued as\s+<?([^\s>]+)>?/i;

export function createSmtpProvider(opts: {
  smtpUrl: string;
  from: string;
  maxConnections?: number;
  logger?: Logger;
}): EmailProvider {
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: opts.maxConnections ?? 8,
    // Infinity: a connection is replaced only when it fails or idles out, not every 100 messages.
    maxMessages: Infinity,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });

  return {
    name: 'smtp',

    async send(message: EmailMessage): Promise<DeliveryOutcome> {
      try {
        const info = await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          messageId: `<${message.messageId}>`,
        });
        const providerId = QUEUE_ID.exec(info.response ?? '')?.[1];
        return providerId ? { kind: 'sent', providerId } : { kind: 'sent' };
      } catch (err) {
        const outcome = outcomeOfSmtpError(err);
        opts.logger?.[outcome.kind === 'bounced' ? 'info' : 'warn'](
          { to: message.to, messageId: message.messageId, outcome: outcome.kind, error: outcome.error },
          outcome.kind === 'bounced' ? 'smtp refused the address' : 'smtp send failed; will retry',
        );
        return outcome;
      }
    },

    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
