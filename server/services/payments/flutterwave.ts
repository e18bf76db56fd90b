import { timingSafeEqual, createHash } from 'node:crypto';
import type { PaymentStatus } from '../../contract/payments';
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

    async verifyByReference(txRef) {
      const { status, json } = await request<FlwTransaction>(
        'GET',
        `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`,
      );
      if (status === 404 || (status === 400 && !json.data)) return null;
      if (status !== 200 || !json.data) {
        throw new ProviderUnavailableError(`Flutterwave verify answered ${status}: ${json.message ?? ''}`);
      }
      return toTransaction(json.data);
    },

    verifyWebhook(headers, rawBody) {
      const signature = headers.get('verif-hash');
      if (!signature || !constantTimeEquals(signature, options.webhookHash)) return null;
      let body: { event?: string; data?: FlwTransaction };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        return { event: 'unparseable', transactionId: null, txRef: null };
      }
      return {
        event: String(body.event ?? ''),
        transactionId: body.data?.id !== undefined ? String(body.data.id) : null,
        txRef: body.data?.tx_ref ?? null,
      };
    },
  };
}
