/**
 * The export budget of issue 14: a CSV export of 100,000 form responses grows the server's memory by
 * at most 100 MB. Run on the real server process (production mode, the embedded database), the
 * responses written straight into a fresh data folder before it starts (100,000 sends through the API
 * would take many minutes). Prints the figures and exits 1 when over budget.
 *
 * Memory is read the way an operator would, without a debugger or --expose-gc: the child's resident
 * set (VmRSS in /proc/<pid>/status) sampled every 50 ms while the export downloads, against its
 * resting RSS just before, and its peak (VmHWM, reset through /proc/<pid>/clear_refs where allowed).
 * Beside the budgeted figure, for context: the same CSV read by a slow client (backpressure), the XLSX
 * workbook and the GeoJSON points. Linux only (/proc).
 *
 * BENCH_RESPONSES (default 100000) changes the count, for a quick run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Answers } from '../../contract/forms/answers';
import { openDatabase } from '../../server/db';
import { createRng } from '../../server/db/seed/prng';
import { formSubmissions, forms, formVersions, ngos, users } from '../../server/db/schema';
import { createJwt } from '../../server/services/auth/jwt';
import { villageSurvey } from '../../server/services/forms/exports/survey.testing';
import { newId } from '../../server/services/ids';
import { startServerProcess } from '../e2e/support/server-process';

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const BATCH = 1_000;
const SAMPLE_MS = 50;
const budget = { csvGrowthMb: 100 };
/** The slow client's pace: a phone on a fair 3G link. */
const SLOW_BYTES_PER_S = 4 * 1024 * 1024;

const ids = { ngo: newId(), user: newId(), form: newId() };
const secret = randomBytes(32).toString('hex');
const start = Date.UTC(2026, 0, 1);

/** A varied response of the bench form: a group, a select multiple, a point, nested repeats, a photo. */
function answersOf(rng: ReturnType<typeof createRng>, i: number): Answers {
  const members = Array.from({ length: rng.int(0, 3) }, (_, m) => ({
    member_name: `Member ${i}-${m} ${rng.pick(['Aline', 'Éric', 'Inès', 'Jean-Baptiste'])}`,
    age: String(rng.int(0, 90)),
    visit: Array.from({ length: rng.int(0, 2) }, (_, v) => ({
      visit_date: `2026-0${rng.int(1, 9)}-1${v}`,
      clinic: rng.pick(['Kayonza HC', 'Rwamagana HC', 'Gahini']),
    })),
  }));
  return {
    respondent: `Respondent ${i}`,
    household: {
      village: rng.pick(['kayonza', 'rwamagana']),
      size: String(rng.int(1, 12)),
      gps: `${(-2 + rng.next()).toFixed(6)} ${(29 + rng.next() * 2).toFixed(6)} ${rng.int(1200, 1800)} ${rng.int(3, 20)}`,
    },
    needs: rng.pickSome(['water', 'food', 'shelter'], rng.int(0, 3)).join(' '),
    ...(rng.next() < 0.1 && { photo: `photo-${i}.jpg` }),
    member: members,
    comment:
      rng.next() < 0.3
        ? `Notes for household ${i}: accès à l’eau, "urgent", ${'détail '.repeat(rng.int(1, 20))}`
        : '',
  };
}

async function seed(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    const db = handle.db;
    await db.insert(ngos).values({ id: ids.ngo, name: 'Bench NGO' });
    await db.insert(users).values({
      id: ids.user,
      ngoId: ids.ngo,
      name: 'Bench Admin',
      email: 'bench@bench.test',
      passwordHash: 'not-a-real-hash',
      role: 'NGO_ADMIN',
      emailVerifiedAt: new Date(),
    });
    await db.insert(forms).values({
      id: ids.form,
      ngoId: ids.ngo,
      title: villageSurvey.title,
      status: 'open',
      draft: villageSurvey,
      publishedVersion: 1,
      responseCount: RESPONSES,
    });
    await db.insert(formVersions).values({ formId: ids.form, version: 1, definition: villageSurvey });
    const rng = createRng(14);
    for (let from = 0; from < RESPONSES; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, RESPONSES - from) }, (_, k) => {
        const i = from + k;
        return {
          id: newId(),
          ngoId: ids.ngo,
          formId: ids.form,
          version: 1,
          instanceId: randomUUID(),
          bodyHash: 'bench',
          answers: answersOf(rng, i),
          submittedBy: i % 3 === 0 ? ids.user : null,
          submittedAt: new Date(start + i * 1_000 - 60_000),
          receivedAt: new Date(start + i * 1_000),
        };
      });
      await db.insert(formSubmissions).values(rows);
      if ((from / BATCH) % 20 === 0) console.log(`  ${from.toLocaleString('en')} responses written …`);
    }
  } finally {
    await handle.close();
  }
}

/** The server's process: the one node process whose environment names this data folder. */
function serverPid(dataDir: string): number {
  const wanted = `DATA_DIR=${dataDir}\0`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('server/index.ts')) continue;
      if (`${readFileSync(`/proc/${entry}/environ`, 'utf8')}\0`.includes(wanted)) return Number(entry);
    } catch {
      // A process that ended while we looked, or one not ours to read.
    }
  }
  throw new Error(`No server process found for ${dataDir}`);
}

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(match[1]);
};

