/**
 * `npm run bench:taps`: how soon the public header answers a tap on a slow phone (issue 12, point 9;
 * ADR 0025). Debian's Chromium, a 360×740 touch screen, Chromium's network throttled to Regular 3G
 * (750 kbit/s down, 250 kbit/s up, 100 ms round trip) and its CPU slowed 4×, an empty cache and no
 * service worker: a first visit. On each page the bench taps a header control as soon as the page
 * has painted (the first-contentful-paint entry is there), and the page itself records:
 * - the first contentful paint;
 * - the tap (the pointerdown's time);
 * - the answer: the theme class on <html> changes, or the menu button's aria-expanded turns true;
 * - when the page's code was ready (`data-app-ready`), for comparison.
 * A tap that gets no answer within 30 s is "lost" (before ADR 0025 a tap made before hydration was).
 * Runs interleave the pages and controls; medians and ranges of BENCH_RUNS (default 5) runs.
 * BENCH_DIST serves another build (say, one of an older commit) and prints without writing the report.
 */
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { writePerformanceSection } from './performance-report';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { ensureChromium } from '../../scripts/find-chromium.mjs';
import { startServerProcess } from '../e2e/support/server-process';
import { regular3g } from './network-conditions';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ANSWER_TIMEOUT_MS = 30_000;

const pages = ['/', '/pricing', '/public-grants'];
const controls = [
  { name: 'theme toggle', selector: 'header [aria-label^="Switch to"]' },
  { name: 'menu', selector: 'header [aria-controls="public-mobile-menu"]' },
] as const;

interface Sample {
  fcp: number;
  tapAfterFcp: number;
  /** From the tap to the answer; null when the tap was lost. */
  answerAfterTap: number | null;
  /** From the first paint to the answer; null when the tap was lost. */
  answerAfterFcp: number | null;
  appReadyAfterFcp: number | null;
}

interface Marks {
  fcp?: number;
  tap?: number;
  answer?: number;
  ready?: number;
}
/** What the page recorded. Functions run in the page are serialised: each spells this out itself. */
type WithMarks = Window & { __tapMarks?: Marks };

/** Records paint, tap, answer and app-ready times in the page, before any of its own scripts. */
function recordInPage() {
  const marks: Marks = {};
  (window as WithMarks).__tapMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') marks.fcp ??= entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('pointerdown', (event) => (marks.tap ??= event.timeStamp), true);
  new MutationObserver((records) => {
    for (const record of records) {
      const el = record.target as Element;
      if (record.attributeName === 'data-app-ready') marks.ready ??= performance.now();
      const themeChanged = el === document.documentElement && record.attributeName === 'class';
      const menuOpened =
        record.attributeName === 'aria-expanded' && el.getAttribute('aria-expanded') === 'true';
      if (marks.tap !== undefined && (themeChanged || menuOpened)) marks.answer ??= performance.now();
    }
  }).observe(document, {
    attributes: true,
    subtree: true,
    attributeFilter: ['class', 'aria-expanded', 'data-app-ready'],
  });
}

async function measure(browser: Browser, url: string, selector: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    colorScheme: 'light',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(recordInPage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', regular3g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => (window as WithMarks).__tapMarks?.fcp !== undefined, undefined, {
      polling: 20,
      timeout: 120_000,
    });
    await page.locator(selector).tap({ timeout: 60_000 });
    const settled = (key: 'answer' | 'ready') =>
      page
        .waitForFunction((k) => (window as WithMarks).__tapMarks?.[k] !== undefined, key, {
          polling: 50,
          timeout: ANSWER_TIMEOUT_MS,
        })
        .catch(() => undefined);
    await settled('answer');
    await settled('ready');
    const { fcp, tap, answer, ready } = await page.evaluate(() => (window as WithMarks).__tapMarks ?? {});
    return {
      fcp: fcp!,
      tapAfterFcp: tap! - fcp!,
      answerAfterFcp: answer === undefined ? null : answer - fcp!,
      answerAfterTap: answer === undefined ? null : answer - tap!,
      appReadyAfterFcp: ready === undefined ? null : ready - fcp!,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const figure = (values: number[]) =>
  values.length ? `${Math.round(median(values))} (${range(values)})` : '–';

async function main() {
  const dist = process.env.BENCH_DIST;
  if (!dist) buildIfStale();
  const executablePath = ensureChromium();
  const load = [loadavg()[0]!];
  const server = await startServerProcess({ LOG_LEVEL: 'warn', ...(dist ? { CLIENT_DIST_DIR: dist } : {}) });
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const samples = new Map<string, Sample[]>();
  try {
    for (let run = 1; run <= RUNS; run++)
      for (const path of pages)
        for (const control of controls) {
          const sample = await measure(browser, `${server.baseURL}${path}`, control.selector);
          const key = `${path}|${control.name}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          console.log(
            `run ${run} ${path} ${control.name}`,
            JSON.stringify(sample, (_k, v) => (typeof v === 'number' ? Math.round(v) : v)),
          );
        }
  } finally {
    await browser.close();
    await server.dispose();
  }
  load.push(loadavg()[0]!);

  const rows = [...samples].map(([key, list]) => {
    const [path, control] = key.split('|');
    const answered = list.flatMap((s) => (s.answerAfterFcp === null ? [] : [s.answerAfterFcp]));
    const lost = list.length - answered.length;
    const afterTap = list.flatMap((s) => (s.answerAfterTap === null ? [] : [s.answerAfterTap]));
    return `| ${path} | ${control} | ${figure(list.map((s) => s.fcp))} | ${figure(list.map((s) => s.tapAfterFcp))} | ${figure(answered)} | ${figure(afterTap)} | ${lost} of ${list.length} | ${figure(list.flatMap((s) => (s.appReadyAfterFcp === null ? [] : [s.appReadyAfterFcp])))} |`;
  });
  const section = [
    '<!-- bench:taps:start -->',
    '## No dead taps: the header answers a tap on a slow phone (`npm run bench:taps`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${cpus().length} cores, shared; load average (1 min) ${load[0]!.toFixed(2)} before and ${load[1]!.toFixed(2)} after), Debian Chromium headless, production build served by the real server with the demo data. A first visit on a 360×740 touch screen: empty cache, no service worker, Chromium's network at Regular 3G (750 kbit/s down, 250 kbit/s up, 100 ms round trip) and its CPU slowed 4×. Each run taps the control as soon as the page has painted (its first-contentful-paint entry exists); the page records the tap and the answer (the theme class on \`<html>\` changes; the menu button's \`aria-expanded\` turns true). ${RUNS} runs, pages and controls interleaved; median (lowest–highest), in ms after the first contentful paint.`,
    '',
    '| page | control | FCP (ms after navigation start) | tap | answer | answer − tap | taps lost (no answer in 30 s) | page code ready |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '<!-- bench:taps:end -->',
  ].join('\n');
  console.log(section);
  if (!dist) writePerformanceSection('taps', section);
}

await main();
