/**
 * `npm run bench:offline`: the offline budgets of issue 5, on the production build (BENCH_DIST_DIR,
 * else dist/ rebuilt when stale) served by the real server over a fresh embedded database holding
 * 10,000 generated grants, in Debian's Chromium:
 * - first visit to /: bytes the page transferred (encoded sizes), ≤ 350 KB; the service worker's
 *   install (its precache of the public site, ADR 0015), which runs once the page has loaded, is
 *   measured in the same visit and reported beside it;
 * - repeat visit to / with the service worker warm: bytes that still came from the network, ≤ 20 KB;
 * - offline reload (context.setOffline) of / and of /public-grants: first contentful paint, ≤ 500 ms;
 * - restoring the persisted query cache holding 10,000 grants from IndexedDB, ≤ 300 ms (the app's
 *   own performance marks around PersistQueryClientProvider's restore).
 * Writes the figures between the bench:offline markers of docs/performance.md; exits 1 over budget.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { writePerformanceSection } from './performance-report';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { ensureChromium } from '../../scripts/find-chromium.mjs';
import { startBenchServer } from './bench-server';
import { loadEveryPage } from './load-every-page';
import { waitForApp } from '../e2e/support/wait-for-app';

const GRANTS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const budget = { firstVisitKb: 350, repeatVisitKb: 20, offlineFcpMs: 500, restoreMs: 300 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const appReady = (page: Page) => waitForApp(page, { timeout: 60_000 });

/**
 * Bytes that came from the network while `action` ran and the network settled, split into the page's
 * requests and the service worker's own (its install's precache download, or what it fetched for a
 * controlled page): response headers plus encoded bodies, answers the worker served from its caches
 * left out. Playwright's context events, not the page's CDP session: once a worker controls the page,
 * Chromium reports the requests the worker lets through, and the worker's own, on the worker's target.
 */
async function transferred(context: BrowserContext, page: Page, action: () => Promise<void>) {
  const sizes: Promise<{ worker: boolean; bytes: number }>[] = [];
  const onFinished = (request: Request) => {
    sizes.push(
      (async () => {
        const response = await request.response();
        const worker = request.serviceWorker() !== null;
        if (!response || response.fromServiceWorker()) return { worker, bytes: 0 };
        const size = await request.sizes();
        return { worker, bytes: size.responseHeadersSize + size.responseBodySize };
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  await action();
  await page.waitForLoadState('networkidle');
  // The connectivity probe waits for an idle moment, and the page-view ping is sent last.
  await page.waitForTimeout(2000);
  context.off('requestfinished', onFinished);
  const all = await Promise.all(sizes);
  const sum = (worker: boolean) =>
    all.filter((s) => s.worker === worker).reduce((total, s) => total + s.bytes, 0) / 1024;
  return { pageKb: sum(false), workerKb: sum(true) };
}

async function fcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolveFcp) => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (entry) return resolveFcp(entry.startTime);
        new PerformanceObserver((list) => resolveFcp(list.getEntries()[0]!.startTime)).observe({
          type: 'paint',
          buffered: true,
        });
      }),
  );
}

async function swWarm(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The precache is complete once the worker is active; a reload puts the page under its control.
  await page.reload();
  await appReady(page);
}

interface Figures {
  firstVisitKb: number[];
  installKb: number[];
  repeatVisitKb: number[];
  offlineFcpLanding: number[];
  offlineFcpGrants: number[];
  restoreMs: number[];
}

