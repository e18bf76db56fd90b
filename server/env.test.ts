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
    expect(env.SEED_DEMO).toBe('auto');
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
});
