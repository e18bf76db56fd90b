/**
 * A local Web Push service for tests: it speaks the protocol a browser's push service (FCM, Mozilla
 * autopush) speaks to an application server, and plays the browser's part too, so a test can read
 * what a device would show.
 *
 * - RFC 8030, over https (a self-signed certificate, `ca`): `POST /push/{id}` with the encrypted message, a TTL header; 201 Created.
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT must be ES256-signed by
 *   that key, its `aud` the push service's origin, its `exp` within 24 hours, its `sub` a mailto: or
 *   https: contact. Anything else answers 401/403 as a real service does.
 * - RFC 8291 (aes128gcm): the body is decrypted with the subscription's private key and auth secret,
 *   which `subscribe()` makes, as a browser's PushManager.subscribe does.
 *
 * `expire(id)` makes a subscription answer 410 Gone from then on (an unsubscribed browser).
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:https';
import { generate as generateCertificate } from 'selfsigned';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

interface Ece {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: unknown; authSecret: Buffer }): Buffer;
}
// http_ece is CommonJS without types; it is what web-push itself encrypts with.
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  ttl: number;
  urgency: string | undefined;
  /** The decrypted message, parsed as JSON. */
  payload: unknown;
}

export interface PushStandIn {
  url: string;
  /** Its self-signed certificate: an https.Agent given it as `ca` trusts the stand-in. */
  ca: string;
  /** A new subscription, as a browser would give the page (its keys live here). */
  subscribe(): PushSubscriptionJson;
  /** From now on the subscription answers 410 Gone. */
  expire(endpoint: string): void;
  received: ReceivedPush[];
  /** Requests refused (bad VAPID, unknown subscription), with the status given. */
  refused: { path: string; status: number; reason: string }[];
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

export async function startPushStandIn(): Promise<PushStandIn> {
  const subscriptions = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }
  >();
  const received: ReceivedPush[] = [];
  const refused: PushStandIn['refused'] = [];
  let origin = '';
  const pems = await generateCertificate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });

  // https only, as web-push (and every real push service) speaks.
  const server = createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const refuse = (status: number, reason: string) => {
        refused.push({ path: req.url ?? '', status, reason });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return refuse(404, 'not found');
      const id = match[1]!;
      const subscription = subscriptions.get(id);
      if (!subscription) return refuse(404, 'no such subscription');
      if (subscription.gone) return refuse(410, 'subscription expired');
      const problem = vapidProblem(req.headers.authorization, origin);
      if (problem) return refuse(problem.status, problem.reason);
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'aes128gcm expected');
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
      let payload: unknown;
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth,
        });
        payload = JSON.parse(plain.toString('utf8'));
      } catch (error) {
        return refuse(400, `undecryptable: ${(error as Error).message}`);
      }
      received.push({
        subscriptionId: id,
        ttl,
        urgency: req.headers.urgency as string | undefined,
        payload,
      });
      res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    ca: pems.cert,
    received,
    refused,
    subscribe() {
      const id = b64url(randomBytes(12));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, gone: false });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    expire(endpoint) {
      const id = endpoint.split('/').pop()!;
      const subscription = subscriptions.get(id);
      if (subscription) subscription.gone = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a push service checks of the VAPID header (RFC 8292 §2, §3); null when it is good. */
function vapidProblem(header: string | undefined, origin: string): { status: number; reason: string } | null {
  const parts = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!parts) return { status: 401, reason: 'vapid authorization expected' };
  const [, token, key] = parts;
  const [head, claims, signature] = token!.split('.');
  const publicKey = Buffer.from(key!, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) return { status: 401, reason: 'bad vapid key' };
  // The raw P-256 point as a JWK, to verify the JWT's ES256 signature (r||s, 64 bytes).
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: b64url(publicKey.subarray(1, 33)),
    y: b64url(publicKey.subarray(33)),
  };
  const good = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!good) return { status: 403, reason: 'vapid signature does not verify' };
  const header_ = JSON.parse(Buffer.from(head!, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') return { status: 403, reason: 'vapid alg must be ES256' };
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== origin) return { status: 403, reason: `vapid aud must be ${origin}` };
  const now = Date.now() / 1000;
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600)
    return { status: 403, reason: 'vapid exp must be within 24 hours' };
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub))
    return { status: 403, reason: 'vapid sub must be mailto: or https:' };
  return null;
}
