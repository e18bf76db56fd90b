import { eq } from 'drizzle-orm';
import { causes, simulatorTransactions } from '../db/schema';
import { newId } from '../services/ids';
import { call, type TestApp } from './test-app';

/** A cause of the NGO, inserted directly (the CRUD has its own tests). */
export async function createTestCause(
  t: TestApp,
  ngoId: string,
  overrides: Partial<typeof causes.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await t.db.insert(causes).values({
    id,
    ngoId,
    title: 'Clean water for Nyamata',
    goalMinor: 1_000_000,
    currency: 'RWF',
    status: 'published',
    suggestedAmountsMinor: [5_000, 10_000],
    ...overrides,
  });
  return id;
}

export interface ReturnTrip {
  status: string;
  tx_ref: string;
  transaction_id: string;
}

/** Submits the test-mode checkout page as a customer would and reads the redirect's query. */
export async function payOnSimulator(
  t: Pick<TestApp, 'app'>,
  link: string,
  method: 'card' | 'mobilemoney',
  outcome: 'success' | 'failure' | 'cancel',
): Promise<ReturnTrip> {
  const res = await t.app.request(new URL(link).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method, outcome }).toString(),
  });
  if (res.status !== 303) throw new Error(`checkout submit answered ${res.status}`);
  const params = new URL(res.headers.get('location')!).searchParams;
  return {
    status: params.get('status') ?? '',
    tx_ref: params.get('tx_ref') ?? '',
    transaction_id: params.get('transaction_id') ?? '',
  };
}

/**
 * Marks the simulator's transaction for a reference as paid without the page, so no webhook is
 * sent: the return trip then races only what the test chooses. Returns the transaction id.
 */
export async function markPaidSilently(
  t: TestApp,
  txRef: string,
  changes: Partial<typeof simulatorTransactions.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.db
    .update(simulatorTransactions)
    .set({ status: 'successful', paymentType: 'card', ...changes })
    .where(eq(simulatorTransactions.txRef, txRef))
    .returning();
  return String(row!.id);
}

export const verify = (
  t: TestApp,
  token: string,
  q: { transaction_id: string; tx_ref: string },
  provider = 'flutterwave',
) =>
  call(
    t.app,
    'GET',
    `/api/payments/${provider}/verify?${new URLSearchParams(q).toString()}`,
    undefined,
    token,
  );
