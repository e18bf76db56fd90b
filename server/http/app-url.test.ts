import http from 'node:http';
import type * as Os from 'node:os';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, simulatorTransactions } from '../db/schema';
import { ownOrigin } from '../services/own-origin';
import { createTestCause } from '../testing/payments';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestNgo } from '../testing/users';

/*
 * ADR 0023: without PUBLIC_URL the links a request makes follow the address it came by, when that
 * address names this server; a forged Host gets the default, never itself. This machine is pinned
 * to an office PC on Wi-Fi, so the test does not depend on the interfaces of whoever runs it.
 */
vi.mock('node:os', async (importOriginal) => {
  const os = await importOriginal<typeof Os>();
  const iface = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({
    address,
    family,
    internal,
    netmask: family === 'IPv4' ? '255.255.255.0' : 'ffff:ffff:ffff:ffff::',
    mac: '02:00:00:00:00:01',
    cidr: null,
    ...(family === 'IPv6' && { scopeid: 0 }),
  });
  const networkInterfaces = () => ({
    lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
    wlan0: [iface('192.168.1.20', 'IPv4', false), iface('fd00::20', 'IPv6', false)],
  });
  const hostname = () => 'office-pc';
  return { ...os, default: { ...os, networkInterfaces, hostname }, networkInterfaces, hostname };
});

const LAN = 'http://192.168.1.20:3000';
/** Matches text that starts with `prefix`, taken literally. */
const startingWith = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}`);
const DEFAULT = 'http://localhost:3000';
let seq = 0;
const freshEmail = (label: string) => `${label}.${Date.now()}.${++seq}@example.org`;

/** POSTs JSON to `path` as if the browser came by `origin`. */
async function postVia(t: TestApp, origin: string, path: string, body: unknown) {
  const res = await t.app.request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function mailedLink(t: TestApp, to: string): Promise<string> {
  const [row] = await t.db
    .select({ link: mailOutbox.link })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
  return row?.link ?? '';
}

const signUpVia = async (t: TestApp, origin: string) => {
  const email = freshEmail('signup');
  const res = await postVia(t, origin, '/api/auth/signup', {
    name: 'Amina Uwase',
    email,
    password: 'a-long-enough-password',
    organizationName: 'Kigali Water Trust',
  });
  expect(res.status).toBe(201);
  return mailedLink(t, email);
};

/** Forgot-password for a fresh account; the reset link it mails. */
const resetLinkVia = async (t: TestApp, origin: string) => {
  const email = freshEmail('reset');
  await postVia(t, DEFAULT, '/api/auth/signup', {
    name: 'Jean Bosco',
    email,
    password: 'a-long-enough-password',
    organizationName: 'Huye Schools',
  });
  expect((await postVia(t, origin, '/api/auth/forgot-password', { email })).status).toBe(200);
  return mailedLink(t, email);
};

/** A test-mode donation checkout; its hosted link and the return address the simulator keeps. */
async function checkoutVia(t: TestApp, causeId: string, origin: string) {
  const res = await postVia(t, origin, '/api/payments/flutterwave/checkout/donation', {
    causeId,
    amountMinor: 5_000,
    donorEmail: freshEmail('donor'),
  });
  expect(res.status).toBe(201);
  const [sim] = await t.db
    .select({ redirectUrl: simulatorTransactions.redirectUrl })
    .from(simulatorTransactions)
    .where(eq(simulatorTransactions.txRef, res.body.txRef as string));
  return { link: res.body.link as string, returnUrl: sim?.redirectUrl ?? '' };
}

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  let causeId: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: '' });
    causeId = await createTestCause(t, await createTestNgo(t));
  });
  afterAll(() => t.close());

  it.each([
    ['a LAN address of this machine', LAN, LAN],
    ['a loopback address', 'http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ["the machine's mDNS name", 'http://office-pc.local:3000', 'http://office-pc.local:3000'],
    ['an IPv6 address of this machine', 'http://[fd00::20]:3000', 'http://[fd00::20]:3000'],
    ['a forged host', 'http://evil.example:3000', DEFAULT],
    ['a forged host on the default port', 'http://evil.example', DEFAULT],
    ['another port of this machine', 'http://192.168.1.20:8080', DEFAULT],
    ['another scheme than the server speaks', 'https://192.168.1.20:3000', DEFAULT],
  ])('mails the sign-up verification link on the origin used, via %s', async (_label, origin, expected) => {
    const link = await signUpVia(t, origin);
    expect(link).toMatch(startingWith(`${expected}/verify-email?token=`));
  });

  it('mails the password reset link on the origin used, never on a forged one', async () => {
    expect(await resetLinkVia(t, LAN)).toMatch(startingWith(`${LAN}/reset-password?token=`));
    expect(await resetLinkVia(t, 'http://evil.example:3000')).toMatch(
      startingWith(`${DEFAULT}/reset-password?token=`),
    );
  });

  it('puts the test-mode checkout and the return address on the origin used', async () => {
    const { link, returnUrl } = await checkoutVia(t, causeId, LAN);
    expect(link).toMatch(startingWith(`${LAN}/api/test-mode/flutterwave/checkout/`));
    expect(returnUrl).toBe(`${LAN}/flutterwave-success?mode=test`);

    // The customer pays on that page and is sent back to the same origin.
    const res = await t.app.request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ method: 'card', outcome: 'success' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(startingWith(`${LAN}/flutterwave-success?mode=test&`));
  });

  it('puts a forged host’s checkout on the default origin', async () => {
    const { link, returnUrl } = await checkoutVia(t, causeId, 'http://evil.example:3000');
    expect(link).toMatch(startingWith(`${DEFAULT}/api/test-mode/flutterwave/checkout/`));
    expect(returnUrl).toBe(`${DEFAULT}/flutterwave-success?mode=test`);
  });

  it('lets the simulator refuse a return address off this server', async () => {
    const signed = await t.app.request(`${DEFAULT}/api/test-mode/flutterwave/v3/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer FLWSECK_TEST' },
      body: JSON.stringify({
        tx_ref: 'DON-x-1',
        amount: 10,
        customer: { email: 'a@example.org' },
        redirect_url: 'http://evil.example:3000/flutterwave-success',
      }),
    });
    expect(signed.status).toBe(400);
  });
});

