import type { Env } from '../../env';
import { createFlutterwaveAdapter } from './flutterwave';
import type { PaymentProviderAdapter } from './provider';

/** Where our own simulator speaks the v3 protocol (server/routes/test-mode). */
export const SIMULATOR_BASE_PATH = '/api/test-mode/flutterwave';
export const TEST_MODE_SECRET_KEY = 'FLWSECK_TEST-local-simulator';

export type PaymentsEnv = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'FLUTTERWAVE_SECRET_KEY'
  | 'FLUTTERWAVE_WEBHOOK_HASH'
  | 'FLUTTERWAVE_BASE_URL'
  | 'paymentsTestMode'
>;

/**
 * The hash webhooks must carry: the configured one (in test mode, generated per data folder by
 * server/env.ts). Without one no webhook is accepted.
 */
export const webhookHashOf = (env: PaymentsEnv): string | null => env.FLUTTERWAVE_WEBHOOK_HASH ?? null;

/**
 * A fetch that answers our own URLs in-process: the server talking to its own simulator must not
 * depend on PUBLIC_URL being reachable from inside (a proxy, a container, a test without a port).
 */
export function selfRoutingFetch(
  env: PaymentsEnv,
  app: { fetch: (req: Request) => Response | Promise<Response> },
) {
  const own = new URL(env.PUBLIC_URL).origin;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin === own) return app.fetch(request);
    return fetch(request);
  }) as typeof fetch;
}

export interface PaymentProviders {
  /** Null for a provider name we do not offer: the routes answer 404. */
  get(name: string): PaymentProviderAdapter | null;
  testMode: boolean;
  /** False with neither a secret key nor test mode: payment routes answer 503. */
  configured: boolean;
}

export function createPaymentProviders(env: PaymentsEnv, fetchImpl: typeof fetch): PaymentProviders {
  const testMode = env.paymentsTestMode;
  const webhookHash = webhookHashOf(env);
  const configured = (testMode || Boolean(env.FLUTTERWAVE_SECRET_KEY)) && webhookHash !== null;
  if (!configured) return { testMode: false, configured: false, get: () => null };
  const flutterwave = createFlutterwaveAdapter(
    testMode
      ? {
          baseUrl: `${env.PUBLIC_URL}${SIMULATOR_BASE_PATH}`,
          secretKey: TEST_MODE_SECRET_KEY,
          webhookHash: webhookHash!,
          testMode,
          fetch: fetchImpl,
        }
      : {
          baseUrl: env.FLUTTERWAVE_BASE_URL,
          secretKey: env.FLUTTERWAVE_SECRET_KEY!,
          webhookHash: webhookHash!,
          testMode,
          fetch: fetchImpl,
        },
  );
  return { testMode, configured, get: (name) => (name === 'flutterwave' ? flutterwave : null) };
}
