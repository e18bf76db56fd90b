/**
 * The team chat budgets of issue 16:
 *
 * - delivery over loopback, sender to receiver: p95 ≤ 50 ms with 200 connected sockets, across two
 *   server processes on one PostgreSQL database (ADR 0046: the NOTIFY of the posting transaction
 *   reaches the other process's LISTEN). The sender posts through process A's API; the time runs from
 *   just before the POST to the 'message' event's arrival on a socket of B (and one of A). The POST's
 *   own round trip is the interleaved baseline. Skipped, with a note, when PostgreSQL does not answer.
 * - search over 1,000,000 messages: p95 ≤ 50 ms, on the embedded database (the product's default) and
 *   on PostgreSQL when it answers. The messages are written with generate_series in batches (words
 *   from a vocabulary of 2,000, used with a Zipf-like frequency so that prefixes match very different
 *   numbers of messages), then searchChat (GET /api/chat/search's own work) is timed in process for a
 *   mix of 50 queries, as a member of a few conversations and a reader of the public channels; the
 *   same requests over HTTP are timed too (embedded database), with GET /api/auth/me interleaved.
 *
 * Each figure is the median of ROUNDS rounds, with its spread. Rewrites its section of
 * docs/performance.md and exits 1 when a budget is missed. BENCH_MESSAGES (default 1000000),
 * BENCH_ROUNDS (default 5) and BENCH_CHAT_PARTS (default 'delivery,search,search-postgres') change
 * the size and the parts, for a quick run (nothing is written then).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { WebSocket } from 'ws';
import { openDatabase, type DbExecutor } from '../../server/db';
import { createRng } from '../../server/db/seed/prng';
import { ngos, users } from '../../server/db/schema';
import { REALTIME_PATH } from '../../server/realtime/attach-realtime';
import { searchChat } from '../../server/routes/chat/chat-search';
import { createJwt } from '../../server/services/auth/jwt';
import { tenantOf } from '../../server/services/auth/tenant-scope';
import { newId } from '../../server/services/ids';
import { startServerProcess, type ServerProcess } from '../e2e/support/server-process';
import { writePerformanceSection } from './performance-report';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PARTS = new Set((process.env.BENCH_CHAT_PARTS ?? 'delivery,search,search-postgres').split(','));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FULL_RUN = MESSAGES === 1_000_000 && ROUNDS >= 5 && PARTS.size === 3;

const USERS = 20;
const SOCKETS_PER_USER = 10;
const DELIVERIES = 200;
const CONVERSATIONS = 50;
const PUBLIC_CHANNELS = 30;
const PRIVATE_CHANNELS = 10;
const VOCABULARY = 2_000;
const BATCH = 50_000;
const budget = { deliveryP95Ms: 50, searchP95Ms: 50 };

const secret = randomBytes(32).toString('hex');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

interface Figure {
  name: string;
  values: number[];
  budget: string;
  within: boolean | null;
}
const figure = (name: string, values: number[], limit?: number): Figure => ({
  name,
  values,
  budget: limit === undefined ? '–' : `≤ ${limit} ms`,
  within: limit === undefined ? null : median(values) <= limit,
});

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** An NGO and USERS staff members, written straight into the database; their ids. */
async function seedPeople(db: DbExecutor, ngoId: string): Promise<string[]> {
  await db.insert(ngos).values({ id: ngoId, name: 'Chat Bench NGO', plan: 'impact' });
  const ids = Array.from({ length: USERS }, () => newId());
  await db.insert(users).values(
    ids.map((id, i) => ({
      id,
      ngoId,
      name: `Member ${i}`,
      email: `${id.toLowerCase()}@bench.test`,
      role: 'STAFF',
      passwordHash: 'not-a-real-hash',
      emailVerifiedAt: new Date(),
    })),
  );
  return ids;
}

const tokenOf = (jwt: ReturnType<typeof createJwt>, ngoId: string, id: string) =>
  jwt.sign({ sub: id, ngo: ngoId, role: 'STAFF', sv: 1 });

// ---------------------------------------------------------------------------------------------------
// Delivery

interface DeliveryRound {
  toB: { p95: number; median: number };
  toA: { p95: number; median: number };
  all: { p95: number; median: number };
  post: { p95: number; median: number };
  lost: number;
}

