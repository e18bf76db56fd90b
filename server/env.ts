import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 7),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('NGO Portal <no-reply@ngo-portal.local>')),
  // Web Push (RFC 8292): the server's VAPID key pair, base64url (`npx web-push generate-vapid-keys`).
  // Unset: a pair is made once and kept in DATA_DIR, like the JWT secret. SUBJECT is the contact the
  // push services see.
  VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:|https:)/, 'Must start with mailto: or https:.')
      .default('mailto:no-reply@ngo-portal.local'),
  ),
  // Tests only: lets push subscriptions point at a local push service (the stand-in).
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(['true', 'false']).default('false'),
  // Team chat: a mention still unread this many minutes after it was sent is mailed (once).
  CHAT_MENTION_MAIL_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(15),
  // Bulk notifications (ADR 0050): each provider's pace per process, in messages per second.
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).default(300),
  SMS_RATE_PER_SECOND: z.coerce.number().positive().max(1_000).default(10),
  // SMS through Africa's Talking; both set, or SMS is offered nowhere. BASE_URL: the sandbox
  // (https://api.sandbox.africastalking.com) or a stand-in; the live API by default.
  AFRICASTALKING_USERNAME: z.preprocess(emptyToUndefined, z.string().optional()),
  AFRICASTALKING_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  AFRICASTALKING_SENDER_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  AFRICASTALKING_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  // Sign-in: per email from one IP (a stranger elsewhere cannot lock the owner out); recovery
  // mails: per email.
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  // The slower cap on an email's sign-in attempts from everywhere together (a distributed guess);
  // tripping it locks the account and mails its owner an unlock link (ADR 0018).
  AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL: z.coerce.number().int().positive().default(100),
  AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  CLIENT_DIST_DIR: z.preprocess(emptyToUndefined, z.string().default('./dist')),
  // PEM files: with both, the server speaks HTTPS with HTTP/2 (and HTTP/1.1) itself, no proxy needed.
  TLS_CERT_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  TLS_KEY_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  // Any OpenAI-compatible chat-completions endpoint (OpenAI, a gateway, a local Ollama or llama.cpp),
  // e.g. https://api.openai.com/v1. Unset: the AI routes answer 503.
  AI_BASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).optional(),
  ),
  // Optional: a local model server usually needs none.
  AI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-4o-mini')),
  AI_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600_000).default(30_000)),
  // The client's build-time API addresses (src/config/env.ts). When one is absolute (another origin),
  // the pages' CSP lets the browser connect to it; read here too because `npm start` builds and serves
  // with the same environment.
  VITE_API_BASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_BLOGS_API_BASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  // Payment test mode: the built-in simulator of the provider's protocol stands in for it (ADR 0013,
  // 0019). 'auto' turns it on only for the demo (embedded database, no secret key); never on
  // PostgreSQL unless 'true'. Off without a secret key: payments answer 503.
  PAYMENTS_TEST_MODE: z.enum(['auto', 'true', 'false']).default('auto'),
  // Flutterwave v3 (ADR 0013).
  FLUTTERWAVE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  // The 'Secret hash' set on the provider's webhook settings; the `verif-hash` header must equal it.
  FLUTTERWAVE_WEBHOOK_HASH: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  FLUTTERWAVE_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' })
      .default('https://api.flutterwave.com')
      .transform((v) => v.replace(/\/+$/, '')),
  ),
  // How often pending payments (mobile money) are re-verified with the provider.
  PAYMENT_POLL_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(5).max(3600).default(60),
  ),
  // Test mode only: how long a simulated mobile-money payment stays pending.
  PAYMENT_SIMULATOR_PENDING_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).default(20),
  ),
  // Users' files (issue 13): S3-compatible object storage when S3_BUCKET is set, else DATA_DIR/files.
  // S3_ENDPOINT names a non-AWS server (MinIO, Ceph, R2…); path-style addressing is then the default.
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).optional(),
  ),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.enum(['auto', 'true', 'false']).default('auto'),
});

export type Env = z.infer<typeof envSchema> & {
  JWT_SECRET: string;
  PUBLIC_URL: string;
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  /**
   * Whether PUBLIC_URL was set. If not, PUBLIC_URL is only the default (`http://localhost:PORT`), and
   * links follow the address each request came by when it names this server (http/app-url.ts).
   */
  publicUrlConfigured: boolean;
  /** PAYMENTS_TEST_MODE resolved: true when the built-in simulator takes the payments. */
  paymentsTestMode: boolean;
};

export class EnvError extends Error {}

/** Parses the environment once; the name of every bad variable is in the message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
    throw new EnvError(
      'Invalid environment configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: set both (HTTPS) or neither (HTTP).',
    );
  }
  if (env.FLUTTERWAVE_SECRET_KEY && !env.FLUTTERWAVE_WEBHOOK_HASH) {
    // Live keys without the hash would leave webhooks unauthenticated: refuse rather than accept forged ones.
    throw new EnvError(
      'Invalid environment configuration:\n  FLUTTERWAVE_WEBHOOK_HASH: required when FLUTTERWAVE_SECRET_KEY is set.',
    );
  }
  if (env.FLUTTERWAVE_SECRET_KEY && env.PAYMENTS_TEST_MODE === 'true') {
    // Real keys with the simulator switched on would look like live payments while taking none.
    throw new EnvError(
      'Invalid environment configuration:\n  PAYMENTS_TEST_MODE: cannot be true when FLUTTERWAVE_SECRET_KEY is set.',
    );
  }
  if ((env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) && !env.S3_BUCKET) {
    // Storage settings without a bucket would silently keep files on the local disk instead.
    throw new EnvError(
      'Invalid environment configuration:\n  S3_BUCKET: required when other S3_ variables are set.',
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new EnvError(
      'Invalid environment configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither.',
    );
  }
  if (Boolean(env.AFRICASTALKING_USERNAME) !== Boolean(env.AFRICASTALKING_API_KEY)) {
    throw new EnvError(
      'Invalid environment configuration:\n  AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY: set both or neither.',
    );
  }
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError(
      'Invalid environment configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set.',
    );
  }
  const paymentsTestMode =
    !env.FLUTTERWAVE_SECRET_KEY &&
    (env.PAYMENTS_TEST_MODE === 'true' || (env.PAYMENTS_TEST_MODE === 'auto' && !env.DATABASE_URL));
  return {
    ...env,
    paymentsTestMode,
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    // In test mode the simulator signs its webhooks with a hash of this data folder's own, never a
    // value anyone can read in the source.
    FLUTTERWAVE_WEBHOOK_HASH:
      env.FLUTTERWAVE_WEBHOOK_HASH ??
      (paymentsTestMode ? persistedSecret(env.DATA_DIR, 'payments-webhook-hash') : undefined),
    JWT_SECRET: env.JWT_SECRET ?? persistedSecret(env.DATA_DIR, 'jwt-secret'),
    ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY }
      : persistedVapidKeys(env.DATA_DIR)),
    PUBLIC_URL: (env.PUBLIC_URL ?? `${env.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${env.PORT}`).replace(
      /\/$/,
      '',
    ),
  };
}

// A generated secret must survive restarts, or every stored session would break on each start.
function persistedSecret(dataDir: string, name: string): string {
  const dir = resolve(dataDir);
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A P-256 key pair for VAPID, as web-push takes it: the raw public point and the private scalar. */
function persistedVapidKeys(dataDir: string): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const file = join(resolve(dataDir), 'vapid-keys.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string };
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  const keys = { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d! };
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
