import type { Env } from '../../env';
import { createFlutterwaveAdapter } from './flutterwave';
import type { PaymentProviderAdapter } from './provider';

/** Where our own simulator speaks the v3 protocol (server/routes/test-mode). */
export const SIMULATOR_BASE_PATH = '/api/test-mode/flutterwave';
export const TEST_MODE_SECRET_KEY = 'FLWSECK_TEST-local-simulator';
const TEST_MODE_WEBHOOK_HASH = 'test-mode-webhook-hash';

export type PaymentsEnv = Pick<
  Env,
  'PUBLIC_URL' | 'FLUTTERWAVE_SECRET_KEY' | 'FLUTTERWAVE_WEBHOOK_HASH' | 'FLUTTERWAVE_BASE_URL'
>;

export const isPaymentTestMode = (env: PaymentsEnv) => !env.FLUTTERWAVE_SECRET_KEY;

/** The hash webhooks must carry: the configured one, or the simulator's fixed one in test mode. */
export const webhookHashOf = (env: PaymentsEnv) => env.FLUTTERWAVE_WEBHOOK_HASH ?? TEST_MODE_WEBHOOK_HASH;

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
}

export function createPaymentProviders(env: PaymentsEnv, fetchImpl: typeof fetch): PaymentProviders {
  const testMode = isPaymentTestMode(env);
  const flutterwave = createFlutterwaveAdapter(
    testMode
      ? {
          baseUrl: `${env.PUBLIC_URL}${SIMULATOR_BASE_PATH}`,
          secretKey: TEST_MODE_SECRET_KEY,
          webhookHash: webhookHashOf(env),
          testMode,
          fetch: fetchImpl,
        }
      : {
          baseUrl: env.FLUTTERWAVE_BASE_URL,
          secretKey: env.FLUTTERWAVE_SECRET_KEY!,
          webhookHash: webhookHashOf(env),
          testMode,
          fetch: fetchImpl,
        },
  );
  return { testMode, get: (name) => (name === 'flutterwave' ? flutterwave : null) };
}