describe('without PUBLIC_URL, over a real socket', () => {
  // PORT=0: the port links use can only be the socket's own, which app.request() never has.
  let t: TestApp;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: '', PORT: '0' });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** Forgot-password through the socket with the Host header given; the reset link mailed. */
  async function resetLinkWithHost(host: string) {
    const email = freshEmail('socket');
    await postVia(t, DEFAULT, '/api/auth/signup', {
      name: 'Grace Mukamana',
      email,
      password: 'a-long-enough-password',
      organizationName: 'Musanze Clinic',
    });
    const body = JSON.stringify({ email });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/forgot-password',
          headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    return mailedLink(t, email);
  }

  it('uses the address and port the request came by', async () => {
    expect(await resetLinkWithHost(`127.0.0.1:${port}`)).toMatch(
      startingWith(`http://127.0.0.1:${port}/reset-password?token=`),
    );
  });

  it('falls back to the default for a forged Host, another port, or an address the connection did not reach', async () => {
    // 192.168.1.20 is this machine's, but the connection reached 127.0.0.1: the server may not listen there.
    for (const host of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, `192.168.1.20:${port}`]) {
      expect(await resetLinkWithHost(host)).toMatch(startingWith('http://localhost:0/reset-password?token='));
    }
  });
});

describe('with PUBLIC_URL', () => {
  const PUBLIC = 'https://portal.example.org';
  let t: TestApp;
  let causeId: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: PUBLIC });
    causeId = await createTestCause(t, await createTestNgo(t));
  });
  afterAll(() => t.close());

  it('builds every link on PUBLIC_URL, whatever address the request came by', async () => {
    expect(await signUpVia(t, LAN)).toMatch(startingWith(`${PUBLIC}/verify-email?token=`));
    expect(await resetLinkVia(t, 'http://127.0.0.1:3000')).toMatch(
      startingWith(`${PUBLIC}/reset-password?token=`),
    );
    const { link, returnUrl } = await checkoutVia(t, causeId, LAN);
    expect(link).toMatch(startingWith(`${PUBLIC}/api/test-mode/flutterwave/checkout/`));
    expect(returnUrl).toBe(`${PUBLIC}/flutterwave-success?mode=test`);
  });
});

describe('ownOrigin', () => {
  const http3000 = { protocol: 'http', port: 3000 } as const;
  it.each([
    ['http://localhost:3000/x', 'http://localhost:3000'],
    ['http://127.0.0.5:3000', 'http://127.0.0.5:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://OFFICE-PC:3000', 'http://office-pc:3000'],
    ['http://office-pc.local:3000', 'http://office-pc.local:3000'],
    ['http://192.168.1.20:3000/a?b', 'http://192.168.1.20:3000'],
  ])('accepts %s', (url, origin) => {
    expect(ownOrigin(url, http3000)).toBe(origin);
  });

  it.each([
    'http://evil.example:3000',
    'http://192.168.1.21:3000',
    'http://localhost.evil.example:3000',
    'http://192.168.1.20.nip.io:3000',
    'http://user:pass@localhost:3000',
    'http://localhost:3001',
    'http://localhost',
    'https://localhost:3000',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => {
    expect(ownOrigin(url, http3000)).toBeNull();
  });

  it('wants an address in the Host to be the one the connection reached, when there is one', () => {
    const via = (localAddress: string) => ({ ...http3000, localAddress });
    expect(ownOrigin('http://192.168.1.20:3000', via('192.168.1.20'))).toBe('http://192.168.1.20:3000');
    expect(ownOrigin('http://192.168.1.20:3000', via('::ffff:192.168.1.20'))).toBe(
      'http://192.168.1.20:3000',
    );
    expect(ownOrigin('http://192.168.1.20:3000', via('127.0.0.1'))).toBeNull();
    expect(ownOrigin('http://[fd00::20]:3000', via('fd00::20'))).toBe('http://[fd00::20]:3000');
    // A name is checked against the machine's names, whichever address it resolved to.
    expect(ownOrigin('http://office-pc.local:3000', via('192.168.1.20'))).toBe('http://office-pc.local:3000');
  });

  it('takes the default port of the scheme when the address names none', () => {
    expect(ownOrigin('http://localhost/', { protocol: 'http', port: 80 })).toBe('http://localhost');
    expect(ownOrigin('https://localhost/', { protocol: 'https', port: 443 })).toBe('https://localhost');
  });
});
