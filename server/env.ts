import { randomBytes } from 'node:crypto';
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
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
});

export type Env = z.infer<typeof envSchema> & { JWT_SECRET: string; PUBLIC_URL: string };

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
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET ?? persistedSecret(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `${env.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${env.PORT}`).replace(
      /\/$/,
      '',
    ),
  };
}

// A generated secret must survive restarts, or every stored session would break on each start.
function persistedSecret(dataDir: string): string {
  const dir = resolve(dataDir);
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
