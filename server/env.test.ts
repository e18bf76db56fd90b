import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('configuration from the environment', () => {
  it('fails fast naming each bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('applies the documented defaults', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    // Only a default: links then follow the address each request came by (ADR 0023).
    expect(env.publicUrlConfigured).toBe(false);
    expect(loadEnv({ DATA_DIR: dataDir, PUBLIC_URL: 'https://ngo.example.org/' })).toMatchObject({
      PUBLIC_URL: 'https://ngo.example.org',
      publicUrlConfigured: true,
    });
    expect(env.SEED_DEMO).toBe('auto');
    // Sign-in limits (ADR 0018): per email from one IP, and a slower cap per email from everywhere.
    expect(env.AUTH_RATE_LIMIT_PER_EMAIL).toBe(10);
    expect(env.AUTH_RATE_LIMIT_WINDOW_SECONDS).toBe(900);
    expect(env.AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL).toBe(100);
    expect(env.AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS).toBe(86_400);
  });

  it('checks the global sign-in cap per email', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    const env = loadEnv({
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL: '50',
      AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS: '3600',
    });
    expect(env.AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL).toBe(50);
    expect(env.AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS).toBe(3600);
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL: '0' })).toThrow(
      /AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS: 'a day' })).toThrow(
      /AUTH_RATE_LIMIT_GLOBAL_WINDOW_SECONDS/,
    );
  });

  it('generates a JWT secret once and keeps it in DATA_DIR across restarts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    const first = loadEnv({ DATA_DIR: dataDir }).JWT_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadEnv({ DATA_DIR: dataDir }).JWT_SECRET).toBe(first);
  });

  it('treats empty variables as unset', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', PORT: '4100' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:4100');
  });

  it('configures no AI provider by default, and checks the AI variables', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    const env = loadEnv({ DATA_DIR: dataDir, AI_BASE_URL: '', AI_API_KEY: '', AI_TIMEOUT_MS: '' });
    expect(env.AI_BASE_URL).toBeUndefined();
    expect(env.AI_API_KEY).toBeUndefined();
    expect(env.AI_MODEL).toBe('gpt-4o-mini');
    expect(env.AI_TIMEOUT_MS).toBe(30_000);
    const local = loadEnv({
      DATA_DIR: dataDir,
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.2',
    });
    expect(local).toMatchObject({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.2' });
    expect(() => loadEnv({ DATA_DIR: dataDir, AI_BASE_URL: 'ftp://models.example.org' })).toThrow(
      /AI_BASE_URL/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir, AI_TIMEOUT_MS: 'soon' })).toThrow(/AI_TIMEOUT_MS/);
  });

  it('serves HTTPS only with both a certificate and a key, and then says so in the public URL', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    expect(() => loadEnv({ DATA_DIR: dataDir, TLS_CERT_FILE: '/etc/cert.pem' })).toThrow(
      /TLS_CERT_FILE, TLS_KEY_FILE/,
    );
    const env = loadEnv({ DATA_DIR: dataDir, PORT: '8443', TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' });
    expect(env.PUBLIC_URL).toBe('https://localhost:8443');
  });

  it('runs payments in test mode by default, and checks the Flutterwave variables', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ngo-env-'));
    const env = loadEnv({ DATA_DIR: dataDir, FLUTTERWAVE_SECRET_KEY: '', FLUTTERWAVE_WEBHOOK_HASH: '' });
    expect(env.FLUTTERWAVE_SECRET_KEY).toBeUndefined();
    expect(env.FLUTTERWAVE_BASE_URL).toBe('https://api.flutterwave.com');
    expect(env.PAYMENT_POLL_INTERVAL_SECONDS).toBe(60);
    const live = loadEnv({
      DATA_DIR: dataDir,
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK-live-0123456789',
      FLUTTERWAVE_WEBHOOK_HASH: 'a-long-webhook-hash',
      FLUTTERWAVE_BASE_URL: 'http://127.0.0.1:4000/api/test-mode/flutterwave/',
    });
    expect(live.FLUTTERWAVE_BASE_URL).toBe('http://127.0.0.1:4000/api/test-mode/flutterwave');
    expect(() => loadEnv({ DATA_DIR: dataDir, FLUTTERWAVE_SECRET_KEY: 'FLWSECK-live-0123456789' })).toThrow(
      /FLUTTERWAVE_WEBHOOK_HASH/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir, FLUTTERWAVE_BASE_URL: 'ftp://flw.example' })).toThrow(
      /FLUTTERWAVE_BASE_URL/,
    );
  });
});