async function measureDelivery(): Promise<{ figures: Figure[]; note: string } | { skipped: string }> {
  if (!(await postgresAnswers()))
    return { skipped: `PostgreSQL did not answer at ${new URL(ADMIN_URL).host}; delivery was not measured.` };
  const dbName = `ngo_chat_bench_${newId().toLowerCase()}`;
  await adminQuery(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const servers: ServerProcess[] = [];
  const sockets: WebSocket[] = [];
  try {
    const handle = await openDatabase({ databaseUrl });
    const ngoId = newId();
    let ids: string[];
    try {
      await handle.migrate();
      ids = await seedPeople(handle.db, ngoId);
    } finally {
      await handle.close();
    }
    const env = {
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AI_BASE_URL: '',
      JWT_SECRET: secret,
      DATABASE_URL: databaseUrl,
    };
    const a = await startServerProcess(env);
    servers.push(a);
    const b = await startServerProcess(env);
    servers.push(b);
    const jwt = createJwt(secret, 3_600);
    const tokens = await Promise.all(ids.map((id) => tokenOf(jwt, ngoId, id)));
    const sender = tokens[0]!;
    const post = (path: string, body: unknown) =>
      fetch(`${a.baseURL}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await post('/chat/conversations', {
      kind: 'channel',
      name: 'deliveries',
      visibility: 'private',
      memberIds: ids.slice(1),
    });
    if (created.status !== 201)
      throw new Error(`creating the channel: ${created.status} ${await created.text()}`);
    const conversationId = ((await created.json()) as { id: string }).id;

    // Every member's sockets, alternately on A and B. Each records when a message's frame arrived,
    // before parsing it, by the message's body ("bench <n>").
    const arrivals = new Map<string, number[]>();
    const measured = { onA: null as WebSocket | null, onB: null as WebSocket | null };
    const arrivedOn = new Map<WebSocket, Map<string, number>>();
    const open = (base: string, token: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}${REALTIME_PATH}`);
        const own = new Map<string, number>();
        arrivedOn.set(ws, own);
        ws.on('message', (data) => {
          const at = performance.now();
          const text = String(data);
          if (text.includes('"type":"ready"')) return resolve(ws);
          const key = /"body":"(bench \d+)"/.exec(text)?.[1];
          if (!key) return;
          own.set(key, at);
          const list = arrivals.get(key);
          if (list) list.push(at);
          else arrivals.set(key, [at]);
        });
        ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
        ws.once('error', reject);
        ws.once('close', (code) => reject(new Error(`socket closed with ${code} before 'ready'`)));
      });
    for (let s = 0; s < SOCKETS_PER_USER; s++) {
      const opened = await Promise.all(
        tokens.map((token, u) => open((u + s) % 2 === 0 ? a.baseURL : b.baseURL, token)),
      );
      sockets.push(...opened);
    }
    // The measured receivers: member 1's first socket (on B) and member 2's first socket (on A).
    measured.onB = sockets[1]!;
    measured.onA = sockets[2]!;
    const total = sockets.length;
    console.log(`${total} sockets signed in (${total / 2} on each process)`);

    const waitFor = (key: string, timeoutMs = 10_000) =>
      new Promise<boolean>((resolve) => {
        const began = Date.now();
        const check = () => {
          if ((arrivals.get(key)?.length ?? 0) >= total) return resolve(true);
          if (Date.now() - began > timeoutMs) return resolve(false);
          setTimeout(check, 1);
        };
        check();
      });

    let n = 0;
    const send = async () => {
      const key = `bench ${++n}`;
      const began = performance.now();
      const res = await fetch(`${a.baseURL}/api/chat/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender}`, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: randomUUID(), body: key }),
      });
      await res.arrayBuffer();
      const postMs = performance.now() - began;
      if (res.status !== 201) throw new Error(`posting answered ${res.status}`);
      const complete = await waitFor(key);
      const at = (ws: WebSocket) => arrivedOn.get(ws)!.get(key);
      const onB = at(measured.onB!);
      const onA = at(measured.onA!);
      const list = arrivals.get(key) ?? [];
      return {
        postMs,
        toB: onB === undefined ? null : onB - began,
        toA: onA === undefined ? null : onA - began,
        all: complete ? Math.max(...list) - began : null,
      };
    };
    for (let i = 0; i < 20; i++) await send(); // warm-up, unmeasured

    const rounds: DeliveryRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const toB: number[] = [];
      const toA: number[] = [];
      const all: number[] = [];
      const posts: number[] = [];
      let lost = 0;
      for (let i = 0; i < DELIVERIES; i++) {
        const r = await send();
        posts.push(r.postMs);
        if (r.toB === null || r.toA === null || r.all === null) lost++;
        if (r.toB !== null) toB.push(r.toB);
        if (r.toA !== null) toA.push(r.toA);
        if (r.all !== null) all.push(r.all);
      }
      const stat = (xs: number[]) => ({ p95: percentile(xs, 95), median: median(xs) });
      rounds.push({ toB: stat(toB), toA: stat(toA), all: stat(all), post: stat(posts), lost });
      const r = rounds.at(-1)!;
      console.log(
        `delivery round ${round + 1}: to B p95 ${r.toB.p95.toFixed(1)} ms (median ${r.toB.median.toFixed(1)}), to A p95 ${r.toA.p95.toFixed(1)}, all ${total} p95 ${r.all.p95.toFixed(1)}, POST p95 ${r.post.p95.toFixed(1)} (median ${r.post.median.toFixed(1)}), lost ${lost}`,
      );
    }
    const lost = rounds.reduce((s, r) => s + r.lost, 0);
    return {
      note: `${total} sockets of ${USERS} members of one private channel (${SOCKETS_PER_USER} each, half on each process), ${DELIVERIES} messages per round posted one after the other by one member through A's API; ${lost === 0 ? 'every message reached every socket' : `${lost} messages did not reach every socket within 10 s`}.`,
      figures: [
        figure(
          `Delivery to a socket on the other process (B), p95 of ${DELIVERIES}`,
          rounds.map((r) => r.toB.p95),
          budget.deliveryP95Ms,
        ),
        figure(
          'Delivery to a socket on B, median',
          rounds.map((r) => r.toB.median),
        ),
        figure(
          'Delivery to a socket on the posting process (A), p95',
          rounds.map((r) => r.toA.p95),
        ),
        figure(
          `Delivery to the last of all ${total} sockets, p95`,
          rounds.map((r) => r.all.p95),
        ),
        figure(
          'Baseline: the POST itself (HTTP answer on A), median (interleaved)',
          rounds.map((r) => r.post.median),
        ),
        figure(
          'Baseline: the POST itself, p95',
          rounds.map((r) => r.post.p95),
        ),
      ],
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    for (const server of servers) await server.dispose();
    await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------
// Search

/** 2,000 words: the first ones real (the most frequent), the rest made of syllables. */
function vocabulary(): string[] {
  const real = (
    'water well school supplies volunteer food health clinic visit report meeting team village family ' +
    'children training seeds farm rain road truck delivery medicine doctor nurse teacher books budget ' +
    'donor grant project plan week month today tomorrow morning evening update photo list count ' +
    'kitchen shelter blanket tent map district region office phone call message thanks please ready ' +
    'done started finished waiting late early north south east west river bridge market price'
  ).split(' ');
  const rng = createRng(16);
  const onsets = [
    'b',
    'c',
    'd',
    'f',
    'g',
    'h',
    'k',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'w',
    'br',
    'st',
    'tr',
    'pl',
    'ch',
    'sh',
    'gr',
    'cl',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ea', 'ai', 'ou'];
  const codas = ['', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'st', 'ng', 'ck'];
  const words = new Set(real);
  while (words.size < VOCABULARY) {
    const syllables = rng.int(1, 3);
    let w = '';
    for (let s = 0; s < syllables; s++) w += rng.pick(onsets) + rng.pick(vowels) + rng.pick(codas);
    if (w.length >= 3) words.add(w);
  }
  return [...words];
}

interface SearchWorld {
  ngoId: string;
  readerId: string;
  tokens: string[];
}

/** The world a kept database holds: its NGO, and the reader (the member of the most conversations). */
async function searchWorldOf(db: DbExecutor): Promise<SearchWorld> {
  const result = await db.execute<{ ngo_id: string; user_id: string }>(sql`
    select ngo_id, user_id from chat_members group by ngo_id, user_id order by count(*) desc limit 1`);
  const row = result.rows[0]!;
  return {
    ngoId: row.ngo_id,
    readerId: row.user_id,
    tokens: [await tokenOf(createJwt(secret, 3_600), row.ngo_id, row.user_id)],
  };
}

/**
 * One NGO, USERS members, CONVERSATIONS conversations (public channels, private channels, direct
 * conversations of two) and MESSAGES messages spread over them, newest a minute ago, 30 s apart. The
 * reader (member 0) is in a few of the private ones; everyone reads the public channels.
 */
async function seedSearch(db: DbExecutor, onPostgres: boolean): Promise<SearchWorld> {
  const ngoId = newId();
  const ids = await seedPeople(db, ngoId);
  const readerId = ids[0]!;
  const conversations = Array.from({ length: CONVERSATIONS }, (_, i) => {
    const kind = i < PUBLIC_CHANNELS + PRIVATE_CHANNELS ? 'channel' : 'direct';
    const members =
      i < PUBLIC_CHANNELS
        ? ids.filter((_, k) => (k + i) % 3 !== 0 || k === 0)
        : i < PUBLIC_CHANNELS + PRIVATE_CHANNELS
          ? // The reader is in 4 of the 10 private channels.
            [
              ...new Set([
                ...(i % 3 === 0 ? [readerId] : []),
                ids[1 + (i % (USERS - 1))]!,
                ids[1 + ((i * 7) % (USERS - 1))]!,
              ]),
            ]
          : // And in 4 of the 10 direct conversations.
            i % 5 < 2
            ? [readerId, ids[1 + (i % (USERS - 1))]!]
            : [ids[1 + (i % (USERS - 1))]!, ids[1 + ((i + 5) % (USERS - 1))]!];
    return {
      id: newId(),
      kind,
      name: kind === 'channel' ? `channel-${i}` : '',
      visibility: i < PUBLIC_CHANNELS ? 'public' : 'private',
      directKey: kind === 'direct' ? [...members].sort().join(',') : null,
      members,
    };
  });
  for (const c of conversations) {
    await db.execute(sql`
      insert into chat_conversations (id, ngo_id, kind, name, visibility, direct_key, created_by, created_at)
      values (${c.id}, ${ngoId}, ${c.kind}, ${c.name}, ${c.visibility}, ${c.directKey}, ${c.members[0]!},
        now() - interval '2 years')`);
    for (const userId of c.members)
      await db.execute(sql`
        insert into chat_members (conversation_id, user_id, ngo_id) values (${c.id}, ${userId}, ${ngoId})`);
  }

  // The vocabulary and the conversations as arrays the insert reads by position.
  await db.execute(sql`drop table if exists chat_bench_words`);
  await db.execute(
    sql`create table chat_bench_words (words text[] not null, convs text[] not null, members text[] not null)`,
  );
  const words = vocabulary();
  await db.execute(sql`insert into chat_bench_words values (
    ${`{${words.join(',')}}`}::text[],
    ${`{${conversations.map((c) => c.id).join(',')}}`}::text[],
    ${`{${conversations.map((c) => c.members[0]).join(',')}}`}::text[])`);
  // A bulk load: the indexes are built once at the end (as after a restore), not row by row.
  const indexes = await db.execute<{ indexname: string; indexdef: string }>(sql`
    select indexname, indexdef from pg_indexes
    where tablename = 'chat_messages' and indexname <> 'chat_messages_pkey'`);
  for (const { indexname } of indexes.rows) await db.execute(sql.raw(`drop index ${indexname}`));
  // The search's postings are written by the insert's trigger, batch by batch; their key too is built at the end.
  await db.execute(
    sql`alter table chat_message_words drop constraint chat_message_words_word_id_created_at_message_id_pk`,
  );
  await db.execute(sql`select setseed(0.16)`);
  const began = performance.now();
  for (let from = 0; from < MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH) - 1;
    // Message g: conversation g % 50, 6–17 words, each the floor(2000^u)-th of the vocabulary (u
    // uniform: about a 1/rank frequency, so 'water' is in most messages and a made-up word in few).
    await db.execute(sql`
      insert into chat_messages (id, ngo_id, conversation_id, seq, rev, author_id, client_id, body, created_at)
      select 'cb' || lpad(g::text, 8, '0'), ${ngoId}, convs[1 + g % ${CONVERSATIONS}],
        1 + g / ${CONVERSATIONS}, 1 + g / ${CONVERSATIONS}, members[1 + g % ${CONVERSATIONS}],
        md5(g::text)::uuid::text,
        (select string_agg(x.w, ' ') from (
           select words[floor(power(${VOCABULARY}::float8, random()))::int] as w
           from generate_series(1, 6 + g % 12) k) x),
        now() - interval '1 minute' - (${MESSAGES} - g) * interval '30 seconds'
      from chat_bench_words, generate_series(${from}::int, ${to}::int) g`);
    console.log(
      `  ${(to + 1).toLocaleString('en')} messages written (${((performance.now() - began) / 1000).toFixed(0)} s) …`,
    );
  }
  await db.execute(sql`
    update chat_conversations c set last_seq = m.seq, rev = m.seq, last_message_at = m.at
    from (select conversation_id, max(seq) as seq, max(created_at) as at from chat_messages group by 1) m
    where m.conversation_id = c.id`);
  await db.execute(sql`drop table chat_bench_words`);
  if (onPostgres) await db.execute(sql`set maintenance_work_mem = '512MB'`);
  else await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const { indexname, indexdef } of indexes.rows) {
    const at = performance.now();
    await db.execute(sql.raw(indexdef));
    console.log(`  ${indexname} built (${((performance.now() - at) / 1000).toFixed(0)} s)`);
  }
  let at = performance.now();
  await db.execute(sql`
    alter table chat_message_words add constraint chat_message_words_word_id_created_at_message_id_pk
    primary key (word_id, created_at, message_id)`);
  console.log(`  chat_message_words key built (${((performance.now() - at) / 1000).toFixed(0)} s)`);
  at = performance.now();
  // As the embedded database's own maintenance does after a bulk load (planner-statistics.ts).
  await db.execute(onPostgres ? sql`vacuum analyze` : sql`analyze`);
  console.log(`  analysed (${((performance.now() - at) / 1000).toFixed(0)} s)`);
  const jwt = createJwt(secret, 3_600);
  return { ngoId, readerId, tokens: [await tokenOf(jwt, ngoId, readerId)] };
}

