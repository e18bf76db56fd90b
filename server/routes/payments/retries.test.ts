import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { causes, donations, payments, simulatorTransactions } from '../../db/schema';
import { EnvError, loadEnv } from '../../env';
import { pollPendingPayments } from '../../services/payments/poller';
import { createPaymentProviders, selfRoutingFetch } from '../../services/payments/providers';
import { createTestCause, payOnSimulator } from '../../testing/payments';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser } from '../../testing/users';

/*
 * Issue 11, defect 1: the provider lets a customer retry under one tx_ref (a declined card, then
 * another), and anyone can open a second checkout that names the same tx_ref. A declined or
 * underpaid attempt must never hide a genuine payment for the reference.
 */

let t: TestApp;
let ngoId: string;
let causeId: string;

beforeAll(async () => {
  t = await createTestApp();
  ngoId = await createTestNgo(t);
  causeId = await createTestCause(t, ngoId);
});
afterAll(() => t.close());

const SIM = '/api/test-mode/flutterwave';

const donate = async (amountMinor = 5_000) => {
  const res = await call(t.app, 'POST', '/api/payments/flutterwave/checkout/donation', {
    causeId,
    amountMinor,
    donorEmail: 'donor@example.org',
  });
  expect(res.status).toBe(201);
  return res.body as unknown as { txRef: string; link: string; testMode: boolean };
};
const confirm = (txRef: string, transactionId?: string) =>
  call(t.app, 'POST', '/api/payments/flutterwave/donations/confirm', { txRef, transactionId });

/** A second hosted checkout under someone else's tx_ref, opened straight on the provider's API. */
async function simCheckout(
  txRef: string,
  amount: number,
  redirectUrl = `${t.env.PUBLIC_URL}/payment-success`,
) {
  return call(
    t.app,
    'POST',
    `${SIM}/v3/payments`,
    {
      tx_ref: txRef,
      amount,
      currency: 'RWF',
      redirect_url: redirectUrl,
      customer: { email: 'x@example.org' },
    },
    undefined,
    { authorization: 'Bearer anything' },
  );
}

async function causeRow() {
  const [row] = await t.db.select().from(causes).where(eq(causes.id, causeId));
  return row!;
}
async function paymentRow(txRef: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.txRef, txRef));
  return row!;
}

