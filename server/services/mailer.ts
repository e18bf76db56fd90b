import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db';
import { mailOutbox } from '../db/schema';
import { newId } from './ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the message, logged when there is no SMTP so a local user can follow it. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the outbox table plus a log line with the link. */
export function createMailer(opts: { db: Database; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const id = newId();
      await opts.db.insert(mailOutbox).values({
        id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        link: message.link ?? null,
        transport: transport ? 'smtp' : 'outbox',
      });
      if (!transport) {
        opts.logger.info(
          { mail: { to: message.to, subject: message.subject, link: message.link } },
          'mail queued in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        await opts.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
      } catch (err) {
        // A mail failure must not fail the request that caused it; the outbox keeps the message.
        opts.logger.error({ err, to: message.to }, 'smtp send failed');
      }
    },
  };
}
