/**
 * A local SMTP server for tests and benchmarks of campaign mail: real SMTP (smtp-server, the
 * server half of nodemailer's project) on 127.0.0.1, plain text, no authentication required, so the
 * provider under test speaks to it exactly as to a relay.
 *
 * Failures are chosen per recipient address, deterministically: the address (lower-cased) is hashed to
 * a number in [0, 1) (`recipientRoll`). Under `failRatio` it is refused for good at RCPT TO
 * (`550 5.1.1 Mailbox unavailable`); in the next `transientRatio` it is deferred
 * (`451 4.3.0 Try again later`) on its first RCPT TO only and accepted after, as greylisting does.
 * A test picks its addresses with `recipientRoll`.
 *
 * A message is recorded only when its DATA completed and was accepted. Recording parses the header
 * block only (and decodes the Subject), so several pooled connections can deliver hundreds of messages
 * a second.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's accepted recipients (RCPT TO), as given. */
  to: string[];
  /** The envelope's sender (MAIL FROM). */
  from: string;
  /** The Message-ID header without its angle brackets. */
  messageId: string;
  /** The Subject header, RFC 2047 encoded words decoded. */
  subject: string;
  /** Every header by lower-cased name, its first occurrence, unfolded, as sent (not decoded). */
  headers: Record<string, string>;
  /** The raw body after the header block (still in its MIME transfer encoding). */
  text: string;
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:PORT */
  url: string;
  messages: ReceivedMail[];
  /** How many recorded messages were delivered to this address (case-insensitive). */
  countTo(address: string): number;
  /** How many SMTP connections clients opened so far (a pool opens few and reuses them). */
  connectionCount(): number;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** The address's place in [0, 1): the same for every run, every stand-in and every letter case. */
export function recipientRoll(address: string): number {
  const digest = createHash('sha256').update(address.trim().toLowerCase()).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

function smtpError(responseCode: number, message: string): SMTPServerError {
  return Object.assign(new Error(message), { responseCode });
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2') // whitespace between two encoded words is not part of the text
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      try {
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return bytes.toString('utf8');
      }
    });
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Unfolding (RFC 5322 2.2.3): a line break followed by whitespace continues the previous field.
  for (const line of block.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

function parseMessage(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end < 0 ? raw : raw.slice(0, end);
  const text = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = parseHeaders(block);
  return {
    to: envelope.to,
    from: envelope.from,
    messageId: (headers['message-id'] ?? '').replace(/^<|>$/g, ''),
    subject: decodeWords(headers['subject'] ?? ''),
    headers,
    text,
  };
}

export async function startSmtpStandIn(
  opts: { failRatio?: number; transientRatio?: number } = {},
): Promise<SmtpStandIn> {
  const failRatio = opts.failRatio ?? 0;
  const transientRatio = opts.transientRatio ?? 0;
  const messages: ReceivedMail[] = [];
  const counts = new Map<string, number>();
  /** Addresses already deferred once: their next attempt is accepted. */
  const deferred = new Set<string>();
  let queueId = 0;
  let connections = 0;

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    // A URL with credentials works too: any login is accepted, over plain text.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    // Pooled clients keep their connections; closing must not wait 30 s for them.
    closeTimeout: 100,

    onConnect(_session, callback) {
      connections += 1;
      callback();
    },

    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      const roll = recipientRoll(key);
      if (roll < failRatio) return callback(smtpError(550, '5.1.1 Mailbox unavailable'));
      if (roll < failRatio + transientRatio && !deferred.has(key)) {
        deferred.add(key);
        return callback(smtpError(451, '4.3.0 Try again later'));
      }
      callback();
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 Message too big'));
        const { mailFrom, rcptTo } = session.envelope;
        const mail = parseMessage(Buffer.concat(chunks).toString('utf8'), {
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
        });
        messages.push(mail);
        for (const to of mail.to) {
          const key = to.toLowerCase();
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        queueId += 1;
        callback(null, `2.0.0 Ok: queued as SI${queueId.toString(16).padStart(6, '0')}`);
      });
    },
  });

  // A client that dies mid-conversation (a killed server process) resets its connection: a mail server
  // shrugs, and so does the stand-in (smtp-server reports it as the server's 'error').
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    countTo: (address) => counts.get(address.toLowerCase()) ?? 0,
    connectionCount: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
