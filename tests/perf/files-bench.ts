/**
 * `npm run bench:files`: two of the file layer's budgets (issue 13) on the real server process (the
 * embedded database, the demo seed) over loopback. Writes docs/performance.md between the bench:files
 * markers and exits 1 when over budget.
 *
 * - A folder of 5,000 files: the first page (25) of its listing, one connection, in rounds of
 *   BENCH_ROUND_S seconds interleaved with the same request on an empty folder (the baseline: what
 *   the request costs whatever the folder holds); p95 medians over BENCH_RUNS rounds, with the spread.
 * - Upload throughput: the same random bytes sent as a resumable (tus) upload as the client sends
 *   it (src/lib/uploads/tus-chunking.ts), and as one plain PUT to a bare Node server, a process
 *   of its own, that streams the body to a file on the same disk (plain-put-server.mjs); interleaved,
 *   BENCH_RUNS rounds (each the median of three of each) after one unmeasured warm-up, the medians' ratio. Beside it, for context, 8 MiB
 *   through the product both ways: its single-request upload and the resumable one.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  firstChunkSize,
  forgetLinkSpeed,
  nextChunkSize,
  rememberLinkSpeed,
} from '../../src/lib/uploads/chunk-size';
import { startServerProcess } from '../e2e/support/server-process';
import { writePerformanceSection } from './performance-report';

const FILES = 5_000;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 5);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 4);
const UPLOAD_BYTES = 32 * 1024 * 1024;
/*
 * A 32 MiB upload takes about 0.15 s on a fast host, and one of them can double in a neighbour's or
 * the collector's moment (a plain PUT measured 106–210 ms in one run): each round takes the median of
 * three of each kind, so the rounds' medians and their spread say what the upload costs, not the noise.
 */
const UPLOADS_PER_ROUND = Number(process.env.BENCH_UPLOADS_PER_ROUND ?? 3);
// The product's own single-request upload takes at most SMALL_UPLOAD_MAX_BYTES (10 MB): compared at 8 MiB.
const PRODUCT_BYTES = 8 * 1024 * 1024;
const budget = { listingP95Ms: 15, uploadRatio: 0.8 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** p95 of one connection asking `path` again and again for `seconds`. */
async function listingP95(url: string, token: string, seconds: number): Promise<number> {
  const latencies: number[] = [];
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: 1, duration: seconds, headers: { authorization: `Bearer ${token}` } },
      (err) => (err ? reject(err) : resolve()),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) latencies.push(time);
    });
  });
  if (latencies.length === 0) throw new Error(`${url} answered nothing`);
  return percentile(
    latencies.sort((a, b) => a - b),
    95,
  );
}

/** The baseline (plain-put-server.mjs) as a process of its own, writing into `dir`. */
async function plainPutServer(dir: string): Promise<{ url: string; stop: () => void }> {
  const child = fork(fileURLToPath(new URL('./plain-put-server.mjs', import.meta.url)), [dir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`The plain PUT server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/upload`, stop: () => child.kill() };
}

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * The tus upload as the client sends it (src/lib/uploads/tus-chunking.ts): the first chunk in the
 * creation request (creation-with-upload), sized from the last upload's measured speed while that
 * holds, then PATCH chunks sized as the client sizes them, each measurement remembered.
 */
async function tusUpload(base: string, token: string, bytes: Buffer, name: string): Promise<void> {
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const octets = { 'content-type': 'application/offset+octet-stream' };
  const body = (from: number, size: number) =>
    new Uint8Array(bytes.subarray(from, Math.min(bytes.length, from + size))) as Uint8Array<ArrayBuffer>;
  let started = performance.now();
  const first = body(0, firstChunkSize());
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      ...octets,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
    body: first,
  });
  if (created.status !== 201)
    throw new Error(`tus create answered ${created.status}: ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, base).href;
  let offset = first.length;
  let seconds = (performance.now() - started) / 1000;
  rememberLinkSpeed(first.length, seconds);
  let size = nextChunkSize(first.length, seconds);
  while (offset < bytes.length) {
    const chunk = body(offset, size);
    started = performance.now();
    const res = await fetch(location, {
      method: 'PATCH',
      headers: { ...auth, ...octets, 'upload-offset': String(offset) },
      body: chunk,
    });
    if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}: ${await res.text()}`);
    offset += chunk.length;
    seconds = (performance.now() - started) / 1000;
    rememberLinkSpeed(chunk.length, seconds);
    size = nextChunkSize(chunk.length, seconds);
  }
}

