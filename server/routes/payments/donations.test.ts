import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { causes, donations, mailOutbox, payments } from '../../db/schema';
import { createTestCause, markPaidSilently, payOnSimulator } from '../../testing/payments';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser } from '../../testing/users';

let t: TestApp;
let ngoId: string;
let causeId: string;

beforeAll(async () => {
  t = await createTestApp();
  ngoId = await createTestNgo(t);
  causeId = await createTestCause(t, ngoId);
});
afterAll(() => t.close());

const donate = (body: Record<string, unknown>, provider = 'flutterwave') =>
  call(t.app, 'POST', `/api/payments/${provider}/checkout/donation`, body);
const confirm = (txRef: string, transactionId?: string) =>
  call(t.app, 'POST', '/api/payments/flutterwave/donations/confirm', { txRef, transactionId });

async function causeRow(id = causeId) {
  const [row] = await t.db.select().from(causes).where(eq(causes.id, id));
  return row!;
}

describe('donation checkout', () => {
  it('refuses drafts, unknown causes, bad amounts and ended causes', async () => {
    const draft = await createTestCause(t, ngoId, { status: 'draft' });
    expect((await donate({ causeId: draft, amountMinor: 5_000 })).status).toBe(404);
    expect((await donate({ causeId: 'nope', amountMinor: 5_000 })).status).toBe(404);
    expect((await donate({ causeId, amountMinor: 0 })).status).toBe(400);
    expect((await donate({ causeId, amountMinor: 12.5 })).status).toBe(400);
    const tooMuch = await donate({ causeId, amountMinor: 200_000_000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ fields: { amountMinor: expect.any(String) } });
    const ended = await createTestCause(t, ngoId, { endDate: '2020-01-01' });
    expect((await donate({ causeId: ended, amountMinor: 5_000 })).status).toBe(409);
    expect((await donate({ causeId, amountMinor: 5_000 }, 'stripe')).status).toBe(404);
  });

  it('records a donation once, updates the totals and mails one receipt', async () => {
    const res = await donate({
      causeId,
      amountMinor: 5_000,
      donorName: 'Aline',
      donorEmail: 'Aline@Example.org',
    });
    expect(res.status).toBe(201);
    const { txRef, link } = res.body as unknown as { txRef: string; link: string };
    expect(txRef.split('-')[1]).toBe(causeId);
    const trip = await payOnSimulator(t, link, 'card', 'success');
    for (let i = 0; i < 3; i++) {
      const c = await confirm(txRef, trip.transaction_id);
      expect(c.body).toEqual({
        success: true,
        message: 'Thank you for your donation. Your contribution has been received.',
        status: 'successful',
        causeId,
      });
    }
    expect((await confirm(txRef)).body).toMatchObject({ success: true });
    const rows = await t.db.select().from(donations).where(eq(donations.txRef, txRef));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 5_000, currency: 'RWF', donorEmail: 'aline@example.org' });
    expect(await causeRow()).toMatchObject({ raisedMinor: 5_000, donorCount: 1 });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'aline@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Clean water for Nyamata');
    expect(mails[0]?.text).toContain('RWF');
  });

  it('ten concurrent confirmations leave one donation and one receipt', async () => {
    const cause = await createTestCause(t, ngoId, { currency: 'USD', goalMinor: 100_000 });
    const res = await donate({
      causeId: cause,
      amountMinor: 2_500,
      donorEmail: 'many@example.org',
      anonymous: true,
    });
    const { txRef } = res.body as unknown as { txRef: string };
    const id = await markPaidSilently(t, txRef);
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(txRef, id)));
    for (const a of answers) expect(a.body).toMatchObject({ success: true, status: 'successful' });
    expect(await t.db.select().from(donations).where(eq(donations.txRef, txRef))).toHaveLength(1);
    expect(await causeRow(cause)).toMatchObject({ raisedMinor: 2_500, donorCount: 1 });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'many@example.org'))).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.txRef, txRef));
    expect(payment?.status).toBe('successful');
  });

  it('shows the donation on the cause pages, anonymous ones without a name', async () => {
    const cause = await createTestCause(t, ngoId);
    const named = await donate({ causeId: cause, amountMinor: 10_000, donorName: 'Jean' });
    const anon = await donate({ causeId: cause, amountMinor: 7_000, donorName: 'Hidden', anonymous: true });
    for (const r of [named, anon]) {
      const { txRef, link } = r.body as unknown as { txRef: string; link: string };
      const trip = await payOnSimulator(t, link, 'card', 'success');
      expect(trip.tx_ref).toBe(txRef);
    }
    const pub = await call(t.app, 'GET', `/api/causes/${cause}/public`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ raisedMinor: 17_000, donorCount: 2, acceptingDonations: true });
    const names = (
      pub.body as unknown as { recentDonations: { donorName: string | null }[] }
    ).recentDonations.map((d) => d.donorName);
    expect(names.sort()).toEqual(['Jean', null].sort());
    // No email given: no receipt, and the provider got our no-reply address.
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'no-reply@ngo-portal.local')),
    ).toHaveLength(0);
  });

  it('does not record a failed donation', async () => {
    const cause = await createTestCause(t, ngoId);
    const { link, txRef } = (await donate({ causeId: cause, amountMinor: 3_000 })).body as unknown as {
      txRef: string;
      link: string;
    };
    await payOnSimulator(t, link, 'card', 'failure');
    expect((await confirm(txRef)).body).toMatchObject({ success: false, status: 'failed', causeId: cause });
    expect(await causeRow(cause)).toMatchObject({ raisedMinor: 0, donorCount: 0 });
    expect((await confirm('DON-unknown-x')).status).toBe(404);
  });
});

