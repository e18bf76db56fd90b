/**
 * A local Africa's Talking for tests: it speaks the bulk SMS API the provider calls
 * (`server/services/campaigns/sms-africastalking.ts`), on 127.0.0.1 over http.
 *
 * - POST /version1/messaging only (else 404 / 405), a form-urlencoded body (else 415);
 * - the `apiKey` header and the form's `username` must match (else 401 with Africa's Talking's
 *   text body, "The supplied authentication is invalid");
 * - `to` (comma-separated) and `message` are required (else 400);
 * - 201 with `{ SMSMessageData: { Message, Recipients: [...] } }`, one entry per number:
 *   101 Success with an `ATXid_…` message id; 403 InvalidPhoneNumber unless the number is E.164
 *   (+ and 10–15 digits); 406 UserInBlacklist for `blacklist`; 500 InternalServerError for a
 *   `failFirst` number's first attempt (accepted after, as a passing fault would be).
 *
 * `messages` holds what was accepted; `requests` holds every request as received, so a test can
 * check the wire format.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  to: string;
  message: string;
  from?: string;
  messageId: string;
}

export interface ReceivedSmsRequest {
  method: string;
  path: string;
  /** Lower-cased names, as node gives them. */
  headers: IncomingHttpHeaders;
  /** The raw body. */
  body: string;
  status: number;
}

export interface SmsStandIn {
  /** http://127.0.0.1:PORT, to pass as the provider's baseUrl. */
  baseUrl: string;
  messages: SentSms[];
  requests: ReceivedSmsRequest[];
  /** Numbers answered 500 InternalServerError on every attempt while they are in this set (an outage). */
  failing: Set<string>;
  close(): Promise<void>;
}

const E164 = /^\+\d{10,15}$/;
const COST = 0.8;

interface Recipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
  messageParts?: number;
}

export async function startSmsStandIn(opts: {
  username: string;
  apiKey: string;
  blacklist?: string[];
  failFirst?: string[];
}): Promise<SmsStandIn> {
  const blacklist = new Set(opts.blacklist ?? []);
  const failFirst = new Set(opts.failFirst ?? []);
  const failedOnce = new Set<string>();
  const failing = new Set<string>();
  const messages: SentSms[] = [];
  const requests: ReceivedSmsRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').split('?')[0] ?? '';
      const answer = (status: number, payload: string, type = 'text/plain; charset=utf-8') => {
        requests.push({ method: req.method ?? '', path, headers: req.headers, body, status });
        res.writeHead(status, { 'content-type': type }).end(payload);
      };

      if (path !== '/version1/messaging') return answer(404, 'Not Found');
      if (req.method !== 'POST') return answer(405, 'Method Not Allowed');
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded') return answer(415, 'Unsupported Media Type');
      const form = new URLSearchParams(body);
      if (req.headers['apikey'] !== opts.apiKey || form.get('username') !== opts.username) {
        return answer(401, 'The supplied authentication is invalid');
      }
      const to = form.get('to');
      const message = form.get('message');
      if (!to) return answer(400, "Request is missing required form field 'to'");
      if (!message) return answer(400, "Request is missing required form field 'message'");
      const from = form.get('from') ?? undefined;

      const recipients = to.split(',').map((raw): Recipient => {
        const number = raw.trim();
        const refused = (statusCode: number, status: string): Recipient => ({
          statusCode,
          number,
          status,
          cost: '0',
          messageId: 'None',
        });
        if (!E164.test(number)) return refused(403, 'InvalidPhoneNumber');
        if (blacklist.has(number)) return refused(406, 'UserInBlacklist');
        if (failing.has(number)) return refused(500, 'InternalServerError');
        if (failFirst.has(number) && !failedOnce.has(number)) {
          failedOnce.add(number);
          return refused(500, 'InternalServerError');
        }
        const messageId = `ATXid_${randomBytes(16).toString('hex')}`;
        messages.push({ to: number, message, ...(from ? { from } : {}), messageId });
        return {
          statusCode: 101,
          number,
          status: 'Success',
          cost: `KES ${COST.toFixed(4)}`,
          messageId,
          messageParts: 1,
        };
      });
      const sent = recipients.filter((r) => r.statusCode === 101).length;
      const total = sent === 0 ? '0' : `KES ${(sent * COST).toFixed(4)}`;
      answer(
        201,
        JSON.stringify({
          SMSMessageData: {
            Message: `Sent to ${sent}/${recipients.length} Total Cost: ${total}`,
            Recipients: recipients,
          },
        }),
        'application/json',
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    messages,
    requests,
    failing,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; without this close waits for them to idle out.
        server.closeAllConnections();
      }),
  };
}
