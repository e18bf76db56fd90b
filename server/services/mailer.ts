import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database, DbExecutor } from '../db';
import { mailOutbox } from '../db/schema';
import { newId } from './ids';
import { scheduleJob } from './scheduled-job';

/*
 * Mail leaves only after the work that caused it has committed (ADR 0023, superseding part of ADR
 * 0004). A message is first a row of `mail_outbox`, written through the caller's database handle, so
 * it commits or rolls back with the request; it is delivered after commit (SMTP when SMTP_URL is set,
 * else a log line with its link), by the request that queued it or, for rows a crash or a failed send
 * left owed, by the sweep. A rolled-back request therefore never sent anything.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the message, logged when there is no SMTP so a local user can follow it. */
  link?: string;
}

/** One unit of work's mail (a request, a poll of pending payments). */
export interface MailQueue {
  /**
   * Writes the message to the outbox through `db`, the handle the caller's other writes use, so it
   * commits or rolls back with them. Nothing is sent here.
   */
  queue(db: DbExecutor, message: MailMessage): Promise<void>;
  /**
   * Call when the unit's transactions have ended: delivers what it queued and what committed (a
   * rolled-back row no longer exists). Never throws; a failed send stays owed for the sweep.
   */
  deliver(): Promise<void>;
}

export interface Mailer {
  /** A queue for one unit of work; the request's is `c.var.mail` (server/http/request-db.ts). */
  newQueue(): MailQueue;
  /** Delivers every owed message whose time has come (a crash's leftovers, failed sends); returns how many. */
  deliverDue(): Promise<number>;
}

/** What the mailer needs of nodemailer; tests pass a recorder. */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** A claimed row is not claimed again for this long, so a process that died mid-send is retried after it. */
const LEASE = sql`now() + interval '10 minutes'`;
/** A message SMTP refused this many times stays in the outbox unsent, as before this ADR. */
export const MAX_MAIL_ATTEMPTS = 5;
const SWEEP_BATCH = 50;

export function createMailer(opts: {
  db: Database;
  logger: Logger;
  smtpUrl?: string;
  from: string;
  /** Overrides the SMTP transport (tests); with neither, messages are logged. */
  transport?: MailTransport;
}): Mailer {
  const transport: MailTransport | null =
    opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null);
  const transportName = transport ? 'smtp' : 'outbox';

  /**
   * Takes the due rows matching `which` for this process: one conditional UPDATE, so of two deliverers
   * (a request and the sweep, or two replicas) exactly one gets each row.
   */
  const claim = (which: SQL) =>
    opts.db
      .update(mailOutbox)
      .set({ nextAttemptAt: LEASE, attempts: sql`${mailOutbox.attempts} + 1`, transport: transportName })
      .where(and(which, lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .returning();

  async function deliverRow(row: typeof mailOutbox.$inferSelect) {
    if (!transport) {
      // The e2e tests and local users read the link from this line: keep its shape.
      opts.logger.info(
        { mail: { to: row.to, subject: row.subject, link: row.link ?? undefined } },
        'mail queued in outbox (no SMTP_URL)',
      );
      await opts.db.update(mailOutbox).set({ nextAttemptAt: null }).where(eq(mailOutbox.id, row.id));
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, to: row.to, subject: row.subject, text: row.text });
      await opts.db
        .update(mailOutbox)
        .set({ sentAt: new Date(), nextAttemptAt: null })
        .where(eq(mailOutbox.id, row.id));
    } catch (err) {
      // A mail failure never fails the request that caused it; the sweep retries after the lease.
      opts.logger.error({ err, to: row.to }, 'smtp send failed');
      if (row.attempts >= MAX_MAIL_ATTEMPTS) {
        await opts.db.update(mailOutbox).set({ nextAttemptAt: null }).where(eq(mailOutbox.id, row.id));
      }
    }
  }

  async function deliverClaimed(which: SQL): Promise<number> {
    const rows = await claim(which);
    for (const row of rows) await deliverRow(row);
    return rows.length;
  }

  return {
    newQueue() {
      const ids: string[] = [];
      return {
        async queue(db, message) {
          const id = newId();
          await db.insert(mailOutbox).values({
            id,
            to: message.to,
            subject: message.subject,
            text: message.text,
            link: message.link ?? null,
            transport: transportName,
            nextAttemptAt: sql`now()`,
          });
          ids.push(id);
        },
        async deliver() {
          if (ids.length === 0) return;
          const mine = ids.splice(0);
          try {
            await deliverClaimed(inArray(mailOutbox.id, mine));
          } catch (err) {
            opts.logger.error({ err }, 'mail delivery failed; the sweep will retry');
          }
        },
      };
    },

    deliverDue() {
      const due = opts.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNotNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(SWEEP_BATCH);
      return deliverClaimed(inArray(mailOutbox.id, due));
    },
  };
}

/**
 * Delivers owed mail at start-up and then every `intervalSeconds`: rows left by a process that died
 * between commit and delivery, and sends to retry. Any replica may run it; claiming keeps each
 * delivery single. Unref'd, so it never keeps the process alive. Returns a stop function.
 */
export function scheduleMailSweep(mailer: Mailer, logger: Logger, intervalSeconds = 60): () => void {
  return scheduleJob(logger, {
    intervalMs: intervalSeconds * 1000,
    failure: 'mail sweep failed',
    run: async () => {
      const count = await mailer.deliverDue();
      if (count > 0) logger.info({ count }, 'owed mail delivered');
    },
  });
}
