/**
 * `npm run bench:load`: fairness under load (issue 11, defect 6). The production server as `npm start`
 * runs it (client build, NODE_ENV=production, default log level, a fresh data folder seeded with the
 * demo data: 64 grants), and autocannon over loopback with 200 connections, each sending its next
 * request as soon as the previous one is answered, and a 10 s timeout per request:
 * - GET /api/grants?sortBy=postDate&sortOrder=desc&limit=100, the listing's first page exactly as the client
 *   asks for it (src/lib/listing/paged-query.ts, the grants listing's page size), once with a browser's Accept-Encoding and
 *   once without (as autocannon sends it by default, how the issue was measured);
 * - GET / with a browser's Accept-Encoding, the baseline.
 * Interleaved in rounds (listing, baseline, plain listing), 5 rounds of 15 s each after a warm-up;
 * the first round's listing runs 30 s, as in the issue. Budget, for both listing variants: no
 * timeout, error or non-2xx answer in any run, and the median over the rounds of p99 ≤ 1 s.
 *
 * The load average is noted before and after each run: 2 cores shared with other work make p99 move.
 * Writes docs/performance.md between the bench:load markers and exits 1 when over budget.
 *
 * With BENCH_DATABASE_URL (a fresh, empty PostgreSQL database, e.g. made with `createdb`), the server
 * runs on PostgreSQL instead (demo data seeded there) and the figures go between the bench:load-postgres
 * markers. BENCH_LOAD_RUNS and BENCH_LOAD_DURATION_S change the rounds (the first listing run stays 30 s
 * unless BENCH_LOAD_FIRST_S says otherwise).
 */
import { get } from 'node:http';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { writePerformanceSection } from './performance-report';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { startServerProcess } from '../e2e/support/server-process';

const CONNECTIONS = 200;
const TIMEOUT_S = 10;
const RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 5);
const DURATION_S = Number(process.env.BENCH_LOAD_DURATION_S ?? 15);
const FIRST_DURATION_S = Number(process.env.BENCH_LOAD_FIRST_S ?? 30);
const WARM_UP_S = 5;
const budget = { p99Ms: 1000 };
const databaseUrl = process.env.BENCH_DATABASE_URL;
const section = databaseUrl ? 'load-postgres' : 'load';

/** What Chromium sends with a fetch() from the page. */
const browserHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };
const FIRST_PAGE = '/api/grants?sortBy=postDate&sortOrder=desc&limit=100';

interface Scenario {
  name: string;
  path: string;
  headers: Record<string, string>;
  budgeted: boolean;
}

const scenarios: Scenario[] = [
  { name: 'listing, browser headers (gzip)', path: FIRST_PAGE, headers: browserHeaders, budgeted: true },
  {
    name: 'GET / (baseline)',
    path: '/',
    headers: { 'accept-encoding': browserHeaders['accept-encoding'] },
    budgeted: false,
  },
  { name: 'listing, no Accept-Encoding', path: FIRST_PAGE, headers: {}, budgeted: true },
];

interface Run {
  seconds: number;
  answered: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  timeouts: number;
  errors: number;
  non2xx: number;
  /** Fewest and most answers a single connection got: a starved connection shows as a low minimum. */
  perConnection: [number, number];
  load: [number, number];
}