async function main() {
  const server = await startServerProcess({ LOG_LEVEL: 'warn', AI_BASE_URL: '' });
  const base = server.baseURL;
  const putDir = mkdtempSync(join(tmpdir(), 'bench-put-'));
  const plain = await plainPutServer(putDir);
  try {
    const { token } = await json<{ token: string }>(
      await fetch(`${base}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staff@demo.ngo', password: 'demo-pass-2026' }),
      }),
    );
    const auth = { authorization: `Bearer ${token}` };
    const folder = async (name: string) =>
      (
        await json<{ id: string }>(
          await fetch(`${base}/api/folders`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          }),
        )
      ).id;
    const stamp = Date.now();
    const full = await folder(`Bench ${FILES} files ${stamp}`);
    const empty = await folder(`Bench empty ${stamp}`);

    console.log(`Uploading ${FILES} small files …`);
    let next = 0;
    const worker = async () => {
      while (next < FILES) {
        const i = next++;
        const body = Buffer.from(`record ${i}\n`);
        const res = await fetch(
          `${base}/api/files?${new URLSearchParams({ name: `record ${i}.txt`, folderId: full })}`,
          {
            method: 'POST',
            headers: { ...auth, 'content-length': String(body.length) },
            body,
          },
        );
        if (res.status !== 201) throw new Error(`upload ${i} answered ${res.status}: ${await res.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    const fullUrl = `${base}/api/files?folderId=${full}&limit=25`;
    const emptyUrl = `${base}/api/files?folderId=${empty}&limit=25`;
    const firstPage = await json<unknown[]>(await fetch(fullUrl, { headers: auth }));
    if (firstPage.length !== 25) throw new Error(`The first page held ${firstPage.length} items, not 25.`);
    await listingP95(fullUrl, token, 2);
    await listingP95(emptyUrl, token, 2);

    const bytes = randomBytes(UPLOAD_BYTES);
    const plainPut = async (url: string) => {
      const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) as Uint8Array<ArrayBuffer> });
      if (res.status !== 201) throw new Error(`plain PUT answered ${res.status}`);
    };
    // One of each first, unmeasured: both servers' stream code is compiled before the rounds start.
    await plainPut(plain.url);
    await plainPut(`${plain.url}?sha256`);
    await tusUpload(base, token, bytes, `bench upload ${stamp}-warm-up.bin`);

    const loadBefore = loadavg()[0]!;
    const listing = { full: [] as number[], empty: [] as number[] };
    const upload = {
      plain: [] as number[],
      hashed: [] as number[],
      tus: [] as number[],
      cold: [] as number[],
    };
    // The same 8 MiB through the product both ways: one request (POST /api/files), and resumable.
    const product = { single: [] as number[], tus: [] as number[] };
    const small = bytes.subarray(0, PRODUCT_BYTES);
    const singleUpload = async (name: string) => {
      const res = await fetch(`${base}/api/files?${new URLSearchParams({ name })}`, {
        method: 'POST',
        headers: { ...auth, 'content-length': String(small.length) },
        body: new Uint8Array(small) as Uint8Array<ArrayBuffer>,
      });
      if (res.status !== 201) throw new Error(`single upload answered ${res.status}: ${await res.text()}`);
    };
    await singleUpload(`bench single ${stamp}-warm-up.bin`);
    for (let round = 1; round <= ROUNDS; round++) {
      listing.empty.push(await listingP95(emptyUrl, token, ROUND_S));
      listing.full.push(await listingP95(fullUrl, token, ROUND_S));
      // Each upload measure is the round's median of UPLOADS_PER_ROUND, taken in turn with the others,
      // in an order turned by one each time: what one upload leaves behind (the disk writing back what
      // it wrote, a collection) falls on each of the others in turn, not always on the same one.
      const taken = {
        plain: [] as number[],
        hashed: [] as number[],
        tus: [] as number[],
        cold: [] as number[],
      };
      const measures: Record<keyof typeof taken, (i: number) => Promise<void>> = {
        plain: () => plainPut(plain.url),
        hashed: () => plainPut(`${plain.url}?sha256`),
        tus: (i) => tusUpload(base, token, bytes, `bench upload ${stamp}-${round}-${i}.bin`),
        // A session's first upload: nothing measured yet, so its chunks start at 64 KiB.
        cold: (i) => {
          forgetLinkSpeed();
          return tusUpload(base, token, bytes, `bench cold ${stamp}-${round}-${i}.bin`);
        },
      };
      const kinds = Object.keys(measures) as (keyof typeof taken)[];
      for (let i = 0; i < UPLOADS_PER_ROUND; i++) {
        const turn = (round + i) % kinds.length;
        for (const kind of [...kinds.slice(turn), ...kinds.slice(0, turn)])
          taken[kind].push(await timed(() => measures[kind](i)));
      }
      for (const kind of kinds) upload[kind].push(median(taken[kind]));
      product.single.push(await timed(() => singleUpload(`bench single ${stamp}-${round}.bin`)));
      product.tus.push(await timed(() => tusUpload(base, token, small, `bench small ${stamp}-${round}.bin`)));
      console.log(
        `round ${round}: listing p95 ${listing.full.at(-1)!.toFixed(1)} ms (empty folder ${listing.empty.at(-1)!.toFixed(1)} ms); ` +
          `upload ${upload.tus.at(-1)!.toFixed(0)} ms resumable (${upload.cold.at(-1)!.toFixed(0)} ms the first of a session), ${upload.plain.at(-1)!.toFixed(0)} ms plain PUT, ` +
          `${upload.hashed.at(-1)!.toFixed(0)} ms with SHA-256 (medians; plain/hashed/resumable/first, ms: ` +
          `${taken.plain.map((_, i) => kinds.map((k) => taken[k][i]!.toFixed(0)).join('/')).join(', ')})`,
      );
    }
    const loadAfter = loadavg()[0]!;

    const mbps = (ms: number, size = UPLOAD_BYTES) => size / 1024 / 1024 / (ms / 1000);
    const productRatio = median(product.single) / median(product.tus);
    const productRounds = product.single.map((ms, i) => ms / product.tus[i]!);
    const ratio = median(upload.plain) / median(upload.tus);
    const roundRatios = (baseline: number[], measured = upload.tus) =>
      baseline.map((ms, i) => ms / measured[i]!);
    const coldRatio = median(upload.plain) / median(upload.cold);
    const spread = (values: number[], digits = 1) =>
      `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
    const checks = [
      {
        what: `First page of a ${FILES.toLocaleString('en')}-file folder: p95 (ms)`,
        value: median(listing.full),
        limit: `≤ ${budget.listingP95Ms}`,
        ok: median(listing.full) <= budget.listingP95Ms,
      },
      {
        what: 'Resumable upload throughput / plain PUT',
        value: ratio,
        limit: `≥ ${budget.uploadRatio}`,
        ok: ratio >= budget.uploadRatio,
      },
    ];
    const section = [
      '<!-- bench:files:start -->',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC, ${ROUNDS} interleaved rounds (each upload measure a round's median of ${UPLOADS_PER_ROUND}), load average ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after.`,
      '',
      '| Measure | Median | Spread over rounds | Budget | Within |',
      '|---|---|---|---|---|',
      `| First page (25) of a folder of ${FILES.toLocaleString('en')} files, p95, 1 connection | ${median(listing.full).toFixed(1)} ms | ${spread(listing.full)} ms | ≤ ${budget.listingP95Ms} ms | ${checks[0]!.ok ? 'yes' : 'no'} |`,
      `| The same request on an empty folder (baseline), p95 | ${median(listing.empty).toFixed(1)} ms | ${spread(listing.empty)} ms | – | – |`,
      `| ${UPLOAD_BYTES / 1024 / 1024} MiB resumable upload (the client's chunk sizes, the link's speed known from the last upload) | ${mbps(median(upload.tus)).toFixed(0)} MiB/s | ${spread(
        upload.tus.map((ms) => mbps(ms)),
        0,
      )} MiB/s | – | – |`,
      `| The same, as a session's first upload (chunks from 64 KiB) | ${mbps(median(upload.cold)).toFixed(0)} MiB/s | ${spread(
        upload.cold.map((ms) => mbps(ms)),
        0,
      )} MiB/s | – | – |`,
      `| The same bytes as one plain PUT to a bare Node server (baseline) | ${mbps(median(upload.plain)).toFixed(0)} MiB/s | ${spread(
        upload.plain.map((ms) => mbps(ms)),
        0,
      )} MiB/s | – | – |`,
      `| The same plain PUT taking the SHA-256 on the way (what a checked upload costs at least) | ${mbps(median(upload.hashed)).toFixed(0)} MiB/s | ${spread(
        upload.hashed.map((ms) => mbps(ms)),
        0,
      )} MiB/s | – | – |`,
      `| Resumable / plain throughput (spread: each round's own ratio) | ${ratio.toFixed(2)} | ${spread(roundRatios(upload.plain), 2)} | ≥ ${budget.uploadRatio} | ${checks[1]!.ok ? 'yes' : 'no'} |`,
      `| Resumable / plain with SHA-256 | ${(median(upload.hashed) / median(upload.tus)).toFixed(2)} | ${spread(roundRatios(upload.hashed), 2)} | – | – |`,
      `| A session's first upload / plain | ${coldRatio.toFixed(2)} | ${spread(roundRatios(upload.plain, upload.cold), 2)} | – | – |`,
      `| ${PRODUCT_BYTES / 1024 / 1024} MiB through the product in one request (POST /api/files) | ${mbps(median(product.single), PRODUCT_BYTES).toFixed(0)} MiB/s | ${spread(
        product.single.map((ms) => mbps(ms, PRODUCT_BYTES)),
        0,
      )} MiB/s | – | – |`,
      `| The same 8 MiB resumable | ${mbps(median(product.tus), PRODUCT_BYTES).toFixed(0)} MiB/s | ${spread(
        product.tus.map((ms) => mbps(ms, PRODUCT_BYTES)),
        0,
      )} MiB/s | – | – |`,
      `| Resumable / one request, both through the product | ${productRatio.toFixed(2)} | ${spread(productRounds, 2)} | – | – |`,
      '<!-- bench:files:end -->',
    ].join('\n');
    writePerformanceSection('files', section);
    console.log(section);
    const failed = checks.filter((c) => !c.ok);
    console.log(failed.length ? `Over budget: ${failed.map((c) => c.what).join(', ')}` : 'Within budget.');
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    plain.stop();
    rmSync(putDir, { recursive: true, force: true });
    await server.dispose();
  }
}

void main();
