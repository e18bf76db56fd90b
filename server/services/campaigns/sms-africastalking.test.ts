import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsStandIn, type SmsStandIn } from '../../testing/sms-stand-in';
import type { SmsProvider } from './providers';
import { createAfricasTalkingSms, smsProviderFromEnv } from './sms-africastalking';

/*
 * Campaign SMS through Africa's Talking's bulk SMS API, against a local stand-in that speaks it:
 * what goes over the wire, and how each answer maps to sent, bounced or retry.
 */

const USERNAME = 'mention-relief';
const API_KEY = 'atsk_test_0123456789abcdef';
const BLACKLISTED = '+250788000406';
const FLAKY = '+250788000500';
let standIn: SmsStandIn;
let provider: SmsProvider;
let keyCounter = 0;

beforeAll(async () => {
  standIn = await startSmsStandIn({
    username: USERNAME,
    apiKey: API_KEY,
    blacklist: [BLACKLISTED],
    failFirst: [FLAKY],
  });
  provider = createAfricasTalkingSms({
    username: USERNAME,
    apiKey: API_KEY,
    senderId: 'RELIEF',
    baseUrl: standIn.baseUrl,
  });
});
afterAll(() => standIn?.close());

const sms = (to: string, message = 'Food distribution Saturday 9:00 at the school.') => ({
  to,
  message,
  idempotencyKey: `job-${++keyCounter}`,
});
const sentTo = (number: string) => standIn.messages.filter((m) => m.to === number);

describe("the Africa's Talking SMS provider", () => {
  it('sends, and keeps the message id Africa’s Talking gave', async () => {
    const outcome = await provider.send(sms('+250788123456'));

    expect(outcome).toEqual({ kind: 'sent', providerId: expect.stringMatching(/^ATXid_/) });
    expect(sentTo('+250788123456')).toEqual([
      {
        to: '+250788123456',
        message: 'Food distribution Saturday 9:00 at the school.',
        from: 'RELIEF',
        messageId: outcome.kind === 'sent' ? outcome.providerId : 'none',
      },
    ]);
  });

  it('posts a form-urlencoded body with the apiKey and Accept headers', async () => {
    const text = 'Réunion & vote: 50% = quorum? Oui/Non';
    await provider.send(sms('+254711000111', text));

    const request = standIn.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/version1/messaging');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers['apikey']).toBe(API_KEY);
    expect(request.headers['accept']).toBe('application/json');
    const form = new URLSearchParams(request.body);
    expect(Object.fromEntries(form)).toEqual({
      username: USERNAME,
      to: '+254711000111',
      message: text,
      from: 'RELIEF',
      bulkSMSMode: '1',
    });
    expect(request.status).toBe(201);
  });

  it('answers bounced for a number that is not a valid phone number', async () => {
    const outcome = await provider.send(sms('0788123456'));

    expect(outcome).toEqual({ kind: 'bounced', error: '403 InvalidPhoneNumber' });
    expect(sentTo('0788123456')).toEqual([]);
  });

  it('answers bounced for a number that opted out (blacklisted)', async () => {
    const outcome = await provider.send(sms(BLACKLISTED));

    expect(outcome).toEqual({ kind: 'bounced', error: '406 UserInBlacklist' });
    expect(sentTo(BLACKLISTED)).toEqual([]);
  });

  it('answers retry, sending nothing, when the API key is wrong', async () => {
    const wrongKey = createAfricasTalkingSms({
      username: USERNAME,
      apiKey: 'atsk_revoked',
      baseUrl: standIn.baseUrl,
    });

    const outcome = await wrongKey.send(sms('+250788222333'));

    expect(outcome).toEqual({
      kind: 'retry',
      error: 'africastalking HTTP 401: The supplied authentication is invalid',
    });
    expect(sentTo('+250788222333')).toEqual([]);
  });

  it('answers retry for a passing gateway error, then sent on the next attempt', async () => {
    const message = sms(FLAKY);

    expect(await provider.send(message)).toEqual({ kind: 'retry', error: '500 InternalServerError' });
    expect(sentTo(FLAKY)).toEqual([]);

    expect((await provider.send(message)).kind).toBe('sent');
    expect(sentTo(FLAKY)).toHaveLength(1);
  });

  it('answers retry when Africa’s Talking cannot be reached or does not answer in time', async () => {
    const gone = await startSmsStandIn({ username: USERNAME, apiKey: API_KEY });
    await gone.close();
    const unreachable = createAfricasTalkingSms({
      username: USERNAME,
      apiKey: API_KEY,
      baseUrl: gone.baseUrl,
    });
    expect(await unreachable.send(sms('+250788444555'))).toEqual({
      kind: 'retry',
      error: expect.stringContaining('africastalking unreachable'),
    });

    const silent = createAfricasTalkingSms({
      username: USERNAME,
      apiKey: API_KEY,
      timeoutMs: 50,
      // A server that accepted the request and never answers.
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
        ),
    });
    expect(await silent.send(sms('+250788444555'))).toEqual({
      kind: 'retry',
      error: 'africastalking unreachable: no answer within 50 ms',
    });
  });

  it('is configured from the environment only when both the username and the key are set', async () => {
    expect(smsProviderFromEnv({})).toBeNull();
    expect(smsProviderFromEnv({ AFRICASTALKING_USERNAME: USERNAME })).toBeNull();
    expect(smsProviderFromEnv({ AFRICASTALKING_USERNAME: USERNAME, AFRICASTALKING_API_KEY: ' ' })).toBeNull();

    const fromEnv = smsProviderFromEnv({
      AFRICASTALKING_USERNAME: USERNAME,
      AFRICASTALKING_API_KEY: API_KEY,
      AFRICASTALKING_SENDER_ID: 'RELIEFENV',
      AFRICASTALKING_BASE_URL: standIn.baseUrl,
    });
    expect(fromEnv?.name).toBe('africastalking');
    expect((await fromEnv!.send(sms('+250788666777'))).kind).toBe('sent');
    expect(sentTo('+250788666777')[0]?.from).toBe('RELIEFENV');
  });
});
