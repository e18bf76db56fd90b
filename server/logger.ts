import pino, { type DestinationStream, type Logger } from 'pino';

export const REDACTED = '[redacted]';

/**
 * Keys that hold secrets or personal data wherever a log call puts them, at the top or one level
 * down (`{ user: { email } }`). Errors are cleaned by `serializeError` instead, which keeps an
 * allow-list of fields. Not `mail.to`/`mail.link`: without SMTP the log line is how a local user
 * receives the message (README, ADR 0004).
 */
const secretKeys = [
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'apiKey',
  'authorization',
  'cookie',
  'email',
  'name',
  'phone',
  'params',
  'body',
];
export const redactPaths = [
  ...secretKeys,
  ...secretKeys.map((key) => `*.${key}`),
  // e.g. `{ to }` beside an error: a recipient's address.
  'to',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
];

/** Fields of an error (or its causes) that are safe to log: names and codes, never values. */
const safeErrorFields = [
  // Postgres (node-postgres and PGlite alike): the SQLSTATE code and the names of what failed.
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  // HTTP clients.
  'status',
  'statusCode',
] as const;

// Not across '/' or '@', so a module path like node_modules/@scope/pkg in a stack frame survives.
const EMAIL = /[\w.%+'-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
// PHC format: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
const ARGON2 = /\$argon2[a-z]*\$[\w+/=$,.-]*/gi;
const BEARER = /\bBearer\s+[\w.~+/-]+=*/gi;

/** Masks what looks like an email address, a password hash or a bearer token in free text. */
export function scrubText(text: string, values: readonly string[] = []): string {
  let out = text;
  // The longest first, so a value that contains another is masked whole.
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    if (value.length >= 3) out = out.split(value).join(REDACTED);
  }
  return out.replace(ARGON2, '[hash]').replace(EMAIL, '[email]').replace(BEARER, 'Bearer [redacted]');
}

/** The text forms of a failed query's parameters, so they can be masked wherever they are echoed. */
function paramValues(params: unknown): string[] {
  if (!Array.isArray(params)) return [];
  return params.flatMap((p) => {
    if (p === null || p === undefined || typeof p === 'boolean') return [];
    if (p instanceof Date) return [p.toISOString(), String(p)];
    if (typeof p === 'object') return [JSON.stringify(p)];
    return [String(p as string | number | bigint)];
  });
}

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  query?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

/**
 * pino's `err` serializer. A failed query must say what failed without what was in it: drizzle's
 * DrizzleQueryError carries `params` (an argon2 hash, an address, a donor's name) and repeats
 * them in its message; a Postgres error's `detail` ('Key (email)=(a@b.org) already exists',
 * 'Failing row contains (...)'), `where`, `hint` and `internalQuery` can hold row values, and a
 * trigger's RAISE can put anything in the message. So only an allow-list of fields is kept, the
 * SQL text (placeholders, not values) stays, the `params:` line is cut, and every message and
 * stack is scrubbed of the query's parameters and of anything shaped like an address or a hash.
 */
export function serializeError(err: unknown, inherited: readonly string[] = [], depth = 0): SerializedError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) {
    return { type: typeof err, message: scrubText(String(err), inherited) };
  }
  const e = err as Error & Record<string, unknown>;
  const values = [...inherited, ...paramValues(e.params)];
  const rawMessage = typeof e.message === 'string' ? e.message : '';
  // DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  const message = scrubText(rawMessage.replace(/\nparams:[\s\S]*$/, ''), values);
  const type = e.constructor?.name ?? 'Error';
  const out: SerializedError = { type, message };
  if (typeof e.stack === 'string') {
    // The stack's first lines repeat the raw message: rebuild it from the clean one.
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = scrubText([`${e.name || type}: ${message}`, ...frames].join('\n'), values);
  }
  if (typeof e.query === 'string') out.query = scrubText(e.query);
  for (const field of safeErrorFields) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') {
      out[field] = typeof value === 'string' ? scrubText(value, values) : value;
    }
  }
  if (depth < 5) {
    if (e.cause !== undefined) out.cause = serializeError(e.cause, values, depth + 1);
    if (Array.isArray(e.errors)) out.errors = e.errors.map((x) => serializeError(x, values, depth + 1));
  }
  return out;
}

/** One line of text for an error written outside the logger (the process's last words on stderr). */
export function errorText(err: unknown): string {
  const s = serializeError(err);
  const lines = [s.stack ?? `${s.type}: ${s.message}`];
  if (s.query) lines.push(`query: ${s.query}`);
  for (let c = s.cause; c; c = c.cause) lines.push(`caused by ${c.stack ?? `${c.type}: ${c.message}`}`);
  return lines.join('\n');
}

const serializeErr = (err: unknown) => serializeError(err);
const scrubArgs = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? scrubText(a) : a));

/** The process's logger; tests pass a destination to read what would have been written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: redactPaths, censor: REDACTED },
      serializers: { err: serializeErr, error: serializeErr, cause: serializeErr },
      hooks: {
        // `logger.error(err)` would make the raw err.message the line's msg; free-text messages
        // and their %s arguments get the same scrub as error messages.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (first instanceof Error) {
            const text = typeof rest[0] === 'string' ? rest.shift() : serializeError(first).message;
            return method.apply(this, [{ err: first }, ...scrubArgs([text, ...rest])] as Parameters<
              typeof method
            >);
          }
          const scrubbed = typeof first === 'string' ? scrubArgs(args) : [first, ...scrubArgs(rest)];
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