/** 50 queries: rare and common word prefixes, whole words, two words. */
function searchQueries(): { q: string; kind: string }[] {
  const words = vocabulary();
  const rng = createRng(1616);
  const queries: { q: string; kind: string }[] = [];
  for (let i = 0; i < 10; i++)
    queries.push({ q: words[rng.int(0, 9)]!.slice(0, rng.int(1, 3)), kind: 'common prefixes' });
  for (let i = 0; i < 10; i++) queries.push({ q: words[rng.int(0, 99)]!, kind: 'common words' });
  for (let i = 0; i < 10; i++) queries.push({ q: words[rng.int(500, VOCABULARY - 1)]!, kind: 'rare words' });
  for (let i = 0; i < 10; i++)
    queries.push({ q: words[rng.int(1000, VOCABULARY - 1)]!.slice(0, 4), kind: 'rare prefixes' });
  for (let i = 0; i < 10; i++)
    queries.push({
      q: `${words[rng.int(0, 199)]!} ${words[rng.int(0, 999)]!.slice(0, 3)}`,
      kind: 'two words',
    });
  return queries;
}

interface SearchRound {
  p95: number;
  median: number;
  baseline: number;
  byKind: Map<string, number[]>;
}

async function searchRounds(
  label: string,
  one: (q: string) => Promise<unknown>,
  baseline: () => Promise<unknown>,
): Promise<SearchRound[]> {
  const queries = searchQueries();
  for (const { q } of queries) await one(q); // warm-up, unmeasured
  const rounds: SearchRound[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const times: number[] = [];
    const base: number[] = [];
    const byKind = new Map<string, number[]>();
    for (const { q, kind } of queries) {
      let began = performance.now();
      await baseline();
      base.push(performance.now() - began);
      began = performance.now();
      await one(q);
      const ms = performance.now() - began;
      if (process.env.BENCH_CHAT_VERBOSE) console.log(`  ${kind} ${JSON.stringify(q)}: ${ms.toFixed(1)} ms`);
      times.push(ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    }
    rounds.push({ p95: percentile(times, 95), median: median(times), baseline: median(base), byKind });
    const r = rounds.at(-1)!;
    console.log(
      `${label} round ${round + 1}: p95 ${r.p95.toFixed(1)} ms, median ${r.median.toFixed(1)} ms, baseline ${r.baseline.toFixed(1)} ms; ${[...byKind].map(([k, xs]) => `${k} max ${Math.max(...xs).toFixed(0)}`).join(', ')}`,
    );
  }
  return rounds;
}

const searchFigures = (
  where: string,
  rounds: SearchRound[],
  baselineName: string,
  limit?: number,
): Figure[] => [
  figure(
    `Search ${where}, p95 of ${searchQueries().length} queries`,
    rounds.map((r) => r.p95),
    limit,
  ),
  figure(
    `Search ${where}, median`,
    rounds.map((r) => r.median),
  ),
  ...['common prefixes', 'common words', 'two words', 'rare words', 'rare prefixes'].map((kind) =>
    figure(
      `… ${kind} (10 queries), slowest`,
      rounds.map((r) => Math.max(...(r.byKind.get(kind) ?? [0]))),
    ),
  ),
  figure(
    `Baseline: ${baselineName}, median (interleaved)`,
    rounds.map((r) => r.baseline),
  ),
];

/** EXPLAIN ANALYZE of the search's own query for one query, to say where its time goes. */
async function explain(db: DbExecutor, world: SearchWorld, q: string): Promise<string> {
  const tsQuery = q
    .split(/\s+/)
    .map((w) => `'${w}':*`)
    .join(' & ');
  const result = await db.execute<Record<string, string>>(sql`
    explain (analyze, buffers, costs off)
    select m.id, m.conversation_id, c.kind, c.name
    from chat_messages m
    join chat_conversations c on c.id = m.conversation_id
    where m.ngo_id = ${world.ngoId} and c.ngo_id = ${world.ngoId} and m.deleted_at is null
      and m.search_vector @@ to_tsquery('simple', ${tsQuery})
      and ((c.kind = 'channel' and c.visibility = 'public')
        or exists (select 1 from chat_members cm where cm.conversation_id = c.id and cm.user_id = ${world.readerId}))
    order by m.created_at desc, m.id desc
    limit 30`);
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

async function measureSearchEmbedded(): Promise<{ figures: Figure[]; plans: string[] }> {
  let world: SearchWorld | undefined;
  console.log(`Writing ${MESSAGES.toLocaleString('en')} messages to a fresh embedded database …`);
  const server = await startServerProcess(
    { SEED_DEMO: 'false', LOG_LEVEL: 'warn', AI_BASE_URL: '', JWT_SECRET: secret },
    {
      prepareDataDir: async (dataDir) => {
        // BENCH_CHAT_EMBEDDED_COPY names a folder that keeps a copy of the seeded data folder, and
        // is copied from on the next run instead of writing a million messages again.
        const kept = process.env.BENCH_CHAT_EMBEDDED_COPY;
        if (kept && existsSync(kept)) cpSync(kept, dataDir, { recursive: true });
        const handle = await openDatabase({ dataDir });
        try {
          await handle.migrate();
          world =
            kept && existsSync(kept) ? await searchWorldOf(handle.db) : await seedSearch(handle.db, false);
        } finally {
          await handle.close();
        }
        if (kept && !existsSync(kept)) cpSync(dataDir, kept, { recursive: true });
      },
    },
  );
  try {
    const w = world!;
    const headers = { authorization: `Bearer ${w.tokens[0]!}` };
    const get = async (path: string) => {
      const res = await fetch(`${server.baseURL}/api${path}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    };
    const http = await searchRounds(
      'embedded, HTTP',
      (q) => get(`/chat/search?q=${encodeURIComponent(q)}`),
      () => get('/auth/me'),
    );
    await server.stop('SIGTERM');
    const handle = await openDatabase({ dataDir: server.dataDir });
    try {
      const caller = { id: w.readerId, role: 'STAFF', tenant: tenantOf({ ngoId: w.ngoId, role: 'STAFF' }) };
      const inProcess = await searchRounds(
        'embedded, in process',
        (q) => searchChat(handle.db, caller, q, undefined),
        () => handle.db.execute(sql`select 1`),
      );
      const plans = [await explain(handle.db, w, searchQueries()[0]!.q)];
      return {
        figures: [
          ...searchFigures(
            `on the embedded database, in process (searchChat)`,
            inProcess,
            '`select 1` in process',
            budget.searchP95Ms,
          ),
          ...searchFigures(
            'on the embedded database over HTTP (GET /api/chat/search)',
            http,
            'GET /api/auth/me',
          ).filter((f) => !f.name.startsWith('…')),
        ],
        plans,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await server.dispose();
  }
}

async function measureSearchPostgres(): Promise<
  { figures: Figure[]; plans: string[] } | { skipped: string }
> {
  if (!(await postgresAnswers()))
    return {
      skipped: `PostgreSQL did not answer at ${new URL(ADMIN_URL).host}; search on it was not measured.`,
    };
  // BENCH_CHAT_REUSE names a database an earlier run kept (BENCH_CHAT_KEEP=1), to time the search
  // again without writing a million messages.
  const reuse = process.env.BENCH_CHAT_REUSE;
  const dbName = reuse ?? `ngo_chat_search_${newId().toLowerCase()}`;
  if (!reuse) await adminQuery(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await handle.migrate();
      let w: SearchWorld;
      if (reuse) w = await searchWorldOf(handle.db);
      else {
        console.log(`Writing ${MESSAGES.toLocaleString('en')} messages to a fresh PostgreSQL database …`);
        w = await seedSearch(handle.db, true);
      }
      await handle.db.execute(sql`vacuum analyze`);
      const caller = { id: w.readerId, role: 'STAFF', tenant: tenantOf({ ngoId: w.ngoId, role: 'STAFF' }) };
      const rounds = await searchRounds(
        'PostgreSQL, in process',
        (q) => searchChat(handle.db, caller, q, undefined),
        () => handle.db.execute(sql`select 1`),
      );
      const queries = searchQueries();
      const plans = [await explain(handle.db, w, queries[0]!.q), await explain(handle.db, w, queries[20]!.q)];
      return {
        figures: searchFigures(
          'on PostgreSQL, in process (searchChat)',
          rounds,
          '`select 1`',
          budget.searchP95Ms,
        ),
        plans,
      };
    } finally {
      await handle.close();
    }
  } finally {
    if (process.env.BENCH_CHAT_KEEP || reuse) console.log(`Kept the database ${dbName}.`);
    else await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  }
}

async function main() {
  const loadBefore = loadavg()[0]!;
  const started = new Date();
  const notes: string[] = [];
  const figures: Figure[] = [];
  const plans: string[] = [];
  if (PARTS.has('delivery')) {
    const delivery = await measureDelivery();
    if ('skipped' in delivery) notes.push(delivery.skipped);
    else {
      notes.push(delivery.note);
      figures.push(...delivery.figures);
    }
  }
  if (PARTS.has('search')) {
    const search = await measureSearchEmbedded();
    figures.push(...search.figures);
    plans.push(...search.plans);
  }
  if (PARTS.has('search-postgres')) {
    const search = await measureSearchPostgres();
    if ('skipped' in search) notes.push(search.skipped);
    else {
      figures.push(...search.figures);
      plans.push(...search.plans);
    }
  }
  const loadAfter = loadavg()[0]!;
  const section = [
    '<!-- bench:chat:start -->',
    '## Team chat: delivery and search (`npm run bench:chat`)',
    '',
    `Measured ${started.toISOString().slice(0, 16)} UTC, production servers, ${ROUNDS} rounds (median, with the spread of the rounds); load average ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after. Delivery: two server processes on one fresh PostgreSQL database, ${notes.join(' ')} Search: ${MESSAGES.toLocaleString('en')} messages of one NGO in ${CONVERSATIONS} conversations (${PUBLIC_CHANNELS} public channels, ${PRIVATE_CHANNELS} private, ${CONVERSATIONS - PUBLIC_CHANNELS - PRIVATE_CHANNELS} direct), 6–17 words each from ${VOCABULARY.toLocaleString('en')} words with a 1/rank frequency; the searcher reads the public channels and is in 4 private channels and 4 direct conversations; ${searchQueries().length} queries per round (common and rare prefixes and words, two words), each timed after an interleaved baseline.`,
    '',
    '| Measure | Median | Spread over rounds | Budget | Within |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.name} | ${median(f.values).toFixed(1)} ms | ${spread(f.values)} ms | ${f.budget} | ${f.within === null ? '–' : f.within ? 'yes' : '**no**'} |`,
    ),
    '<!-- bench:chat:end -->',
  ].join('\n');
  console.log(`\n${section}\n`);
  for (const plan of plans) console.log(`${plan}\n`);
  if (FULL_RUN) writePerformanceSection('chat', section);
  const missed = figures.filter((f) => f.within === false);
  console.log(missed.length ? `Over budget: ${missed.map((f) => f.name).join('; ')}` : 'Within budget.');
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