/** The exact percentile of the recorded latencies (nearest rank). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The bytes on the wire of one answer (fetch() would hand back the decompressed body). */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function load(base: string, s: Scenario, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  const answersByConnection = new Map<unknown, number>();
  const before = loadavg()[0]!;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${s.path}`,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: TIMEOUT_S,
        pipelining: 1,
        headers: s.headers,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    // autocannon keeps a histogram; every 2xx response time is kept here for exact percentiles.
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      answersByConnection.set(client, (answersByConnection.get(client) ?? 0) + 1);
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const counts = [...answersByConnection.values()];
  // A connection that never got an answer is not in the map.
  const fewest = answersByConnection.size < CONNECTIONS ? 0 : Math.min(...counts);
  return {
    seconds,
    answered: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    non2xx: result.non2xx,
    perConnection: [fewest, counts.length ? Math.max(...counts) : 0],
    load: [before, loadavg()[0]!],
  };
}

async function main() {
  buildIfStale();
  console.log(
    databaseUrl ? 'Starting the server on PostgreSQL …' : 'Starting the server as npm start does …',
  );
  const server = await startServerProcess({
    // As `npm start` runs it: the default log level (every request is logged) and the demo data.
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    AI_BASE_URL: '',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const base = server.baseURL;
  try {
    const first = await fetch(`${base}${FIRST_PAGE}`);
    const text = await first.text();
    if (!first.ok) throw new Error(`${FIRST_PAGE} answered ${first.status}: ${text.slice(0, 200)}`);
    const shape = { grants: (JSON.parse(text) as unknown[]).length, kb: Buffer.byteLength(text) / 1024 };
    const zippedKb = (await wireBytes(`${base}${FIRST_PAGE}`, browserHeaders)) / 1024;
    console.log(
      `First page: ${shape.grants} grants, ${shape.kb.toFixed(1)} KB (${zippedKb.toFixed(1)} KB as sent gzipped).`,
    );

    console.log(`Warming up (${WARM_UP_S} s per scenario) …`);
    for (const s of scenarios) await load(base, s, WARM_UP_S);

    const runs: Record<string, Run[]> = Object.fromEntries(scenarios.map((s) => [s.name, []]));
    for (let round = 0; round < RUNS; round++) {
      for (const s of scenarios) {
        const seconds = round === 0 && s === scenarios[0] ? FIRST_DURATION_S : DURATION_S;
        const run = await load(base, s, seconds);
        runs[s.name]!.push(run);
        console.log(`round ${round + 1}, ${s.name}: ${format(run)}`);
      }
    }

    const checks = scenarios
      .filter((s) => s.budgeted)
      .flatMap((s) => {
        const r = runs[s.name]!;
        const failures = r.reduce((n, run) => n + run.timeouts + run.errors + run.non2xx, 0);
        const p99 = median(r.map((run) => run.p99));
        return [
          {
            what: `${s.name}: timeouts, errors and non-2xx, all runs`,
            value: String(failures),
            ok: failures === 0,
          },
          {
            what: `${s.name}: p99 (ms), median of ${r.length} runs`,
            value: ms(p99),
            ok: p99 <= budget.p99Ms,
          },
        ];
      });
    writeReport(shape, zippedKb, runs, checks);
    const failed = checks.filter((c) => !c.ok);
    console.log(failed.length ? `Over budget: ${failed.map((c) => c.what).join('; ')}` : 'Within budget.');
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    await server.dispose();
  }
}

const ms = (v: number) => v.toFixed(0);
const format = (r: Run) =>
  `${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, max ${ms(r.max)} ms, ` +
  `timeouts ${r.timeouts}, errors ${r.errors}, non-2xx ${r.non2xx}, answers per connection ` +
  `${r.perConnection[0]}–${r.perConnection[1]}, load ${r.load[0].toFixed(2)} → ${r.load[1].toFixed(2)}`;

function writeReport(
  shape: { grants: number; kb: number },
  zippedKb: number,
  runs: Record<string, Run[]>,
  checks: { what: string; value: string; ok: boolean }[],
) {
  const spread = (values: number[]) =>
    `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
  const summary = scenarios.map((s) => {
    const r = runs[s.name]!;
    const failures = (k: 'timeouts' | 'errors' | 'non2xx') => r.reduce((n, run) => n + run[k], 0);
    return (
      `| ${s.name} | ${spread(r.map((x) => x.rps))} | ${spread(r.map((x) => x.p50))} | ` +
      `${spread(r.map((x) => x.p99))} | ${ms(Math.max(...r.map((x) => x.max)))} | ${failures('timeouts')} | ` +
      `${failures('errors')} | ${failures('non2xx')} | ${Math.min(...r.map((x) => x.perConnection[0]))} |`
    );
  });
  const detail = scenarios.flatMap((s) =>
    runs[s.name]!.map(
      (r, i) =>
        `| ${i + 1} | ${s.name} | ${r.seconds} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ` +
        `${r.timeouts} | ${r.errors + r.non2xx} | ${r.perConnection[0]}–${r.perConnection[1]} | ` +
        `${r.load[0].toFixed(2)} → ${r.load[1].toFixed(2)} |`,
    ),
  );
  const where = databaseUrl
    ? 'on PostgreSQL 15 over loopback (a fresh database, demo data seeded by the server)'
    : 'on the embedded PGlite database in a fresh data folder, seeded with the demo data at start, as a first `npm start` does';
  const text = [
    `<!-- bench:${section}:start -->`,
    databaseUrl
      ? '## Fairness under load on PostgreSQL (`BENCH_DATABASE_URL=… npm run bench:load`)'
      : '## Fairness under load: 200 connections (`npm run bench:load`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${cpus().length} cores, shared), Node ${process.version}: the production server process ${where}, with the client build and the default log level. autocannon in the bench process, over loopback: ${CONNECTIONS} connections, each sending its next request when the previous one is answered, ${TIMEOUT_S} s timeout per request. The listing's first page is \`${FIRST_PAGE}\` (${shape.grants} grants, ${shape.kb.toFixed(1)} KB; ${zippedKb.toFixed(1)} KB gzipped), as the client asks for it. ${RUNS} rounds, each running the three scenarios in turn for ${DURATION_S} s (the first round's listing for ${FIRST_DURATION_S} s, the issue's duration), after a ${WARM_UP_S} s warm-up of each. Latencies are exact percentiles of every 2xx answer; the load average (1 min) is noted before and after each run, since other work on the 2 cores moves p99.`,
    '',
    'Median over the rounds, with the range (lowest–highest run):',
    '',
    '| scenario | req/s | p50 ms | p99 ms | worst ms | timeouts | errors | non-2xx | fewest answers to one connection in a run |',
    '|---|---|---|---|---|---|---|---|---|',
    ...summary,
    '',
    'Every run:',
    '',
    '| round | scenario | s | req/s | p50 ms | p99 ms | worst ms | timeouts | errors + non-2xx | answers per connection | load avg before → after |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...detail,
    '',
    `Budget (issue 11), both listing scenarios: no timeout, error or non-2xx answer in any run, and p99 ≤ ${budget.p99Ms} ms (median of the rounds).`,
    '',
    '| check | measured | |',
    '|---|---|---|',
    ...checks.map((c) => `| ${c.what} | ${c.value} | ${c.ok ? 'within' : '**over**'} |`),
    '',
    ...(databaseUrl
      ? [
          'Before the fix (commit d074696, the same bench on PostgreSQL, 20:26 UTC, load average 11.9–18.4 from other',
          'work): no timeout either, and every connection answered: node-postgres waits for each result as a socket',
          "event, so the event loop keeps turning. The starvation was the embedded database's; on PostgreSQL the",
          'snapshot-validated listing and the reused bytes are what remain of the change.',
        ]
      : [
          'Before the fix (commit d074696, the same bench, 2026-11-25 21:04 UTC, load average 1.7–3.2): every listing',
          'run had timeouts, 15–28 per run with gzip and 75–84 without; in 9 of the 10 runs some connection got 0–5',
          'answers while others got 73–158, and the worst answer took 9.9 s; p99 of the answered requests, median',
          '3770 ms with gzip and 277 ms without (the starved requests timed out, so they are not in it); 542 and',
          '733 req/s. GET / had no timeout.',
          '',
          'Why it was unfair, and what changed (ADR 0021): PGlite runs each statement synchronously in',
          'WebAssembly. Started straight from the request handlers, a statement ran inside the callback that',
          'read its request, so one turn of the event loop read every ready socket and answered each in full;',
          'with 200 connections a turn lasted a quarter of a second or more. libuv (Node 20) accepts one new',
          'connection per turn, so new connections waited in the kernel’s accept backlog, many of them past the',
          '10 s timeout (and again after each reconnect), while the connections already accepted were answered',
          'in turn. The embedded database now takes its statements one per turn, in arrival order (`FairTurns`,',
          'server/db/index.ts), so each turn accepts a connection and reads the sockets, and every connection',
          'waits only for the statements queued ahead of it. Less work per request: while nothing is written, the',
          'listing is not built again; the server checks that the database’s snapshot is unchanged and answers the',
          'text it built (server/db/snapshot-cache.ts), whose bytes, ETag and gzip (made once, off the event loop)',
          'are reused too (http/etag.ts, http/compress.ts); an uncompressed answer is written at once instead of',
          'streamed.',
        ]),
    `<!-- bench:${section}:end -->`,
  ].join('\n');
  writePerformanceSection(section, text);
}

await main();
