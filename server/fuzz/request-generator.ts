import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './openapi-operations';

/*
 * fast-check arbitraries of bad (and nearly good) requests for one OpenAPI operation.
 *
 * Most 500s hide behind validation: a request must be valid in every field but one to reach the
 * database with its one bad value. So a body is usually built valid from the schema with one field
 * replaced by a nasty value, sometimes fully valid (the storable extremes are valid values), sometimes
 * random in every field, and sometimes not an object at all. Values the database may see are the
 * point: NUL bytes, lone surrogates, huge strings, dates outside what a column holds, numbers past
 * int4/int8/2^53.
 *
 * A generated request is a plan: ids, emails and payment references are `PoolRef`s that the runner
 * resolves against what exists at the time (so DELETE and PATCH meet real rows), and the bearer token
 * is a role name. Generation never depends on answers, so a seed replays the same requests.
 */

/** A value taken from the runner's live pools when the request is sent. */
export class PoolRef {
  constructor(
    readonly pool: PoolName,
    readonly pick: number,
  ) {}
  toJSON() {
    return `<${this.pool}#${this.pick}>`;
  }
}

export type PoolName =
  | 'grant'
  | 'blog'
  | 'cause'
  | 'otherCause'
  | 'ngo'
  | 'otherNgo'
  | 'txRef'
  | 'transactionId'
  | 'userEmail'
  | 'file'
  | 'folder';

export type Credential =
  | 'none'
  | 'superAdmin'
  | 'ngoAdmin'
  | 'staff'
  | 'viewer'
  | 'otherNgoAdmin'
  | 'expired'
  | 'wrongSecret'
  | 'garbage';

export type PlanValue = string | PoolRef;

export interface RequestPlan {
  method: string;
  /** The operation's path template, for reports. */
  operation: string;
  pathParams: Record<string, { value: PlanValue; raw: boolean }>;
  /** Query string pieces, in order; raw pieces are appended without encoding. */
  query: Array<{ name: string; value: PlanValue } | { raw: string }>;
  credential: Credential;
  idempotencyKey?: string;
  /** 'correct' is the configured webhook hash. */
  verifHash?: string;
  forwardedFor?: string;
  contentType?: string;
  extraHeaders: Record<string, string>;
  /** A JSON value (with PoolRefs) to serialise, or a raw string body, or nothing. */
  body?: { json: unknown } | { raw: string };
}

// ---------------------------------------------------------------------------------------------
// Nasty values

const NUL_STRINGS = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000', 'Clean water\u0000', '\u0000 '];
const ODD_STRINGS = [
  '\ud800',
  'x\udfffy',
  '\ufeffBOM',
  '\u202eRTL override',
  'e\u0301 combining',
  '💧🌍👩🏾‍⚕️',
  "'; drop table grants; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '%00',
  '%',
  '\\',
  '../../etc/passwd',
  '\r\n',
  '\t',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e400',
  'NaN',
  '[object Object]',
  '__proto__',
];

export const EXTREME_DAYS = [
  '0000-01-01',
  '0001-01-01',
  '0099-12-31',
  '0100-01-01',
  '1899-12-31',
  '1900-01-01',
  '1969-12-31',
  '1970-01-01',
  '2038-01-19',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '-271821-04-20',
  '2024-02-29',
  '2025-02-29',
  '2025-02-30',
  '2025-13-01',
  '2025-00-10',
  '2025-1-1',
  '20250101',
  ' 2025-01-01 ',
  '2025-01-01T00:00:00Z',
];

export const EXTREME_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '0099-06-01T12:00:00Z',
  '1899-12-31T23:59:59Z',
  '1900-01-01T00:00:00+01:00',
  '1900-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59-05:00',
  '9999-12-31T23:59:59.999-14:00',
  '+275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00Z',
  '2025-01-01T24:00:00Z',
  '2025-06-30T23:59:60Z',
  '2025-01-01T00:00:00',
  '2025-01-01',
  '2025-01-01T00:00:00.123456789Z',
  '2025-01-01T00:00:00+25:00',
];

