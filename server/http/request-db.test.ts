import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, newsletterSubscribers } from '../db/schema';
import { ApiError } from '../services/api-error';
import { newId } from '../services/ids';
import { createMailer, MAX_MAIL_ATTEMPTS, type MailTransport } from '../services/mailer';
import { createTestApp, type TestApp } from '../testing/test-app';
import { errorResponse } from './errors';
import { idempotency } from './idempotency';
import { requestDb } from './request-db';
import { createRouter } from './router';

/*
 * ADR 0023: the request's handle is the one place a route queries, and its mail leaves only after
 * the request's transaction has committed. A request that rolled back must have sent nothing: no
 * SMTP delivery, no outbox row, no log line with its link.
 */

let t: TestApp;
let seq = 0;
const freshEmail = (label: string) => `${label}.${Date.now()}.${++seq}@example.org`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An SMTP stand-in that records what it was asked to send, and fails when told to. */
function smtpRecorder() {
  const sent: { to: string; subject: string }[] = [];
  const transport: MailTransport & { failing: boolean } = {
    failing: false,
    async sendMail(mail) {
      if (transport.failing) throw new Error('smtp down');
      sent.push({ to: mail.to, subject: mail.subject });
    },
  };
  return { sent, transport };
}

/** A logger whose lines the test can read. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

/**
 * Routes that queue a mail through the request's handle, write a row, then answer as asked: `fail`
 * 500 throws, 422 refuses, 429 throws a rate-limit error.
 */
function mailingApp(mailer: ReturnType<typeof createMailer>) {
  const app = createRouter();
  app.use('*', requestDb({ db: t.db, mailer }));
  app.post('/mail', idempotency(), async (c) => {
    const { email, fail } = await c.req.json<{ email: string; fail?: number }>();
    await c.var.mail.queue(c.var.db, {
      to: email,
      subject: 'Verify your email address',
      text: 'Open the link.',
      link: `http://localhost:3000/verify-email?token=${email}`,
    });
    await c.var.db.insert(newsletterSubscribers).values({ id: newId(), email });
    if (fail === 500) throw new Error('boom after queueing mail');
    if (fail === 429) throw new ApiError(429, 'Too many attempts.');
    if (fail) return c.json({ message: 'refused', code: 'refused' }, 422);
    return c.body(null, 204);
  });
  app.onError((err, c) => errorResponse(c, err, pino({ level: 'silent' })));
  return app;
}

const send = (app: ReturnType<typeof mailingApp>, body: { email: string; fail?: number }, key?: string) =>
  app.request('/mail', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key && { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });

const outboxRows = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const mailLogLines = (lines: Record<string, unknown>[], email: string) =>
  lines.filter((l) => (l.mail as { to?: string } | undefined)?.to === email);

