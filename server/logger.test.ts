import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { DatabaseHandle } from './db';
import { loadEnv } from './env';
import { createLogger, errorText, serializeError } from './logger';
import { createAi } from './services/ai';
import { createJwt } from './services/auth/jwt';
import { createMailer } from './services/mailer';
import { openMemoryDatabase } from './testing/memory-database';
import { testStorage } from './testing/test-app';

/** A logger whose output the test can read, line by line. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('the log never carries secrets or personal data', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;
  const files = testStorage();
  const captured = capturedLogger();

  beforeAll(async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
    });
    handle = await openMemoryDatabase();
    await handle.migrate();
    // Two ways a users insert can fail with the row's values at hand: a check constraint (Postgres
    // puts the failing row, hash and address included, in `detail`) and a trigger whose message
    // quotes the new row.
    await handle.db.execute(
      sql.raw(
        `alter table users add constraint users_not_blocked check (email not like '%@blocked.example')`,
      ),
    );
    await handle.db.execute(
      sql.raw(`create function refuse_trigger_user() returns trigger language plpgsql as $$
        begin
          if new.email like '%@trigger.example' then
            raise exception 'refusing % with %', new.email, new.password_hash;
          end if;
          return new;
        end $$`),
    );
    await handle.db.execute(
      sql.raw(
        `create trigger refuse_trigger_user before insert on users for each row execute function refuse_trigger_user()`,
      ),
    );
    const { logger } = captured;
    const mailer = createMailer({ db: handle.db, logger, from: env.MAIL_FROM });
    const jwt = createJwt(env.JWT_SECRET, env.JWT_TTL_SECONDS);
    const ai = createAi({ env, logger });
    app = createApp({
      env,
      db: handle.db,
      logger,
      mailer,
      jwt,
      ai,
      storage: files.storage,
      ping: handle.ping,
    });
  });
  afterAll(async () => {
    await handle.close();
    files.remove();
  });
  beforeEach(() => {
    captured.lines.length = 0;
  });

  const signUp = (email: string) =>
    app.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-real-token' },
      body: JSON.stringify({
        name: 'Grace Hopper',
        email,
        password: 'correct horse battery',
        organizationName: 'Helping Hands',
      }),
    });

  for (const email of ['grace@blocked.example', 'grace@trigger.example']) {
    it(`says what failed without the hash, the address or the name (${email.split('@')[1]})`, async () => {
      const res = await signUp(email);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        message: 'Something went wrong on our side.',
        code: 'internal_error',
      });

      const output = captured.lines.join('\n');
      const failure = captured.lines
        .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
        .find((entry) => entry.msg === 'unhandled error');
      expect(failure?.err).toBeDefined();
      // What failed is still there: the statement (placeholders, not values) and Postgres's verdict.
      expect(failure?.err?.query).toMatch(/^insert into "users" .* values \(\$1, \$2/);
      expect(failure?.err?.message).toBe(`Failed query: ${String(failure?.err?.query)}`);
      expect(failure?.err?.type).toBe('DrizzleQueryError');
      const cause = failure?.err?.cause as Record<string, unknown>;
      expect(cause.code).toBe(email.endsWith('blocked.example') ? '23514' : 'P0001');
      if (email.endsWith('blocked.example')) {
        expect(cause).toMatchObject({ table: 'users', constraint: 'users_not_blocked' });
      } else {
        expect(cause.message).toMatch(/^refusing \[redacted\] with \[redacted\]$/);
      }
      // ...and nothing of what was in the row.
      expect(output).not.toContain('$argon2');
      expect(output).not.toContain(email);
      expect(output.toLowerCase()).not.toContain('grace');
      expect(output).not.toContain('not-a-real-token');
      expect(output).not.toMatch(/"(params|detail|where|hint|internalQuery)"/);
      // The request line is still written.
      expect(output).toContain('"path":"/api/auth/signup"');
    });
  }
});

describe('serializeError', () => {
  it('cuts the params line of a failed query and masks its values wherever they are echoed', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        detail: 'Key (email)=(ada@example.org) already exists.',
        table: 'users',
        constraint: 'users_email_unique',
      },
    );
    const params = [
      '01JUSER',
      'Ada Lovelace',
      'ada@example.org',
      '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    ];
    const query = 'insert into "users" ("id", "name", "email", "password_hash") values ($1, $2, $3, $4)';
    const err = Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`), {
      query,
      params,
      cause,
    });
    const out = serializeError(err);
    expect(out.message).toBe(`Failed query: ${query}`);
    expect(out.query).toBe(query);
    expect(out.cause).toMatchObject({ code: '23505', table: 'users', constraint: 'users_email_unique' });
    const text = JSON.stringify(out) + errorText(err);
    for (const value of [
      'Ada Lovelace',
      'ada@example.org',
      'argon2',
      'c2FsdA',
      'aGFzaA',
      'params',
      'detail',
    ]) {
      expect(text).not.toContain(value);
    }
  });

  it('masks addresses, password hashes and bearer tokens in any error message', () => {
    const err = new Error(
      'invalid input for ops@ngo.example: $argon2id$v=19$m=65536,t=3,p=4$abc$def (Bearer eyJhbGciOi.x.y)',
    );
    const out = serializeError(err);
    expect(out.message).toBe('invalid input for [email]: [hash] (Bearer [redacted])');
    expect(out.stack?.split('\n')[0]).toBe(`Error: ${out.message}`);
  });

  it('redacts known keys in log objects', () => {
    const { logger, lines } = capturedLogger();
    logger.info(
      {
        email: 'ada@example.org',
        user: { email: 'ada@example.org', passwordHash: '$argon2id$x', name: 'Ada' },
        headers: { authorization: 'Bearer abc', cookie: 'theme=dark' },
        token: 'raw-token',
        to: 'ada@example.org',
        requestId: 'r1',
      },
      'hello',
    );
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({
      email: '[redacted]',
      user: { email: '[redacted]', passwordHash: '[redacted]', name: '[redacted]' },
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      token: '[redacted]',
      to: '[redacted]',
      requestId: 'r1',
    });
    logger.error(new Error('failed for ada@example.org'));
    logger.warn('no account for %s', 'ada@example.org');
    expect(lines[1]).toContain('"msg":"failed for [email]"');
    expect(lines[2]).toContain('"msg":"no account for [email]"');
    expect(lines.join('\n')).not.toContain('ada@example.org');
  });
});