/*
 * The values most likely to pass a format check and then fail in the database or in Date: year 0,
 * years a driver misreads, an instant past year 9999 once its offset is applied.
 */
const DANGEROUS_DAYS = ['0000-01-01', '0000-12-31', '0000-02-29', '0050-06-15', '9999-12-31'];
const DANGEROUS_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00+01:00',
  '0050-06-15T12:00:00Z',
  '9999-12-31T23:59:59-05:00',
  '9999-12-31T23:59:59.999Z',
];

const EXTREME_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
];

const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  -1,
  1.5,
  '',
  ' ',
  [],
  {},
  [null],
  ['a', 'b'],
  { a: 1 },
];

/** Strings of n UTF-16 units; some cross the 1 MB body limit once JSON-encoded. */
const huge = fc
  .tuple(
    fc.constantFrom(65, 129, 201, 255, 256, 301, 2049, 5001, 20_001, 100_001, 300_000, 600_000),
    fc.constantFrom('a', 'é', '💧', ' ', '\u0000', '%'),
  )
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

const asParam = (v: unknown): PlanValue => (v instanceof PoolRef || typeof v === 'string' ? v : String(v));

/** A generated value as a parameter's text. */
const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? String(v));

const withNul = (arb: fc.Arbitrary<string>) =>
  fc.tuple(arb, fc.nat()).map(([s, at]) => {
    const i = s.length ? at % (s.length + 1) : 0;
    return `${s.slice(0, i)}\u0000${s.slice(i)}`;
  });

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) },
);

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUL_STRINGS) },
  { weight: 3, arbitrary: withNul(fc.string({ unit: 'grapheme', maxLength: 20 })) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: huge },
  { weight: 2, arbitrary: fc.constantFrom(...EXTREME_DAYS, ...EXTREME_INSTANTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** Any value that is wrong for most fields: wrong types, nasty strings, extreme numbers and dates. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 2, arbitrary: fc.constantFrom(...EXTREME_NUMBERS) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
);

// ---------------------------------------------------------------------------------------------
// Values by what a field means

type Kind =
  | 'enum'
  | 'day'
  | 'instant'
  | 'email'
  | 'httpUrl'
  | 'pathUrl'
  | 'password'
  | 'token'
  | 'ref'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'array'
  | 'object'
  | 'anyOf'
  | 'text';

/** Which pool an id-like field draws from, by its name. */
function poolOf(name: string, operation: string): PoolName | null {
  if (name === 'ngoId') return 'ngo';
  if (name === 'causeId') return 'cause';
  if (name === 'fileId') return 'file';
  if (name === 'folderId' || name === 'parentId') return 'folder';
  if (name === 'tx_ref' || name === 'txRef') return 'txRef';
  if (name === 'transaction_id' || name === 'transactionId') return 'transactionId';
  if (name === 'id') return operation.includes('/blogs') ? 'blog' : 'grant';
  return null;
}

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

function kindOf(name: string, s: JsonSchema, operation: string): Kind {
  if (s.anyOf || s.oneOf) return 'anyOf';
  if (s.enum) return 'enum';
  const types = typesOf(s);
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('array')) return 'array';
  if (types.includes('object') || s.properties) return 'object';
  // The schema's own hints first, then the name: an older document may carry no format at all.
  const hint = `${s.format ?? ''} ${s.description ?? ''}`;
  if (s.format === 'date' || hint.includes('YYYY-MM-DD') || /date$|^published(from|to)$/i.test(name))
    return 'day';
  if (s.format === 'date-time' || hint.includes('ISO 8601') || /[a-z]At$/.test(name)) return 'instant';
  if (poolOf(name, operation)) return 'ref';
  if (/email/i.test(name)) return 'email';
  if (name === 'url') return 'pathUrl';
  if (/url$|referrer/i.test(name)) return 'httpUrl';
  if (/password/i.test(name)) return 'password';
  if (name === 'token') return 'token';
  return 'text';
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const recentDate = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => new Date(ms));