describe('mail of a transactional request (Idempotency-Key)', () => {
  it.each([500, 422])('sends nothing when the request fails after queueing (%i)', async (fail) => {
    const smtp = smtpRecorder();
    const app = mailingApp(
      createMailer({ db: t.db, logger: pino({ level: 'silent' }), from: 'x', transport: smtp.transport }),
    );
    const email = freshEmail(`rollback${fail}`);

    expect((await send(app, { email, fail }, crypto.randomUUID())).status).toBe(fail);
    expect(smtp.sent).toEqual([]);
    expect(await outboxRows(email)).toEqual([]);
  });

  it('logs no link when the request fails after queueing, without SMTP', async () => {
    const { lines, logger } = logLines();
    const app = mailingApp(createMailer({ db: t.db, logger, from: 'x' }));
    const email = freshEmail('rollback-log');

    expect((await send(app, { email, fail: 500 }, crypto.randomUUID())).status).toBe(500);
    expect(mailLogLines(lines, email)).toEqual([]);
    expect(await outboxRows(email)).toEqual([]);
  });

  it('delivers once, after commit, when the request succeeds; a replay sends nothing more', async () => {
    const smtp = smtpRecorder();
    const app = mailingApp(
      createMailer({ db: t.db, logger: pino({ level: 'silent' }), from: 'x', transport: smtp.transport }),
    );
    const email = freshEmail('commit');
    const key = crypto.randomUUID();

    expect((await send(app, { email }, key)).status).toBe(204);
    expect((await send(app, { email }, key)).headers.get('idempotent-replayed')).toBe('true');
    expect(smtp.sent).toEqual([{ to: email, subject: 'Verify your email address' }]);
    const [row] = await outboxRows(email);
    expect(row).toMatchObject({ transport: 'smtp', nextAttemptAt: null, attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});

describe('mail of a request without a transaction', () => {
  it('still goes out with an error answer, since its row had already committed', async () => {
    const smtp = smtpRecorder();
    const app = mailingApp(
      createMailer({ db: t.db, logger: pino({ level: 'silent' }), from: 'x', transport: smtp.transport }),
    );
    const email = freshEmail('unlock-with-429');

    expect((await send(app, { email, fail: 429 })).status).toBe(429);
    expect(smtp.sent).toEqual([{ to: email, subject: 'Verify your email address' }]);
  });

  it('keeps the log line e2e tests and local users read the link from, without SMTP', async () => {
    const { lines, logger } = logLines();
    const app = mailingApp(createMailer({ db: t.db, logger, from: 'x' }));
    const email = freshEmail('logged');

    expect((await send(app, { email })).status).toBe(204);
    expect(mailLogLines(lines, email)).toEqual([
      expect.objectContaining({
        msg: 'mail queued in outbox (no SMTP_URL)',
        mail: {
          to: email,
          subject: 'Verify your email address',
          link: `http://localhost:3000/verify-email?token=${email}`,
        },
      }),
    ]);
    expect(await outboxRows(email)).toMatchObject([
      { transport: 'outbox', sentAt: null, nextAttemptAt: null },
    ]);
  });
});

describe('the sweep of owed mail', () => {
  /** A row committed but never delivered, as a process that died right after commit leaves it. */
  async function owedRow(email: string) {
    await t.db.insert(mailOutbox).values({
      id: newId(),
      to: email,
      subject: 'Reset your password',
      text: 'Open the link.',
      transport: 'smtp',
      nextAttemptAt: sql`now() - interval '1 second'`,
    });
  }

  it('delivers a crash leftover exactly once, however many deliverers race', async () => {
    const smtp = smtpRecorder();
    const mailer = createMailer({
      db: t.db,
      logger: pino({ level: 'silent' }),
      from: 'x',
      transport: smtp.transport,
    });
    const email = freshEmail('leftover');
    await owedRow(email);

    await Promise.all([mailer.deliverDue(), mailer.deliverDue(), mailer.deliverDue()]);
    expect(smtp.sent.filter((m) => m.to === email)).toHaveLength(1);
    expect(await outboxRows(email)).toMatchObject([{ nextAttemptAt: null, attempts: 1 }]);
  });

  it('retries a failed send after a lease, and gives up after the last attempt', async () => {
    const smtp = smtpRecorder();
    smtp.transport.failing = true;
    const mailer = createMailer({
      db: t.db,
      logger: pino({ level: 'silent' }),
      from: 'x',
      transport: smtp.transport,
    });
    const email = freshEmail('smtp-down');
    await owedRow(email);
    const due = () =>
      t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(mailOutbox.to, email));

    await mailer.deliverDue();
    const [leased] = await outboxRows(email);
    expect(leased?.attempts).toBe(1);
    expect(leased?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    // Within the lease nothing is retried.
    await mailer.deliverDue();
    expect((await outboxRows(email))[0]?.attempts).toBe(1);

    for (let i = 1; i < MAX_MAIL_ATTEMPTS; i++) {
      await due();
      await mailer.deliverDue();
    }
    expect(await outboxRows(email)).toMatchObject([
      { attempts: MAX_MAIL_ATTEMPTS, nextAttemptAt: null, sentAt: null },
    ]);
    expect(smtp.sent).toEqual([]);
  });

  it('never re-sends rows from before the outbox owed anything (no next attempt)', async () => {
    const smtp = smtpRecorder();
    const mailer = createMailer({
      db: t.db,
      logger: pino({ level: 'silent' }),
      from: 'x',
      transport: smtp.transport,
    });
    const email = freshEmail('historic');
    await t.db
      .insert(mailOutbox)
      .values({ id: newId(), to: email, subject: 'Old', text: 'Old', transport: 'outbox' });

    await mailer.deliverDue();
    expect(smtp.sent.filter((m) => m.to === email)).toEqual([]);
  });
});