describe('several attempts under one tx_ref', () => {
  it('a declined second checkout under the reference does not lose the genuine payment (the probe’s case)', async () => {
    const before = await causeRow();
    const { txRef, link } = await donate();
    const second = await simCheckout(txRef, 5_000);
    expect(second.status).toBe(200);
    const declined = await payOnSimulator(
      t,
      (second.body as unknown as { data: { link: string } }).data.link,
      'card',
      'failure',
    );
    expect(declined.status).toBe('failed');
    // The declined attempt's webhook closed the payment as failed for now.
    expect((await paymentRow(txRef)).status).toBe('failed');

    const paid = await payOnSimulator(t, link, 'card', 'success');
    expect(paid.status).toBe('successful');
    const res = await confirm(txRef, paid.transaction_id);
    expect(res.body).toMatchObject({ success: true, status: 'successful' });
    const after = await causeRow();
    expect(after.donorCount).toBe(before.donorCount + 1);
    expect(after.raisedMinor).toBe(before.raisedMinor + 5_000);
    expect(await t.db.select().from(donations).where(eq(donations.txRef, txRef))).toHaveLength(1);
  });

  it('an underpaid success under the reference does not lose the genuine payment', async () => {
    const before = await causeRow();
    const { txRef, link } = await donate();
    const cheap = await simCheckout(txRef, 0.01);
    const underpaid = await payOnSimulator(
      t,
      (cheap.body as unknown as { data: { link: string } }).data.link,
      'card',
      'success',
    );
    expect((await confirm(txRef, underpaid.transaction_id)).body).toMatchObject({ code: 'amount_mismatch' });
    expect((await paymentRow(txRef)).status).toBe('failed');

    const paid = await payOnSimulator(t, link, 'card', 'success');
    expect((await confirm(txRef, paid.transaction_id)).body).toMatchObject({ success: true });
    // A reload with the underpaid attempt's id still finds the good payment, and counts it once.
    expect((await confirm(txRef, underpaid.transaction_id)).body).toMatchObject({ success: true });
    expect((await causeRow()).donorCount).toBe(before.donorCount + 1);
    expect((await paymentRow(txRef)).failureReason).toBeNull();
  });

  it('the hosted page takes a retry after a decline, as a new transaction under the same reference', async () => {
    const { txRef, link } = await donate();
    const first = await payOnSimulator(t, link, 'card', 'failure');
    const page = await t.app.request(new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your last attempt was declined. You can try again.');
    const second = await payOnSimulator(t, link, 'card', 'success');
    expect(second.tx_ref).toBe(txRef);
    expect(second.transaction_id).not.toBe(first.transaction_id);
    // The return trip of the declined attempt, reloaded later, shows the payment that went through.
    expect((await confirm(txRef, first.transaction_id)).body).toMatchObject({ success: true });
    // Paid: the page is closed now.
    expect((await t.app.request(new URL(link).pathname)).status).toBe(409);
  });

  it('closes the hosted page after three declined attempts', async () => {
    const { link } = await donate();
    for (let i = 0; i < 3; i++) await payOnSimulator(t, link, 'card', 'failure');
    expect((await t.app.request(new URL(link).pathname)).status).toBe(409);
    await expect(payOnSimulator(t, link, 'card', 'success')).rejects.toThrow(/409/);
  });

  it('a later decline never undoes a success, and the effect happens once', async () => {
    const before = await causeRow();
    const { txRef, link } = await donate();
    const paid = await payOnSimulator(t, link, 'card', 'success');
    const other = await simCheckout(txRef, 5_000);
    const declined = await payOnSimulator(
      t,
      (other.body as unknown as { data: { link: string } }).data.link,
      'card',
      'failure',
    );
    expect((await confirm(txRef, declined.transaction_id)).body).toMatchObject({ success: true });
    expect((await confirm(txRef, paid.transaction_id)).body).toMatchObject({ success: true });
    expect((await paymentRow(txRef)).status).toBe('successful');
    expect((await causeRow()).donorCount).toBe(before.donorCount + 1);
  });

  it('the poller finds a retry that succeeded after a decline when its webhook was lost', async () => {
    const before = await causeRow();
    const { txRef, link } = await donate();
    await payOnSimulator(t, link, 'card', 'failure');
    expect((await paymentRow(txRef)).status).toBe('failed');
    // A successful retry whose webhook never arrived, and a donor who never came back.
    const [failed] = await t.db
      .select()
      .from(simulatorTransactions)
      .where(eq(simulatorTransactions.txRef, txRef));
    const { id: _id, createdAt: _c, ...same } = failed!;
    await t.db.insert(simulatorTransactions).values({ ...same, status: 'successful' });
    await t.db
      .update(payments)
      .set({ lastCheckedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(payments.txRef, txRef));
    const providers = createPaymentProviders(t.env, selfRoutingFetch(t.env, t.app));
    const ledger = {
      db: t.db,
      mail: { queue: async () => {}, deliver: async () => {} },
      logger: pino({ level: 'silent' }),
      appUrl: t.env.PUBLIC_URL,
    };
    expect(await pollPendingPayments(ledger, providers, 60)).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(txRef)).status).toBe('successful');
    expect((await causeRow()).donorCount).toBe(before.donorCount + 1);
  });

  it('ten concurrent confirms after a decline record one donation', async () => {
    const before = await causeRow();
    const { txRef, link } = await donate();
    const declined = await payOnSimulator(t, link, 'card', 'failure');
    const paid = await payOnSimulator(t, link, 'card', 'success');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        confirm(txRef, i % 2 ? paid.transaction_id : declined.transaction_id),
      ),
    );
    for (const a of answers) expect(a.body).toMatchObject({ success: true });
    expect((await causeRow()).donorCount).toBe(before.donorCount + 1);
  });
});