describe('the real adapter against the simulator over HTTP (FLUTTERWAVE_BASE_URL)', () => {
  it('checks out and verifies through a configured base URL', async () => {
    const { serve } = await import('@hono/node-server');
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const live = await createTestApp({
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-configured-key',
      FLUTTERWAVE_WEBHOOK_HASH: 'a-configured-webhook-hash',
      FLUTTERWAVE_BASE_URL: `http://127.0.0.1:${port}/api/test-mode/flutterwave`,
    });
    try {
      // With a key the app is live: no simulator of its own.
      expect(
        (await live.app.request('/api/test-mode/flutterwave/v3/payments', { method: 'POST' })).status,
      ).toBe(404);
      const ngo = await createTestNgo(live);
      const admin = await createTestUser(live, { ngoId: ngo, role: 'NGO_ADMIN' });
      const res = await call(
        live.app,
        'POST',
        '/api/payments/flutterwave/checkout/subscription',
        { planId: 'growth' },
        admin.token,
      );
      expect(res.status).toBe(201);
      const { link, txRef, testMode } = res.body as unknown as {
        link: string;
        txRef: string;
        testMode: boolean;
      };
      expect(testMode).toBe(false);
      expect(link.startsWith('http://localhost:3000/api/test-mode/flutterwave/checkout/')).toBe(true);
      const trip = await payOnSimulator(t, link, 'card', 'success');
      expect(trip.tx_ref).toBe(txRef);
      const verified = await call(
        live.app,
        'GET',
        `/api/payments/flutterwave/verify?${new URLSearchParams({ transaction_id: trip.transaction_id, tx_ref: txRef })}`,
        undefined,
        admin.token,
      );
      expect(verified.body).toEqual({ success: true, message: 'Payment verified successfully!' });
      const hook = await live.app.request('/api/payments/flutterwave/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'verif-hash': t.env.FLUTTERWAVE_WEBHOOK_HASH! },
        body: '{}',
      });
      expect(hook.status).toBe(401);
    } finally {
      await live.close();
      server.close();
    }
  });
});