async function measure(base: string, executablePath: string): Promise<Figures> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const figures: Figures = {
    firstVisitKb: [],
    installKb: [],
    repeatVisitKb: [],
    offlineFcpLanding: [],
    offlineFcpGrants: [],
    restoreMs: [],
  };
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const first = await transferred(context, page, async () => {
        await page.goto(`${base}/`);
        await appReady(page);
        // The worker is active once its install, the precache download, has finished.
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
      });
      figures.firstVisitKb.push(first.pageKb);
      figures.installKb.push(first.workerKb);
      await swWarm(page);

      const repeat = await context.newPage();
      const again = await transferred(context, repeat, async () => {
        await repeat.goto(`${base}/`);
        await appReady(repeat);
      });
      figures.repeatVisitKb.push(again.pageKb + again.workerKb);
      await repeat.close();

      // The grants list once online, scrolled to its end, so the persisted cache holds 10,000 grants.
      await page.goto(`${base}/public-grants`);
      await appReady(page);
      await loadEveryPage(page, GRANTS);
      await page.waitForTimeout(2500);

      await context.setOffline(true);
      await page.goto(`${base}/`);
      await page.reload();
      figures.offlineFcpLanding.push(await fcp(page));
      await page.goto(`${base}/public-grants`);
      await page.reload();
      figures.offlineFcpGrants.push(await fcp(page));
      await page.waitForFunction(
        () => performance.getEntriesByName('query-cache:restore-end').length > 0,
        undefined,
        {
          timeout: 30_000,
        },
      );
      figures.restoreMs.push(
        await page.evaluate(
          () =>
            performance.measure('restore', 'query-cache:restore-start', 'query-cache:restore-end').duration,
        ),
      );
      await context.close();
      console.log(
        `run ${run + 1}: first ${figures.firstVisitKb.at(-1)!.toFixed(1)} KB (+ install ${figures.installKb.at(-1)!.toFixed(1)} KB), repeat ${figures.repeatVisitKb.at(-1)!.toFixed(1)} KB, offline FCP / ${figures.offlineFcpLanding.at(-1)!.toFixed(0)} ms, /public-grants ${figures.offlineFcpGrants.at(-1)!.toFixed(0)} ms, restore ${figures.restoreMs.at(-1)!.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  return figures;
}

async function main() {
  const dist = process.env.BENCH_DIST_DIR ? resolve(process.env.BENCH_DIST_DIR) : 'dist';
  if (!process.env.BENCH_DIST_DIR) buildIfStale();
  const executablePath = ensureChromium();
  const server = await startBenchServer({ grants: GRANTS, dist });
  const base = server.baseURL;
  try {
    const loadBefore = loadavg()[0]!;
    const figures = await measure(base, executablePath);
    const result = {
      firstVisitKb: median(figures.firstVisitKb),
      installKb: median(figures.installKb),
      repeatVisitKb: median(figures.repeatVisitKb),
      offlineFcpLanding: median(figures.offlineFcpLanding),
      offlineFcpGrants: median(figures.offlineFcpGrants),
      restoreMs: median(figures.restoreMs),
    };
    const checks = {
      firstVisit: result.firstVisitKb <= budget.firstVisitKb,
      repeatVisit: result.repeatVisitKb <= budget.repeatVisitKb,
      offlineFcp: Math.max(result.offlineFcpLanding, result.offlineFcpGrants) <= budget.offlineFcpMs,
      restore: result.restoreMs <= budget.restoreMs,
    };
    const ok = Object.values(checks).every(Boolean);
    writeReport(result, checks, { before: loadBefore, after: loadavg()[0]! }, precacheSize(dist));
    console.log(JSON.stringify(result), ok ? 'Within budget.' : 'Over budget.');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.dispose();
  }
}

/**
 * The worker's precache list in dist/sw.js, gzip-compressed as the server sends it: the public part
 * (downloaded at install) and the portal's files (fetched when a signed-in user opens it, ADR 0015).
 */
function precacheSize(dist: string): Record<'public' | 'portal', { entries: number; kb: number }> {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  const entries = [...worker.matchAll(/\{[^{}]*"url":"([^"]+)"[^{}]*\}/g)].map((m) => ({
    url: m[1]!,
    portal: m[0].includes('"portal":true'),
  }));
  const size = (list: typeof entries) => ({
    entries: list.length,
    kb: list.reduce((sum, e) => sum + gzipSync(readFileSync(join(dist, e.url))).length, 0) / 1024,
  });
  return { public: size(entries.filter((e) => !e.portal)), portal: size(entries.filter((e) => e.portal)) };
}

function writeReport(
  r: {
    firstVisitKb: number;
    installKb: number;
    repeatVisitKb: number;
    offlineFcpLanding: number;
    offlineFcpGrants: number;
    restoreMs: number;
  },
  checks: Record<'firstVisit' | 'repeatVisit' | 'offlineFcp' | 'restore', boolean>,
  load1: { before: number; after: number },
  precache: Record<'public' | 'portal', { entries: number; kb: number }>,
) {
  const verdict = (ok: boolean) => (ok ? 'within' : '**over**');
  const section = [
    '<!-- bench:offline:start -->',
    '## Offline: transfer, offline paint and restore (`npm run bench:offline`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${cpus().length} cores, shared; load average (1 min) ${load1.before.toFixed(2)} before and ${load1.after.toFixed(2)} after), Debian Chromium headless, 360×740, no throttling, production build served by the real server over a fresh embedded database holding ${GRANTS.toLocaleString('en')} generated grants. Median of ${RUNS} runs, each in a fresh browser context.`,
    '',
    '| measure | median | budget | verdict |',
    '|---|---|---|---|',
    `| first visit to /: bytes the page transferred | ${r.firstVisitKb.toFixed(1)} KB | ≤ ${budget.firstVisitKb} KB | ${verdict(checks.firstVisit)} |`,
    `| the same visit, in the background once the page has loaded: the worker's install, measured (${precache.public.entries} files of the public site, ${precache.public.kb.toFixed(0)} KB gzip before reusing what the page loaded) | ${r.installKb.toFixed(1)} KB | once per release; reported | reported |`,
    `| the portal's code, fetched when a signed-in user opens the portal (${precache.portal.entries} files, gzip), never for a visitor | ${precache.portal.kb.toFixed(0)} KB | not budgeted | reported |`,
    `| repeat visit to /, service worker warm: bytes from the network | ${r.repeatVisitKb.toFixed(1)} KB | ≤ ${budget.repeatVisitKb} KB | ${verdict(checks.repeatVisit)} |`,
    `| offline reload of /: first contentful paint | ${r.offlineFcpLanding.toFixed(0)} ms | ≤ ${budget.offlineFcpMs} ms | ${verdict(r.offlineFcpLanding <= budget.offlineFcpMs)} |`,
    `| offline reload of /public-grants: first contentful paint | ${r.offlineFcpGrants.toFixed(0)} ms | ≤ ${budget.offlineFcpMs} ms | ${verdict(r.offlineFcpGrants <= budget.offlineFcpMs)} |`,
    `| restoring the persisted cache with ${GRANTS.toLocaleString('en')} grants from IndexedDB | ${r.restoreMs.toFixed(0)} ms | ≤ ${budget.restoreMs} ms | ${verdict(checks.restore)} |`,
    '',
    'How: bytes are response headers plus encoded bodies of the requests of the page and of its service worker (Playwright',
    '`request.sizes()` on the context’s events), answers the worker served from its caches left out. The first visit lasts until',
    'the worker is active; its install reuses from the HTTP cache the hashed files the page had loaded. The install is the',
    'public site only: the portal’s files are left out (ADR 0015). The repeat visit counts the page’s and the worker’s',
    'network requests; it still asks the network for the connectivity probe',
    '(`/api/health`) and the page-view ping. Paint is the page’s `first-contentful-paint` entry. Restore is the',
    'app’s own marks around PersistQueryClientProvider’s restore (`query-cache:restore-start` → `-end`:',
    'IndexedDB read, JSON parse and hydrate).',
    '<!-- bench:offline:end -->',
  ].join('\n');
  writePerformanceSection('offline', section);
}

await main();
