import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ngoSubscription } from '../../../contract/payments';
import { planById } from '../../../contract/plans';
import { ngoSubscriptions, ngos, payments, simulatorTransactions } from '../../db/schema';
import { pollPendingPayments } from '../../services/payments/poller';
import { createPaymentProviders, selfRoutingFetch } from '../../services/payments/providers';
import { markPaidSilently, payOnSimulator, verify } from '../../testing/payments';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';

let t: TestApp;
let ngoId: string;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ngoId = await createTestNgo(t);
  admin = await createTestUser(t, { ngoId, role: 'NGO_ADMIN' });
});
afterAll(() => t.close());

async function checkout(user = admin, planId = 'growth') {
  const res = await call(
    t.app,
    'POST',
    '/api/payments/flutterwave/checkout/subscription',
    { planId },
    user.token,
  );
  expect(res.status).toBe(201);
  return res.body as unknown as { txRef: string; link: string; testMode: boolean };
}

async function paymentRow(txRef: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.txRef, txRef));
  return row!;
}

async function subscriptionOf(id: string) {
  const [row] = await t.db.select().from(ngoSubscriptions).where(eq(ngoSubscriptions.ngoId, id));
  return row;
}

describe('subscription checkout in test mode', () => {
  it('opens a TEST MODE checkout page with card and mobile money and no inline script', async () => {
    const { link, testMode, txRef } = await checkout();
    expect(testMode).toBe(true);
    expect(txRef).toMatch(new RegExp(`^SUB-${ngoId}-[0-9a-f]{16}$`));
    const page = await t.app.request(new URL(link).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('Card: pay successfully');
    expect(html).toContain('Mobile money: cancel');
    expect(html).not.toMatch(/<script/i);
    const row = await paymentRow(txRef);
    // From the catalogue, never from the client.
    expect(row).toMatchObject({ status: 'pending', amountMinor: 2_900, currency: 'USD', planId: 'growth' });
  });

  it('refuses other roles, the free plan and an unknown provider', async () => {
    const staff = await createTestUser(t, { ngoId, role: 'STAFF' });
    const res = await call(
      t.app,
      'POST',
      '/api/payments/flutterwave/checkout/subscription',
      { planId: 'growth' },
      staff.token,
    );
    expect(res.status).toBe(403);
    const free = await call(
      t.app,
      'POST',
      '/api/payments/flutterwave/checkout/subscription',
      { planId: 'starter' },
      admin.token,
    );
    expect(free.status).toBe(400);
    const priced = await call(
      t.app,
      'POST',
      '/api/payments/flutterwave/checkout/subscription',
      { planId: 'growth', amountMinor: 1 },
      admin.token,
    );
    expect((await paymentRow((priced.body as unknown as { txRef: string }).txRef)).amountMinor).toBe(2_900);
    const unknown = await call(
      t.app,
      'POST',
      '/api/payments/paypal/checkout/subscription',
      { planId: 'growth' },
      admin.token,
    );
    expect(unknown.status).toBe(404);
    expect((await verify(t, admin.token, { transaction_id: '1', tx_ref: 'x' }, 'paypal')).status).toBe(404);
  });

  it('activates the plan once: webhook first, then the redirect and a reload', async () => {
    const ngo = await createTestNgo(t, 'Webhook First');
    const user = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const { link } = await checkout(user);
    // The simulator delivers the webhook before it redirects, as a fast provider would.
    const trip = await payOnSimulator(t, link, 'card', 'success');
    expect(trip.status).toBe('successful');
    const settledByWebhook = await paymentRow(trip.tx_ref);
    expect(settledByWebhook.status).toBe('successful');
    const first = await subscriptionOf(ngo);
    for (let i = 0; i < 2; i++) {
      const res = await verify(t, user.token, trip);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Payment verified successfully!' });
    }
    const after = await subscriptionOf(ngo);
    expect(after?.renewsAt.getTime()).toBe(first?.renewsAt.getTime());
    const days = (after!.renewsAt.getTime() - after!.activatedAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const [org] = await t.db.select().from(ngos).where(eq(ngos.id, ngo));
    expect(org?.plan).toBe('growth');

    const sub = await call(t.app, 'GET', '/api/payments/subscription', undefined, user.token);
    expect(sub.body).toMatchObject({
      planId: 'growth',
      status: 'active',
      renewsAt: after!.renewsAt.toISOString(),
    });
    const history = await call(t.app, 'GET', '/api/payments/history', undefined, user.token);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ txRef: trip.tx_ref, status: 'successful', amountMinor: 2_900 });
  });

  it('activates the plan once: redirect first, then the webhook', async () => {
    const ngo = await createTestNgo(t, 'Redirect First');
    const user = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const { txRef } = await checkout(user, 'impact');
    const transactionId = await markPaidSilently(t, txRef);
    const res = await verify(t, user.token, { transaction_id: transactionId, tx_ref: txRef });
    expect(res.body).toEqual({ success: true, message: 'Payment verified successfully!' });
    const first = await subscriptionOf(ngo);
    const hook = await t.app.request('/api/payments/flutterwave/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': t.env.FLUTTERWAVE_WEBHOOK_HASH! },
      body: JSON.stringify({
        event: 'charge.completed',
        data: { id: Number(transactionId), tx_ref: txRef, status: 'successful' },
      }),
    });
    expect(hook.status).toBe(200);
    expect((await subscriptionOf(ngo))?.renewsAt.getTime()).toBe(first?.renewsAt.getTime());
  });

  it('leaves one successful record and one activation after ten concurrent verifies', async () => {
    const ngo = await createTestNgo(t, 'Concurrent');
    const user = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const { txRef } = await checkout(user);
    const transactionId = await markPaidSilently(t, txRef);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        verify(t, user.token, { transaction_id: transactionId, tx_ref: txRef }),
      ),
    );
    for (const a of answers)
      expect(a.body).toEqual({ success: true, message: 'Payment verified successfully!' });
    const rows = await t.db.select().from(payments).where(eq(payments.txRef, txRef));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('successful');
    const sub = await subscriptionOf(ngo);
    // Activated once: ten activations would each have extended renewsAt by a month.
    const days = (sub!.renewsAt.getTime() - sub!.activatedAt.getTime()) / 86_400_000;
    expect(days).toBeLessThanOrEqual(31);
    expect(sub?.lastPaymentId).toBe(rows[0]?.id);
  });

  it('reports failure and cancellation without activating anything', async () => {
    const ngo = await createTestNgo(t, 'Unlucky');
    const user = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const failed = await payOnSimulator(t, (await checkout(user)).link, 'card', 'failure');
    expect((await verify(t, user.token, failed)).body).toMatchObject({ success: false });
    expect((await paymentRow(failed.tx_ref)).status).toBe('failed');
    const cancelled = await payOnSimulator(t, (await checkout(user)).link, 'mobilemoney', 'cancel');
    const res = await verify(t, user.token, cancelled);
    expect(res.body).toEqual({ success: false, message: 'The payment was cancelled.' });
    expect(await subscriptionOf(ngo)).toBeUndefined();
    const sub = await call(t.app, 'GET', '/api/payments/subscription', undefined, user.token);
    expect(sub.body).toMatchObject({ planId: 'starter', status: 'free', renewsAt: null });
  });
});

