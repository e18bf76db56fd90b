import { linkOriginOf } from '../../http/app-url';
import type { AppDeps } from '../../http/context';
import { createRouter } from '../../http/router';
import { renderCheckoutPage, renderClosedPage } from './checkout-page';
import {
  createSimCheckout,
  findSimCheckout,
  findSimTransaction,
  findSimTransactionByRef,
  listSimTransactionsByRef,
  submitSimCheckout,
  toFlwData,
  type SimulatorDeps,
} from './simulator.service';

/**
 * The test-mode stand-in for Flutterwave v3, mounted at /api/test-mode/flutterwave only when no
 * secret key is configured. Not in the OpenAPI document: it is the provider's API, not ours.
 */
export function createSimulatorRouter(deps: AppDeps, fetchImpl: typeof fetch, webhookHash: string) {
  const sim: SimulatorDeps = {
    logger: deps.logger,
    webhookUrl: `${deps.env.PUBLIC_URL}/api/payments/flutterwave/webhook`,
    ownOriginOf: (url) => linkOriginOf(url, deps.env),
    webhookHash,
    pendingSeconds: deps.env.PAYMENT_SIMULATOR_PENDING_SECONDS,
    fetch: fetchImpl,
  };
  const router = createRouter();

  // Like the provider, the API wants a secret key; the simulator accepts any.
  router.use('/v3/*', async (c, next) => {
    if (!/^Bearer\s+\S+/i.test(c.req.header('authorization') ?? '')) {
      return c.json({ status: 'error', message: 'Authorization required', data: null }, 401);
    }
    await next();
  });

  router.post('/v3/payments', async (c) => {
    const created = await createSimCheckout(c.var.db, sim, await c.req.json().catch(() => null));
    if (!created.ok) return c.json({ status: 'error', message: created.message, data: null }, 400);
    return c.json({ status: 'success', message: 'Hosted Link', data: { link: created.link } });
  });

  router.get('/v3/transactions', async (c) => {
    const txRef = c.req.query('tx_ref') ?? '';
    const rows =
      txRef && !txRef.includes('\u0000') ? await listSimTransactionsByRef(c.var.db, sim, txRef) : [];
    return c.json({
      status: 'success',
      message: 'Transactions fetched',
      meta: { page_info: { total: rows.length, current_page: 1, total_pages: 1 } },
      data: rows.map(toFlwData),
    });
  });

  router.get('/v3/transactions/verify_by_reference', async (c) => {
    const txRef = c.req.query('tx_ref') ?? '';
    const t = txRef.includes('\u0000') ? null : await findSimTransactionByRef(c.var.db, sim, txRef);
    if (!t)
      return c.json(
        { status: 'error', message: 'No transaction was found for this reference', data: null },
        400,
      );
    return c.json({ status: 'success', message: 'Transaction fetched successfully', data: toFlwData(t) });
  });

  router.get('/v3/transactions/:id/verify', async (c) => {
    const t = await findSimTransaction(c.var.db, sim, c.req.param('id'));
    if (!t)
      return c.json({ status: 'error', message: 'No transaction was found for this id', data: null }, 400);
    return c.json({ status: 'success', message: 'Transaction fetched successfully', data: toFlwData(t) });
  });

  router.get('/checkout/:checkoutId', async (c) => {
    const checkout = await findSimCheckout(c.var.db, c.req.param('checkoutId'));
    if (!checkout) return c.html(renderClosedPage(null), 404);
    const row = checkout.latest;
    if (!checkout.open) return c.html(renderClosedPage(row.redirectUrl), 409);
    return c.html(
      renderCheckoutPage({
        checkoutId: row.checkoutId,
        retry: checkout.attempts > 0,
        title: 'NGO Portal',
        description: `Reference ${row.txRef}`,
        amount: row.amount,
        currency: row.currency,
        customerEmail: row.customerEmail,
      }),
    );
  });

  router.post('/checkout/:checkoutId', async (c) => {
    const form = await c.req.parseBody();
    const method = form.method === 'mobilemoney' ? 'mobilemoney' : 'card';
    const outcome = form.outcome === 'failure' || form.outcome === 'cancel' ? form.outcome : 'success';
    const redirect = await submitSimCheckout(c.var.db, sim, c.req.param('checkoutId'), method, outcome);
    if (!redirect) return c.html(renderClosedPage(null), 409);
    return c.redirect(redirect, 303);
  });

  return router;
}
