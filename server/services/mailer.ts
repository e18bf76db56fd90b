import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database, DbExecutor } from '../db';
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
  /** `db` is the request's transaction when there is one (server/http/db-of.ts), so the outbox row commits with it. */
  send(message: MailMessage, db?: DbExecutor): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the outbox table plus a log line with the link. */
export function createMailer(opts: { db: Database; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message, db = opts.db) {
      const id = newId();
      await db.insert(mailOutbox).values({
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
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
      } catch (err) {
        // A mail failure must not fail the request that caused it; the outbox keeps the message.
        opts.logger.error({ err, to: message.to }, 'smtp send failed');
      }
    },
  };
}