describe('tampering', () => {
  it('rejects a transaction of another reference and changes nothing', async () => {
    const a = await checkout();
    const b = await checkout();
    const paidB = await markPaidSilently(t, b.txRef);
    const res = await verify(t, admin.token, { transaction_id: paidB, tx_ref: a.txRef });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'tx_ref_mismatch' });
    expect((await paymentRow(a.txRef)).status).toBe('pending');
  });

  it('rejects a lower amount and another currency', async () => {
    const low = await checkout();
    const lowId = await markPaidSilently(t, low.txRef, { amount: '1' });
    const res = await verify(t, admin.token, { transaction_id: lowId, tx_ref: low.txRef });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'amount_mismatch' });
    expect(await paymentRow(low.txRef)).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });

    const other = await checkout();
    const otherId = await markPaidSilently(t, other.txRef, { currency: 'NGN' });
    const res2 = await verify(t, admin.token, { transaction_id: otherId, tx_ref: other.txRef });
    expect(res2.body).toMatchObject({ code: 'currency_mismatch' });
    // A reload asks again (the customer may have retried under the reference) and still refuses it.
    const reload = await verify(t, admin.token, { transaction_id: otherId, tx_ref: other.txRef });
    expect(reload.body).toMatchObject({ code: 'currency_mismatch' });
    expect((await paymentRow(other.txRef)).status).toBe('failed');
  });

  it('never trusts the status in the query', async () => {
    const { txRef } = await checkout();
    const [sim] = await t.db
      .select()
      .from(simulatorTransactions)
      .where(eq(simulatorTransactions.txRef, txRef));
    const res = await verify(t, admin.token, { transaction_id: String(sim!.id), tx_ref: txRef });
    // Not submitted on the provider's page: no transaction exists there yet.
    expect(res.status).toBe(404);
    expect((await paymentRow(txRef)).status).toBe('pending');
  });

  it('hides another NGO’s payment', async () => {
    const { link } = await checkout();
    const trip = await payOnSimulator(t, link, 'card', 'success');
    const otherNgo = await createTestNgo(t, 'Elsewhere');
    const stranger = await createTestUser(t, { ngoId: otherNgo, role: 'NGO_ADMIN' });
    expect((await verify(t, stranger.token, trip)).status).toBe(404);
    expect((await verify(t, admin.token, { transaction_id: '', tx_ref: trip.tx_ref })).status).toBe(400);
  });

  it('refuses a webhook with a bad or missing hash', async () => {
    const body = JSON.stringify({ event: 'charge.completed', data: { id: 1, tx_ref: 'x' } });
    for (const headers of [{ 'verif-hash': 'wrong' }, {}] as Record<string, string>[]) {
      const res = await t.app.request('/api/payments/flutterwave/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(401);
    }
  });
});

