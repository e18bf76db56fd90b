import type { Logger } from 'pino';
import type { Database } from '../../db';
import { mailOutbox } from '../../db/schema';
import { newId } from '../ids';
import type { EmailProvider } from './providers';

/**
 * Email without SMTP_URL (ADR 0004's outbox): each message is kept in mail_outbox as delivered there
 * (no `next_attempt_at`, so the mail sweep never sends it later) and logged, so a local demo shows
 * what went out. A campaign's recipients then count as sent, with 'outbox' as the provider.
 */
export function createOutboxEmailProvider(opts: { db: Database; logger: Logger }): EmailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await opts.db.insert(mailOutbox).values({
        id: newId(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        link: message.headers['List-Unsubscribe']?.slice(1, -1) ?? null,
        transport: 'outbox',
      });
      opts.logger.debug(
        { mail: { to: message.to, subject: message.subject } },
        'campaign mail kept in outbox',
      );
      return { kind: 'sent', providerId: `outbox:${message.messageId}` };
    },
    async close() {},
  };
}