/** Resets the peak RSS (VmHWM) so it reports this export's peak; false where the kernel refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The resting RSS: the median of a second of samples, after the previous run's garbage settled. */
async function restingKb(pid: number): Promise<number> {
  await sleep(2_000);
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    samples.push(statusKb(pid, 'VmRSS'));
    await sleep(SAMPLE_MS);
  }
  return samples.sort((a, b) => a - b)[10]!;
}

interface Run {
  name: string;
  restingMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
  bytes: number;
  lines: number;
  repeatTables: string | null;
}

async function measure(
  pid: number,
  name: string,
  url: string,
  token: string,
  bytesPerS?: number,
): Promise<Run> {
  const resting = await restingKb(pid);
  const hwmReset = resetPeak(pid);
  let peak = resting;
  const sampler = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, 'VmRSS'));
  }, SAMPLE_MS);
  const began = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200)
      throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const reader = res.body!.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 0x0a) lines++;
      if (bytesPerS) {
        const due = (bytes / bytesPerS) * 1000 - (performance.now() - began);
        if (due > 0) await sleep(due);
      }
    }
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, statusKb(pid, 'VmRSS'), hwmReset ? statusKb(pid, 'VmHWM') : 0);
    return {
      name,
      restingMb: resting / 1024,
      peakMb: peak / 1024,
      growthMb: (peak - resting) / 1024,
      seconds,
      bytes,
      lines,
      repeatTables: res.headers.get('x-repeat-tables'),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  console.log(`Writing ${RESPONSES.toLocaleString('en')} responses to a fresh data folder …`);
  const server = await startServerProcess(
    { SEED_DEMO: 'false', LOG_LEVEL: 'warn', AI_BASE_URL: '', JWT_SECRET: secret },
    { prepareDataDir: seed },
  );
  try {
    const pid = serverPid(server.dataDir);
    const token = await createJwt(secret, 3_600).sign({
      sub: ids.user,
      ngo: ids.ngo,
      role: 'NGO_ADMIN',
      sv: 1,
    });
    const base = `${server.baseURL}/api/forms/${ids.form}/exports`;
    const probe = await fetch(`${base}/csv?to=${encodeURIComponent(new Date(start + 1).toISOString())}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (probe.status === 404 && (await probe.text()).includes('"not_found"'))
      throw new Error('The export routes answer 404: mount createExportsRouter in server/app.ts first.');
    // One small export of each kind first, unmeasured: every code path is loaded before the runs.
    for (const format of ['csv', 'xlsx', 'geojson'])
      await (
        await fetch(`${base}/${format}?to=${encodeURIComponent(new Date(start + 1).toISOString())}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer();

    const loadBefore = loadavg()[0]!;
    const csv = await measure(pid, 'CSV (main table), client reading at full speed', `${base}/csv`, token);
    if (csv.lines !== RESPONSES + 1) throw new Error(`The CSV held ${csv.lines - 1} rows, not ${RESPONSES}.`);
    console.log(`CSV: ${csv.growthMb.toFixed(1)} MB over ${csv.seconds.toFixed(1)} s`);
    const others = [
      await measure(
        pid,
        `CSV, client reading at ${SLOW_BYTES_PER_S / 1024 / 1024} MB/s`,
        `${base}/csv`,
        token,
        SLOW_BYTES_PER_S,
      ),
      await measure(pid, 'CSV of the member repeat (long format)', `${base}/csv?repeat=member`, token),
      await measure(pid, 'XLSX (a sheet per table: main, member, visit)', `${base}/xlsx`, token),
      await measure(pid, 'GeoJSON (a Point per response)', `${base}/geojson`, token),
    ];
    const loadAfter = loadavg()[0]!;

    const mb = (n: number) => n.toFixed(1);
    const within = csv.growthMb <= budget.csvGrowthMb;
    const table = [
      `Measured ${new Date().toISOString().slice(0, 16)} UTC, ${RESPONSES.toLocaleString('en')} responses, embedded database, load average ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after.`,
      '',
      '| Export | Resting RSS | Peak RSS | Growth | Budget | Within | Time | Size |',
      '|---|---|---|---|---|---|---|---|',
      ...[csv, ...others].map(
        (r, at) =>
          `| ${r.name} | ${mb(r.restingMb)} MB | ${mb(r.peakMb)} MB | ${mb(r.growthMb)} MB | ${at === 0 ? `≤ ${budget.csvGrowthMb} MB` : '–'} | ${at === 0 ? (within ? 'yes' : 'no') : '–'} | ${r.seconds.toFixed(1)} s | ${mb(r.bytes / 1024 / 1024)} MB |`,
      ),
      '',
      `Repeat tables: ${csv.repeatTables}. RSS sampled every ${SAMPLE_MS} ms from /proc/<pid>/status.`,
    ].join('\n');
    console.log(`\n${table}\n`);
    console.log(
      within ? 'Within budget.' : `Over budget: the CSV export grew the server by ${mb(csv.growthMb)} MB.`,
    );
    process.exitCode = within ? 0 : 1;
  } finally {
    await server.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