describe('pending mobile money', () => {
  it('stays pending, then the poller settles it once', async () => {
    const ngo = await createTestNgo(t, 'Mobile Money');
    const user = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const trip = await payOnSimulator(t, (await checkout(user)).link, 'mobilemoney', 'success');
    expect(trip.status).toBe('pending');
    expect((await verify(t, user.token, trip)).body).toMatchObject({ success: false });
    expect((await paymentRow(trip.tx_ref)).status).toBe('pending');

    await t.db
      .update(simulatorTransactions)
      .set({ completesAt: new Date(Date.now() - 1000) })
      .where(eq(simulatorTransactions.txRef, trip.tx_ref));
    await t.db
      .update(payments)
      .set({ lastCheckedAt: null, createdAt: new Date(Date.now() - 120_000) })
      .where(and(eq(payments.txRef, trip.tx_ref)));
    const providers = createPaymentProviders(t.env, selfRoutingFetch(t.env, t.app));
    const ledger = {
      db: t.db,
      mail: { queue: async () => {}, deliver: async () => {} },
      logger: pino({ level: 'silent' }),
      appUrl: t.env.PUBLIC_URL,
    };
    await pollPendingPayments(ledger, providers, 60);
    expect((await paymentRow(trip.tx_ref)).status).toBe('successful');
    expect((await subscriptionOf(ngo))?.planId).toBe('growth');
    expect((await verify(t, user.token, trip)).body).toMatchObject({ success: true });
  });
});

describe('plan limits follow the paid period', () => {
  const limitsOf = (planId: string) => planById(planId)!.limits;

  it('raises the limits on activation and drops to the free limits once renewsAt has passed', async () => {
    const ngo = await createTestNgo(t, 'Lapsing');
    const user = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const getSub = () => call(t.app, 'GET', '/api/payments/subscription', undefined, user.token);

    const before = await getSub();
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ planId: 'starter', status: 'free', limits: limitsOf('starter') });

    await verify(t, user.token, await payOnSimulator(t, (await checkout(user)).link, 'card', 'success'));
    const paid = await getSub();
    expect(paid.body).toMatchObject({
      planId: 'growth',
      planName: 'NGO Growth',
      status: 'active',
      limits: limitsOf('growth'),
    });

    // The paid month runs out without a renewal.
    const endedAt = new Date(Date.now() - 60_000);
    await t.db.update(ngoSubscriptions).set({ renewsAt: endedAt }).where(eq(ngoSubscriptions.ngoId, ngo));
    const lapsed = await getSub();
    expect(lapsed.status).toBe(200);
    expect(ngoSubscription.strict().safeParse(lapsed.body).success).toBe(true);
    expect(lapsed.body).toMatchObject({
      planId: 'growth',
      planName: 'NGO Growth',
      status: 'expired',
      renewsAt: endedAt.toISOString(),
      limits: limitsOf('starter'),
    });
    // ngos.plan still says growth: it is a label, and the limits no longer follow it.
    const [org] = await t.db.select().from(ngos).where(eq(ngos.id, ngo));
    expect(org?.plan).toBe('growth');

    // Paying again after the lapse starts a fresh month with the paid limits back.
    await verify(t, user.token, await payOnSimulator(t, (await checkout(user)).link, 'card', 'success'));
    const renewed = await getSub();
    expect(renewed.body).toMatchObject({ status: 'active', limits: limitsOf('growth') });
    expect(Date.parse(renewed.body.renewsAt as string)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });
});
