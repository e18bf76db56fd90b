import type { DeliveryOutcome, SmsMessage, SmsProvider } from './providers';

/*
 * Campaign SMS through Africa's Talking (ADR 0050), its bulk SMS API as its own SDKs call it:
 * POST {baseUrl}/version1/messaging, a form-urlencoded body (username, to, message, from when a sender
 * id is set, bulkSMSMode=1), headers `apiKey` and `Accept: application/json`. It answers 201 with
 * `{ SMSMessageData: { Message, Recipients: [{ statusCode, number, status, cost, messageId }] } }`,
 * one entry per number; a bad username or key is answered 401 with a text body.
 *
 * Per-recipient status codes: 100 Processed, 101 Sent, 102 Queued (accepted); 401 RiskHold,
 * 402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 405 InsufficientBalance,
 * 406 UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection, 500 InternalServerError,
 * 501 GatewayError, 502 RejectedByGateway. Only the ones about the number itself are bounces; a
 * sender id, the balance, a risk hold or the gateway are ours or passing, so they are retried (and end
 * failed, retryable by hand, when the retries run out).
 */

export const AFRICASTALKING_LIVE_URL = 'https://api.africastalking.com';
export const AFRICASTALKING_SANDBOX_URL = 'https://api.sandbox.africastalking.com';

const SENT = new Set([100, 101, 102]);
/** InvalidPhoneNumber, UnsupportedNumberType, UserInBlacklist (opted out), DoNotDisturbRejection. */
const BOUNCED = new Set([403, 404, 406, 409]);

interface AtRecipient {
  statusCode?: number | string;
  number?: string;
  status?: string;
  cost?: string;
  messageId?: string;
}

function outcomeOfRecipient(recipient: AtRecipient): DeliveryOutcome {
  const code = Number(recipient.statusCode);
  const status = recipient.status ?? 'unknown status';
  if (SENT.has(code)) {
    // Africa's Talking writes "None" where it has no id.
    const id = recipient.messageId && recipient.messageId !== 'None' ? recipient.messageId : undefined;
    return id ? { kind: 'sent', providerId: id } : { kind: 'sent' };
  }
  const error = `${code} ${status}`;
  return BOUNCED.has(code) ? { kind: 'bounced', error } : { kind: 'retry', error };
}

export function createAfricasTalkingSms(opts: {
  username: string;
  apiKey: string;
  senderId?: string;
  /** https://api.africastalking.com by default; the sandbox is https://api.sandbox.africastalking.com. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  const url = `${(opts.baseUrl ?? AFRICASTALKING_LIVE_URL).replace(/\/+$/, '')}/version1/messaging`;
  const timeoutMs = opts.timeoutMs ?? 30_000;

  return {
    name: 'africastalking',

    async send(message: SmsMessage): Promise<DeliveryOutcome> {
      const body = new URLSearchParams({
        username: opts.username,
        to: message.to,
        message: message.message,
        // The SDKs send 1 for bulk messages: the sender (our account) pays.
        bulkSMSMode: '1',
      });
      if (opts.senderId) body.set('from', opts.senderId);

      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            apiKey: opts.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
            // Africa's Talking's SDKs send this header for airtime; whether the SMS API honours it is
            // not documented where we looked. Sent anyway: harmless if ignored, and it ties the
            // request to its job (the same key on every attempt).
            'Idempotency-Key': message.idempotencyKey,
          },
          body: body.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (err) {
        const reason =
          err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
            ? `no answer within ${timeoutMs} ms`
            : err instanceof Error
              ? err.cause instanceof Error
                ? `${err.message}: ${err.cause.message}`
                : err.message
              : String(err);
        return { kind: 'retry', error: `africastalking unreachable: ${reason}` };
      }

      if (response.status !== 200 && response.status !== 201) {
        // 401 (credentials), 5xx, anything else: nothing was sent; the job retries.
        return { kind: 'retry', error: `africastalking HTTP ${response.status}: ${text.slice(0, 200)}` };
      }
      let data: { Message?: string; Recipients?: AtRecipient[] } | undefined;
      try {
        data = (JSON.parse(text) as { SMSMessageData?: typeof data }).SMSMessageData;
      } catch {
        return { kind: 'retry', error: `africastalking answered no JSON: ${text.slice(0, 200)}` };
      }
      const recipients = data?.Recipients;
      const summary = data?.Message ?? '';
      const recipient = recipients?.find((r) => r.number === message.to) ?? recipients?.[0];
      if (!recipient) {
        // Africa's Talking answers an empty list with e.g. Message "InvalidPhoneNumber" when it
        // refused the whole request before looking at a recipient.
        return /InvalidPhoneNumber/i.test(summary)
          ? { kind: 'bounced', error: `403 InvalidPhoneNumber (${summary})` }
          : { kind: 'retry', error: `africastalking listed no recipient: ${summary || text.slice(0, 200)}` };
      }
      return outcomeOfRecipient(recipient);
    },
  };
}

/** The provider when AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY are set, else null (SMS off). */
export function smsProviderFromEnv(
  env: NodeJS.ProcessEnv | Record<string, string | undefined>,
): SmsProvider | null {
  const username = env.AFRICASTALKING_USERNAME?.trim();
  const apiKey = env.AFRICASTALKING_API_KEY?.trim();
  if (!username || !apiKey) return null;
  const senderId = env.AFRICASTALKING_SENDER_ID?.trim();
  const baseUrl = env.AFRICASTALKING_BASE_URL?.trim();
  return createAfricasTalkingSms({
    username,
    apiKey,
    ...(senderId ? { senderId } : {}),
    ...(baseUrl ? { baseUrl } : {}),
  });
}
