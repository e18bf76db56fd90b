import { timingSafeEqual, createHash } from 'node:crypto';
import type { PaymentStatus } from '../../../contract/payments';
import { isStorableText } from '../../../contract/storable';
import { decimalToMinor, minorToDecimal } from './money';
import {
  ProviderUnavailableError,
  type CheckoutRequest,
  type PaymentProviderAdapter,
  type ProviderTransaction,
} from './provider';

export interface FlutterwaveOptions {
  /** e.g. https://api.flutterwave.com, or our simulator's /api/test-mode/flutterwave */
  baseUrl: string;
  secretKey: string;
  webhookHash: string;
  testMode: boolean;
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** The fields of a v3 transaction we read (GET /v3/transactions/{id}/verify, webhooks). */
interface FlwTransaction {
  id?: number | string;
  tx_ref?: string;
  amount?: number;
  currency?: string;
  status?: string;
  processor_response?: string;
  customer?: { email?: string };
}

interface FlwEnvelope<T> {
  status?: string;
  message?: string;
  data?: T;
}

function mapStatus(status: string | undefined): PaymentStatus {
  switch ((status ?? '').toLowerCase()) {
    case 'successful':
    case 'completed':
      return 'successful';
    case 'failed':
    case 'error':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    // 'pending', 'new' and anything unknown: not final, ask again later.
    default:
      return 'pending';
  }
}

function toTransaction(data: FlwTransaction): ProviderTransaction {
  const currency = String(data.currency ?? '');
  return {
    id: String(data.id ?? ''),
    txRef: String(data.tx_ref ?? ''),
    status: mapStatus(data.status),
    amountMinor: decimalToMinor(currency, Number(data.amount ?? 0)),
    currency,
    customerEmail: data.customer?.email ?? null,
    processorMessage: data.processor_response ?? null,
  };
}

// Hashing both sides first gives equal lengths, which timingSafeEqual requires, without leaking the length.
function constantTimeEquals(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Flutterwave's published v3 API: hosted checkout, verify by id or reference, `verif-hash` webhooks. */
export function createFlutterwaveAdapter(options: FlutterwaveOptions): PaymentProviderAdapter {
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    let res: Response;
    try {
      res = await options.fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`Flutterwave ${method} ${path} failed: ${String(err)}`);
    }
    const json = (await res.json().catch(() => ({}))) as FlwEnvelope<T>;
    return { status: res.status, json };
  }

  return {
    name: 'flutterwave',
    testMode: options.testMode,

    async createCheckout(input: CheckoutRequest) {
      const { status, json } = await request<{ link?: string }>('POST', '/v3/payments', {
        tx_ref: input.txRef,
        amount: minorToDecimal(input.currency, input.amountMinor),
        // Always explicit: the provider would otherwise charge in NGN.
        currency: input.currency,
        redirect_url: input.redirectUrl,
        customer: { email: input.customer.email, ...(input.customer.name && { name: input.customer.name }) },
        customizations: { title: input.title, description: input.description },
      });
      const link = json.data?.link;
      if (status !== 200 || json.status !== 'success' || !link) {
        throw new ProviderUnavailableError(`Flutterwave refused the checkout: ${json.message ?? status}`);
      }
      return { link };
    },

    async verifyTransaction(transactionId) {
      if (!/^[0-9A-Za-z_]{1,64}$/.test(transactionId)) return null;
      const { status, json } = await request<FlwTransaction>(
        'GET',
        `/v3/transactions/${encodeURIComponent(transactionId)}/verify`,
      );
      if (status === 404 || (status === 400 && !json.data)) return null;
      if (status !== 200 || !json.data) {
        throw new ProviderUnavailableError(`Flutterwave verify answered ${status}: ${json.message ?? ''}`);
      }
      return toTransaction(json.data);
    },

    async transactionsByReference(txRef) {
      // GET /v3/transactions filtered by tx_ref lists every attempt; verify_by_reference answers only one
      // of them, which may be a declined retry while another attempt under the same reference succeeded.
      const { status, json } = await request<FlwTransaction[]>(
        'GET',
        `/v3/transactions?tx_ref=${encodeURIComponent(txRef)}`,
      );
      if (status === 404) return [];
      if (status !== 200 || !Array.isArray(json.data)) {
        throw new ProviderUnavailableError(`Flutterwave list answered ${status}: ${json.message ?? ''}`);
      }
      // The filter is the provider's; the check that each one is really ours is the ledger's.
      return json.data.map(toTransaction);
    },

    verifyWebhook(headers, rawBody) {
      const signature = headers.get('verif-hash');
      if (!signature || !constantTimeEquals(signature, options.webhookHash)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { event: 'unparseable', transactionId: null, txRef: null };
      }
      // A signed body is still only a pointer: anything but an object with a data object points nowhere.
      const body = isObject(parsed) ? parsed : {};
      const data = isObject(body.data) ? body.data : {};
      const id = data.id;
      const txRef = data.tx_ref;
      // A reference or id we could never have issued (one Postgres cannot even store) is not ours.
      const ours = (v: string) => v.length > 0 && v.length <= 200 && isStorableText(v);
      const transactionId = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
      return {
        event: typeof body.event === 'string' ? body.event : '',
        transactionId: transactionId && ours(transactionId) ? transactionId : null,
        txRef: typeof txRef === 'string' && ours(txRef) ? txRef : null,
      };
    },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
