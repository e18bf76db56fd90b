import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientRoll, startSmtpStandIn, type SmtpStandIn } from '../../testing/smtp-stand-in';
import type { EmailMessage, EmailProvider } from './providers';
import { createSmtpProvider } from './smtp-provider';

/*
 * Campaign mail over real SMTP to a local server: what arrives (subject, unsubscribe headers,
 * Message-ID, both alternatives), how refusals map to outcomes (5xx bounced, 4xx and a dead server
 * retried), and a pool that delivers hundreds of messages exactly once over a few connections.
 */

const FROM = 'Mention Relief <news@portal.example>';
let standIn: SmtpStandIn;
let provider: EmailProvider;

// A fifth of the addresses refused for good, the next fifth deferred once.
beforeAll(async () => {
  standIn = await startSmtpStandIn({ failRatio: 0.2, transientRatio: 0.2 });
  provider = createSmtpProvider({ smtpUrl: standIn.url, from: FROM });
});
afterAll(async () => {
  await provider?.close();
  await standIn?.close();
});

let addressCounter = 0;
/** A fresh address whose roll falls in [from, to): refused, deferred once, or accepted. */
function addressIn(from: number, to: number): string {
  for (;;) {
    const address = `person-${addressCounter++}-${randomUUID().slice(0, 8)}@example.org`;
    const roll = recipientRoll(address);
    if (roll >= from && roll < to) return address;
  }
}
const accepted = () => addressIn(0.4, 1);

function mail(to: string, overrides: Partial<EmailMessage> = {}): EmailMessage {
  const id = randomUUID();
  return {
    to,
    subject: 'Quarterly report',
    text: 'Hello Ada, the quarterly report is ready.',
    html: '<p>Hello Ada, the <b>quarterly report</b> is ready.</p>',
    headers: {
      'List-Unsubscribe': `<https://portal.example/api/unsubscribe?t=${id}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: `${id}@ngo-portal`,
    ...overrides,
  };
}

describe('the SMTP provider', () => {
  it('delivers the subject, the unsubscribe headers, the Message-ID and both alternatives', async () => {
    const to = accepted();
    const message = mail(to, { subject: 'Rapport trimestriel — café à Kigali' });

    const outcome = await provider.send(message);

    expect(outcome).toEqual({ kind: 'sent', providerId: expect.stringMatching(/^SI[0-9a-f]{6}$/) });
    const received = standIn.messages.filter((m) => m.to.includes(to));
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.from).toBe('news@portal.example');
    expect(got.messageId).toBe(message.messageId);
    expect(got.subject).toBe('Rapport trimestriel — café à Kigali');
    expect(got.headers['list-unsubscribe']).toBe(message.headers['List-Unsubscribe']);
    expect(got.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(got.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(got.text).toContain('Content-Type: text/plain');
    expect(got.text).toContain('Hello Ada, the quarterly report is ready.');
    expect(got.text).toContain('Content-Type: text/html');
    expect(got.text).toContain('<b>quarterly report</b>');
  });

  it('answers bounced, with the server’s reply, for an address the server refuses for good', async () => {
    const to = addressIn(0, 0.2);

    const outcome = await provider.send(mail(to));

    expect(outcome).toEqual({
      kind: 'bounced',
      error: expect.stringContaining('550 5.1.1 Mailbox unavailable'),
    });
    expect(standIn.countTo(to)).toBe(0);
    // The pool is still usable after a refusal.
    const next = accepted();
    expect((await provider.send(mail(next))).kind).toBe('sent');
    expect(standIn.countTo(next)).toBe(1);
  });

  it('answers retry for a deferred address, and sent when the same message is sent again', async () => {
    const to = addressIn(0.2, 0.4);
    const message = mail(to);

    const first = await provider.send(message);
    expect(first).toEqual({ kind: 'retry', error: expect.stringContaining('451 4.3.0 Try again later') });
    expect(standIn.countTo(to)).toBe(0);

    const second = await provider.send(message);
    expect(second.kind).toBe('sent');
    expect(standIn.countTo(to)).toBe(1);
    expect(standIn.messages.find((m) => m.to.includes(to))?.messageId).toBe(message.messageId);
  });

  it('answers retry when the server cannot be reached', async () => {
    const gone = await startSmtpStandIn();
    await gone.close();
    const orphan = createSmtpProvider({ smtpUrl: gone.url, from: FROM });
    try {
      const outcome = await orphan.send(mail(accepted()));
      expect(outcome).toEqual({
        kind: 'retry',
        error: expect.stringMatching(/ECONNREFUSED|ECONNECTION|ESOCKET/),
      });
    } finally {
      await orphan.close();
    }
  });

  it('delivers 500 messages sent at once exactly once each, over a handful of pooled connections', async () => {
    const clean = await startSmtpStandIn();
    const pooled = createSmtpProvider({ smtpUrl: clean.url, from: FROM, maxConnections: 5 });
    try {
      const messages = Array.from({ length: 500 }, (_, i) => mail(`bulk-${i}@example.org`));

      const outcomes = await Promise.all(messages.map((m) => pooled.send(m)));

      expect(outcomes.filter((o) => o.kind !== 'sent')).toEqual([]);
      expect(clean.messages).toHaveLength(500);
      expect(messages.filter((m) => clean.countTo(m.to) !== 1)).toEqual([]);
      expect(new Set(clean.messages.map((m) => m.messageId))).toEqual(
        new Set(messages.map((m) => m.messageId)),
      );
      expect(clean.connectionCount()).toBeLessThanOrEqual(5);
    } finally {
      await pooled.close();
      await clean.close();
    }
  });
});