const validDay = fc.oneof(
  { weight: 4, arbitrary: recentDate.map(isoDay) },
  { weight: 1, arbitrary: fc.constantFrom('1900-01-01', '9999-12-31', '2024-02-29', isoDay(new Date())) },
);
const validInstant = fc.oneof(
  { weight: 4, arbitrary: recentDate.map((d) => d.toISOString()) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '1900-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '9999-12-31T09:00:00+09:00',
      '2025-01-31T09:00:00+02:00',
    ),
  },
);

const validText = (s: JsonSchema) => {
  const max = Math.min(s.maxLength ?? 60, 60);
  const min = Math.min(Math.max(s.minLength ?? 0, 0), max);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.string({ unit: 'grapheme', minLength: Math.min(Math.max(min, 3), max), maxLength: max }),
    },
    { weight: 2, arbitrary: fc.lorem({ maxCount: 3 }).map((v) => v.slice(0, max).padEnd(min, 'x')) },
    // Exactly the longest allowed: the edge a column or an index may not expect.
    { weight: 1, arbitrary: fc.constant('é'.repeat(s.maxLength ?? 60)) },
  );
};

function validValue(name: string, s: JsonSchema, operation: string): fc.Arbitrary<unknown> {
  const nullable = typesOf(s).includes('null');
  const base = validByKind(name, s, operation);
  return nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function validByKind(name: string, s: JsonSchema, operation: string): fc.Arbitrary<unknown> {
  switch (kindOf(name, s, operation)) {
    case 'anyOf':
      return fc.oneof(...(s.anyOf ?? s.oneOf ?? []).map((branch) => validValue(name, branch, operation)));
    case 'enum':
      return fc.constantFrom(...(s.enum as unknown[]));
    case 'day':
      return validDay;
    case 'instant':
      return validInstant;
    case 'ref': {
      const pool = poolOf(name, operation)!;
      return fc.oneof(
        { weight: 5, arbitrary: fc.nat().map((n) => new PoolRef(pool, n)) },
        // Another tenant's row, and an id that exists nowhere.
        {
          weight: 1,
          arbitrary: fc
            .nat()
            .map((n) => new PoolRef(pool === 'ngo' ? 'otherNgo' : pool === 'cause' ? 'otherCause' : pool, n)),
        },
        { weight: 1, arbitrary: fc.ulid().map((u) => u.toLowerCase()) },
      );
    }
    case 'email':
      return fc.oneof(
        { weight: 4, arbitrary: fc.nat().map((n) => new PoolRef('userEmail', n)) },
        { weight: 4, arbitrary: fc.nat({ max: 10_000 }).map((n) => `fuzz.${n}@example.org`) },
        { weight: 1, arbitrary: fc.emailAddress() },
      );
    case 'httpUrl':
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom('https://example.org/image.png', 'http://example.org/') },
        { weight: 1, arbitrary: fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }) },
      );
    case 'pathUrl':
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom('/', '/pricing?plan=growth', '/grants') },
        { weight: 1, arbitrary: fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`) },
      );
    case 'password':
      return fc.constantFrom('correct horse battery', 'Password123!', 'p'.repeat(128));
    case 'token':
      return fc.string({ unit: 'binary-ascii', minLength: 10, maxLength: 64 });
    case 'integer':
    case 'number': {
      const low = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? 0);
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: low, max: low + 100_000 }) },
        { weight: 1, arbitrary: fc.constantFrom(low, Number.MAX_SAFE_INTEGER, 2 ** 31, 100_000_000_000) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(`${name}[]`, s.items ?? {}, operation), { maxLength: s.maxItems ?? 4 });
    case 'object':
      return validObject(s, operation);
    case 'text':
      return validText(s);
  }
}

/**
 * What most likely gets past validation and breaks below it, for a field of this kind: a NUL or a
 * lone surrogate inside an otherwise fine value, year 0 and its neighbours, numbers past int4 or 2^53.
 */
function dangerousFor(name: string, s: JsonSchema, operation: string): fc.Arbitrary<unknown> {
  const kind = kindOf(name, s, operation);
  const plain =
    kind === 'ref'
      ? fc.ulid().map((u) => u.toLowerCase())
      : kind === 'email'
        ? fc.constant('someone@example.org')
        : validByKind(name, s, operation).map(asText);
  const spoiled = withNul(plain);
  switch (kind) {
    case 'day':
      return fc.constantFrom(...DANGEROUS_DAYS);
    case 'instant':
      return fc.constantFrom(...DANGEROUS_INSTANTS);
    case 'anyOf':
      return fc.constantFrom(...DANGEROUS_DAYS, ...DANGEROUS_INSTANTS);
    case 'integer':
    case 'number':
      return fc.constantFrom(2 ** 31, 2 ** 53 - 1, 2 ** 53, 2 ** 63, 1e21, 0, -1);
    case 'array':
      return fc.array(fc.constantFrom(2 ** 31, 2 ** 53 - 1, 2 ** 63, 0), { minLength: 1, maxLength: 8 });
    case 'boolean':
    case 'object':
      return nastyValue;
    default:
      return fc.oneof(
        { weight: 3, arbitrary: spoiled },
        { weight: 1, arbitrary: fc.constantFrom(...NUL_STRINGS) },
        { weight: 1, arbitrary: fc.constantFrom('\ud800', 'x\udfffy') },
      );
  }
}

/** Nasty values that suit the field: its kind's dangerous and edge cases, most of the time, else anything nasty. */
function nastyFor(name: string, s: JsonSchema, operation: string): fc.Arbitrary<unknown> {
  const kind = kindOf(name, s, operation);
  const dates = fc.constantFrom(...EXTREME_DAYS, ...EXTREME_INSTANTS);
  const edges: fc.Arbitrary<unknown> =
    kind === 'day' || kind === 'instant'
      ? dates
      : kind === 'integer' || kind === 'number'
        ? fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.constantFrom('100', '1e3', '0x10'))
        : kind === 'array'
          ? fc.oneof(
              fc.array(nastyValue, { maxLength: 8 }),
              fc.array(fc.constantFrom(...EXTREME_NUMBERS), { minLength: 1, maxLength: 8 }),
            )
          : kind === 'anyOf'
            ? fc.oneof(dates, nastyString)
            : nastyString;
  return fc.oneof(
    { weight: 3, arbitrary: dangerousFor(name, s, operation) },
    { weight: 2, arbitrary: edges },
    { weight: 1, arbitrary: nastyValue },
  );
}

/** How often the one bad field of a request is this one: values the database sees first. */
function targetWeight(name: string, s: JsonSchema, operation: string): number {
  const kind = kindOf(name, s, operation);
  if (kind === 'enum' || kind === 'boolean') return 1;
  return kind === 'day' || kind === 'instant' || kind === 'anyOf' || kind === 'object' ? 4 : 3;
}

function validObject(s: JsonSchema, operation: string): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const fields = props.map(([name, schema]) =>
    required.has(name)
      ? validValue(name, schema, operation).map((v) => [name, v] as const)
      : fc
          .option(validValue(name, schema, operation), { nil: undefined, freq: 2 })
          .map((v) => [name, v] as const),
  );
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)));
}

/** Valid, then one field (or an unknown one) replaced by a nasty value; nested objects too. */
function oneBadObject(s: JsonSchema, operation: string): fc.Arbitrary<Record<string, unknown>> {
  const target = fc.oneof(
    ...Object.entries(s.properties ?? {}).map(([name, schema]) => ({
      weight: targetWeight(name, schema, operation) * 3,
      arbitrary: fc.constant(name),
    })),
    { weight: 1, arbitrary: fc.constantFrom('unexpected', '__proto__', 'constructor', '') },
  );
  return fc.tuple(validObject(s, operation), target).chain(([body, name]) => {
    const schema = s.properties?.[name] ?? {};
    const bad: Array<fc.WeightedArbitrary<Record<string, unknown>>> = [
      { weight: 6, arbitrary: nastyFor(name, schema, operation).map((v) => ({ ...body, [name]: v })) },
      // Missing or null: the 'omitted' edge of a required field.
      { weight: 1, arbitrary: fc.constantFrom(undefined, null).map((v) => ({ ...body, [name]: v })) },
    ];
    if (schema.properties) {
      bad.push({
        weight: 8,
        arbitrary: oneBadObject(schema, operation).map((inner) => ({ ...body, [name]: inner })),
      });
    }
    return fc.oneof(...bad);
  });
}

/** Every field random: valid, nasty or missing. */
function chaosObject(s: JsonSchema, operation: string): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(s.properties ?? {}).map(([name, schema]) =>
    fc
      .oneof(
        { weight: 3, arbitrary: validValue(name, schema, operation) },
        { weight: 3, arbitrary: nastyFor(name, schema, operation) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
      .map((v) => [name, v] as const),
  );
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)));
}

const deep = (n: number, open: string, close: string) => open.repeat(n) + close.repeat(n);

const RAW_BODIES = [
  '',
  'null',
  'true',
  '42',
  '"a string"',
  '[]',
  '[{}]',
  '{',
  '{"a":',
  '{}}',
  'not json',
  '\ufeff{}',
  '{"title":"a","title":"b"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"goalMinor":1e400,"amountMinor":-1e400}',
  '{"title":"\\u0000"}',
  '{"title":"\\ud800"}',
  '{"email":"a@b.c\\u0000"}',
  deep(5_000, '[', ']'),
  deep(2_000, '{"a":', '}').replace(/}$/, '1}'),
];

/**
 * The payment provider's webhook event (Flutterwave v3). The route reads the raw body to check it
 * against the provider, so our document has no schema for it; the fuzz still sends its shape.
 */
const PROVIDER_EVENT: JsonSchema = {
  type: 'object',
  properties: {
    event: { enum: ['charge.completed', 'transfer.completed', 'subscription.cancelled'] },
    'event.type': { enum: ['CARD_TRANSACTION', 'MOBILEMONEYRW_TRANSACTION'] },
    data: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        tx_ref: { type: 'string' },
        flw_ref: { type: 'string', maxLength: 40 },
        status: { enum: ['successful', 'failed', 'pending', 'cancelled'] },
        amount: { type: 'number', minimum: 1 },
        currency: { enum: ['RWF', 'KES', 'USD', 'NGN'] },
        created_at: { type: 'string', format: 'date-time' },
        customer: { type: 'object', properties: { email: { type: 'string' }, name: { type: 'string' } } },
      },
      required: ['id', 'tx_ref', 'status'],
    },
  },
  required: ['event', 'data'],
};

/** A body the document does not describe but the route reads. */
const undocumentedBodyOf = (op: Operation): JsonSchema | undefined =>
  op.method === 'POST' && /\/webhook$/.test(op.path) ? PROVIDER_EVENT : undefined;

function bodyArb(op: Operation): fc.Arbitrary<RequestPlan['body']> {
  const raw = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: huge.map((s) => JSON.stringify({ padding: s })) },
  );
  const schema = op.body ?? undocumentedBodyOf(op);
  if (!schema) {
    // Bodies where none is expected: ignored or refused, never a crash.
    if (op.method === 'GET') return fc.constant(undefined);
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: raw.map((r) => ({ raw: r })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json })) },
    );
  }
  const operation = op.path;
  return fc.oneof(
    { weight: 3, arbitrary: validObject(schema, operation).map((json) => ({ json })) },
    { weight: 6, arbitrary: oneBadObject(schema, operation).map((json) => ({ json })) },
    { weight: 2, arbitrary: chaosObject(schema, operation).map((json) => ({ json })) },
    { weight: 2, arbitrary: raw.map((r) => ({ raw: r })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

// ---------------------------------------------------------------------------------------------
// Parameters and headers

const paramValue = (p: Parameter, operation: string): fc.Arbitrary<PlanValue> => {
  const valid = validByKind(p.name, p.schema ?? {}, operation).map(asParam);
  const nasty = fc.oneof(
    { weight: 4, arbitrary: nastyFor(p.name, p.schema ?? {}, operation).map(asText) },
    { weight: 1, arbitrary: fc.constantFrom('1e400', '-1', 'NaN', 'true', '[]') },
  );
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 2, arbitrary: nasty });
};

/** Percent-encodings that a decoder may choke on, sent as written. */
const RAW_ENCODINGS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%80',
  '%ED%A0%80',
  '%00',
  '%2F',
  '..',
  '.',
  '%2e%2e',
  '+',
  '%FF%FE',
];

function pathParamsArb(op: Operation): fc.Arbitrary<RequestPlan['pathParams']> {
  const params = op.params.filter((p) => p.in === 'path');
  const entries = params.map((p) => {
    if (p.name === 'provider') {
      return fc
        .oneof(
          { weight: 8, arbitrary: fc.constant('flutterwave') },
          { weight: 2, arbitrary: paramValue(p, op.path) },
        )
        .map((value) => [p.name, { value, raw: false }] as const);
    }
    return fc
      .oneof(
        { weight: 8, arbitrary: paramValue(p, op.path).map((value) => ({ value, raw: false })) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_ENCODINGS).map((value) => ({ value, raw: true })) },
      )
      .map((v) => [p.name, v] as const);
  });
  return fc.tuple(...entries).map((e) => Object.fromEntries(e));
}

function queryArb(op: Operation): fc.Arbitrary<RequestPlan['query']> {
  const params = op.params.filter((p) => p.in === 'query');
  const validOrAbsent = (p: Parameter) =>
    fc.option(
      validByKind(p.name, p.schema ?? {}, op.path).map((v) => [{ name: p.name, value: asParam(v) }]),
      { nil: [] as RequestPlan['query'], freq: 2 },
    );
  const anything = (p: Parameter) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as RequestPlan['query']) },
      { weight: 4, arbitrary: paramValue(p, op.path).map((value) => [{ name: p.name, value }]) },
      // Repeated: the validator then sees an array.
      {
        weight: 1,
        arbitrary: fc.tuple(paramValue(p, op.path), paramValue(p, op.path)).map(([a, b]) => [
          { name: p.name, value: a },
          { name: p.name, value: b },
        ]),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...RAW_ENCODINGS).map((r) => [{ raw: `${p.name}=${r}` }]),
      },
    );
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant([] as RequestPlan['query']) },
    {
      weight: 1,
      arbitrary: fc.tuple(anyString, anyString).map(([name, value]) => [{ name: name || 'x', value }]),
    },
    { weight: 1, arbitrary: huge.map((h) => [{ name: 'search', value: h.slice(0, 10_000) }]) },
  );
  if (!params.length) return extra;
  // As with bodies: all valid, all valid but one, or every parameter anything.
  const valid = fc.tuple(...params.map(validOrAbsent));
  const bad = (p: Parameter) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: nastyFor(p.name, p.schema ?? {}, op.path).map((v) => [{ name: p.name, value: asText(v) }]),
      },
      { weight: 1, arbitrary: anything(p) },
    );
  const oneBad = fc
    .tuple(valid, fc.nat({ max: params.length - 1 }))
    .chain(([parts, i]) => bad(params[i]!).map((b) => parts.map((part, j) => (j === i ? b : part))));
  const chaos = fc.tuple(...params.map(anything));
  return fc
    .tuple(
      fc.oneof(
        { weight: 2, arbitrary: valid },
        { weight: 4, arbitrary: oneBad },
        { weight: 1, arbitrary: chaos },
      ),
      extra,
    )
    .map(([parts, more]) => [...parts.flat(), ...more]);
}

const ROLE_CREDENTIALS: Record<string, Credential> = {
  SUPER_ADMIN: 'superAdmin',
  NGO_ADMIN: 'ngoAdmin',
  STAFF: 'staff',
  VIEWER: 'viewer',
};

/**
 * Mostly a token that passes the route's auth, so the request reaches validation and the handler;
 * the roles named in the summary get most of the weight. Sometimes none, a wrong role or a bad token.
 */
function credentialArb(op: Operation): fc.Arbitrary<Credential> {
  const allowed = op.roles.map((r) => ROLE_CREDENTIALS[r]).filter((c): c is Credential => Boolean(c));
  const signedIn: Credential[] = ['superAdmin', 'ngoAdmin', 'staff', 'viewer', 'otherNgoAdmin'];
  const bad: Credential[] = ['expired', 'wrongSecret', 'garbage'];
  const choices = [
    {
      weight: allowed.length ? 14 : 0,
      arbitrary: allowed.length ? fc.constantFrom(...allowed) : fc.constant<Credential>('none'),
    },
    { weight: op.secured ? 6 : 3, arbitrary: fc.constantFrom(...signedIn) },
    { weight: 1, arbitrary: fc.constantFrom(...bad) },
    { weight: op.secured ? 1 : 10, arbitrary: fc.constant<Credential>('none') },
  ];
  return fc.oneof(...choices.filter((c) => c.weight > 0));
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const idempotencyKeyArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 5, arbitrary: fc.uuid() },
  // Reused across requests: replays and 409s for a different payload.
  { weight: 2, arbitrary: fc.constantFrom('fuzz-shared-key-1', 'fuzz-shared-key-2') },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '"quoted-key"', 'k'.repeat(256), 'caf\u00e9', 'a b') },
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/xml',
];

function plan(op: Operation): fc.Arbitrary<RequestPlan> {
  const write = WRITE_METHODS.has(op.method);
  const takesBody = op.method !== 'GET';
  return fc
    .record({
      method: fc.oneof(
        { weight: 30, arbitrary: fc.constant(op.method) },
        { weight: 1, arbitrary: fc.constantFrom('PUT', 'OPTIONS', 'HEAD', 'DELETE') },
      ),
      pathParams: pathParamsArb(op),
      query: queryArb(op),
      credential: credentialArb(op),
      idempotencyKey: write ? idempotencyKeyArb : fc.constant(undefined),
      verifHash: op.params.some((p) => p.name === 'verif-hash')
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constant('correct') },
            { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'wrong-hash', 'x'.repeat(5000)) },
          )
        : fc.constant(undefined),
      forwardedFor: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }).map((n) => `203.0.113.${n}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(undefined, '', 'garbage', '::1', '1.2.3.4, 5.6.7.8', 'x'.repeat(2000)),
        },
      ),
      contentType: takesBody
        ? fc.oneof(
            { weight: 12, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: fc.constant(undefined) },
            { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
          )
        : fc.constant(undefined),
      extraHeaders: fc.oneof(
        { weight: 8, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.constant({ 'accept-encoding': 'gzip' }) },
        { weight: 1, arbitrary: fc.constantFrom({ 'if-none-match': '"x"' }, { 'if-none-match': '*' }) },
      ),
      body: takesBody ? bodyArb(op) : fc.constant(undefined),
    })
    .map((r) => ({ ...r, operation: op.path }));
}

/** One request plan for any of the operations; the operation is chosen uniformly. */
export function requestPlanArb(operations: Operation[]): fc.Arbitrary<RequestPlan> {
  return fc.oneof(...operations.map(plan));
}