describe('test mode is explicit and closed', () => {
  it('marks simulated payments and their donations as test mode in the database', async () => {
    const { txRef, link, testMode } = await donate();
    expect(testMode).toBe(true);
    await payOnSimulator(t, link, 'card', 'success');
    expect((await paymentRow(txRef)).testMode).toBe(true);
    const [donation] = await t.db.select().from(donations).where(eq(donations.txRef, txRef));
    expect(donation?.testMode).toBe(true);
  });

  it('the simulator only redirects to the product’s own origin', async () => {
    const { txRef } = await donate();
    for (const url of [
      'https://evil.example/steal',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://localhost:3001/x',
    ]) {
      const res = await simCheckout(txRef, 5_000, url);
      expect(res.status, url).toBe(400);
    }
    expect((await simCheckout(txRef, 5_000)).status).toBe(200);
  });

  it('answers bad bodies on the webhook and the simulator with 4xx, never 5xx', async () => {
    for (const body of [
      'null',
      '[]',
      '"x"',
      '{"data":null}',
      '{"data":{"id":{"a":1},"tx_ref":[1]}}',
      '{',
      '{"data":{"id":1,"tx_ref":"x\\u0000"}}',
      '{"data":{"id":"1\\u0000","tx_ref":"DON-x-y"}}',
    ]) {
      const hook = await t.app.request('/api/payments/flutterwave/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'verif-hash': t.env.FLUTTERWAVE_WEBHOOK_HASH! },
        body,
      });
      expect(hook.status, body).toBeLessThan(500);
      const sim = await t.app.request(`${SIM}/v3/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
        body,
      });
      expect(sim.status, body).toBe(400);
    }
    const nul = await call(t.app, 'GET', `${SIM}/v3/transactions?tx_ref=%00`, undefined, undefined, {
      authorization: 'Bearer x',
    });
    expect(nul.status).toBe(200);
    expect((await t.app.request(`${SIM}/checkout/%00`)).status).toBe(404);
  });

  it('is on for the embedded demo only, never on PostgreSQL unless asked, never with a real key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    try {
      const base = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };
      expect(loadEnv(base).paymentsTestMode).toBe(true);
      const pgUrl = 'postgres://u@127.0.0.1:5432/db';
      expect(loadEnv({ ...base, DATABASE_URL: pgUrl }).paymentsTestMode).toBe(false);
      expect(loadEnv({ ...base, DATABASE_URL: pgUrl, PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(
        true,
      );
      expect(loadEnv({ ...base, PAYMENTS_TEST_MODE: 'false' }).paymentsTestMode).toBe(false);
      const live = {
        ...base,
        FLUTTERWAVE_SECRET_KEY: 'FLWSECK-live-1234',
        FLUTTERWAVE_WEBHOOK_HASH: 'hash-12345678',
      };
      expect(loadEnv(live).paymentsTestMode).toBe(false);
      expect(() => loadEnv({ ...live, PAYMENTS_TEST_MODE: 'true' })).toThrow(EnvError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs test-mode webhooks with a hash random per data folder, kept across restarts', () => {
    const a = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    const b = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    try {
      const hashA = loadEnv({ DATA_DIR: a, JWT_SECRET: 'x'.repeat(40) }).FLUTTERWAVE_WEBHOOK_HASH!;
      const hashB = loadEnv({ DATA_DIR: b, JWT_SECRET: 'x'.repeat(40) }).FLUTTERWAVE_WEBHOOK_HASH!;
      expect(hashA.length).toBeGreaterThanOrEqual(32);
      expect(hashA).not.toBe(hashB);
      expect(loadEnv({ DATA_DIR: a, JWT_SECRET: 'x'.repeat(40) }).FLUTTERWAVE_WEBHOOK_HASH).toBe(hashA);
      expect(readFileSync(join(a, 'payments-webhook-hash'), 'utf8').trim()).toBe(hashA);
      expect(hashA).not.toBe('test-mode-webhook-hash');
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });
});

describe('without test mode and without a key', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/unused',
      FLUTTERWAVE_WEBHOOK_HASH: '',
    });
  });
  afterAll(() => off.close());

  it('takes no payments and mounts no simulator', async () => {
    const ngo = await createTestNgo(off);
    const cause = await createTestCause(off, ngo);
    const admin = await createTestUser(off, { ngoId: ngo, role: 'NGO_ADMIN' });
    const res = await call(off.app, 'POST', '/api/payments/flutterwave/checkout/donation', {
      causeId: cause,
      amountMinor: 5_000,
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ message: expect.stringMatching(/not set up/) });
    const sub = await call(
      off.app,
      'POST',
      '/api/payments/flutterwave/checkout/subscription',
      { planId: 'growth' },
      admin.token,
    );
    expect(sub.status).toBe(503);
    expect(await off.db.select().from(payments)).toHaveLength(0);
    const sim = await off.app.request(`${SIM}/v3/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      body: JSON.stringify({
        tx_ref: 'x',
        amount: 1,
        redirect_url: `${off.env.PUBLIC_URL}/`,
        customer: { email: 'a@b.c' },
      }),
    });
    expect(sim.status).toBe(404);
    const hook = await off.app.request('/api/payments/flutterwave/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': 'test-mode-webhook-hash' },
      body: '{}',
    });
    expect(hook.status).toBe(503);
  });
});
