/**
 * `npm run bench:embed`: the cause embed's weight and its time to a usable donate form on 2G (issue 6:
 * "public and lightweight, so it works on 2G"), on the production build served by the real server with
 * the demo data, in Debian's Chromium. The embed is loaded as other sites load it: in an iframe of a
 * page on another site, with an empty cache.
 * - bytes the framed embed transferred (headers plus encoded bodies), ≤ 150 KB (budget);
 * - of which JavaScript (reported);
 * - time from navigating to the embed to its 'Donate' button being visible, with Chromium's
 *   network throttled to Regular 2G (250 kbit/s down, 50 kbit/s up, 300 ms round trip), no CPU
 *   slowdown (reported).
 * Writes the figures between the bench:embed markers of docs/performance.md; exits 1 over budget.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { chromium, type Request } from '@playwright/test';
import { writePerformanceSection } from './performance-report';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { ensureChromium } from '../../scripts/find-chromium.mjs';
import { startServerProcess } from '../e2e/support/server-process';
import { regular2g } from './network-conditions';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const budgetKb = 150;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function firstPublishedCauseId(baseURL: string): Promise<string> {
  const signIn = await fetch(`${baseURL}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ngoadmin@demo.ngo', password: 'demo-pass-2026' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const causes = (await (
    await fetch(`${baseURL}/api/causes`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: string; status: string }[];
  const cause = causes.find((c) => c.status === 'published');
  if (!cause) throw new Error('The demo data has no published cause.');
  return cause.id;
}

async function main() {
  buildIfStale();
  const executablePath = ensureChromium();
  const server = await startServerProcess({ LOG_LEVEL: 'warn' });
  const causeId = await firstPublishedCauseId(server.baseURL);
  // Another site: localhost, while the embed is served from 127.0.0.1.
  const host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><html lang="en"><title>Friends</title><h1>Our friends</h1>` +
        `<iframe src="${server.baseURL}/cause-embed/${causeId}" title="Donate" width="400" height="640"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostURL = `http://localhost:${(host.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const figures = {
    kb: [] as number[],
    jsKb: [] as number[],
    requests: [] as number[],
    ms2g: [] as number[],
  };
  try {
    for (let run = 0; run < RUNS; run++) {
      // Transfer, unthrottled.
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const sizes: Promise<{ kb: number; js: boolean }>[] = [];
      context.on('requestfinished', (request: Request) => {
        if (!request.url().startsWith(server.baseURL)) return;
        sizes.push(
          request.sizes().then((s) => ({
            kb: (s.responseHeadersSize + s.responseBodySize) / 1024,
            js: request.resourceType() === 'script',
          })),
        );
      });
      await page.goto(hostURL);
      const embed = page.frameLocator('iframe');
      await embed
        .getByRole('button', { name: /^Donate/ })
        .first()
        .waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const all = await Promise.all(sizes);
      figures.kb.push(all.reduce((sum, s) => sum + s.kb, 0));
      figures.jsKb.push(all.filter((s) => s.js).reduce((sum, s) => sum + s.kb, 0));
      figures.requests.push(all.length);
      await context.close();

      // Time to a usable form on Regular 2G, with an empty cache. Opened as a page of its own: the same
      // requests as framed (the embed's entry registers no worker either way), and Chromium's network
      // emulation applies to one target, which another site's frame is not.
      const slow = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const slowPage = await slow.newPage();
      const cdp = await slow.newCDPSession(slowPage);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', regular2g);
      const started = Date.now();
      await slowPage.goto(`${server.baseURL}/cause-embed/${causeId}`, { timeout: 120_000 });
      await slowPage
        .getByRole('button', { name: /^Donate/ })
        .first()
        .waitFor({ timeout: 120_000 });
      figures.ms2g.push(Date.now() - started);
      await slow.close();
      console.log(
        `run ${run + 1}: ${figures.kb.at(-1)!.toFixed(1)} KB (${figures.jsKb.at(-1)!.toFixed(1)} KB JS, ${figures.requests.at(-1)} requests), Regular 2G ${figures.ms2g.at(-1)} ms`,
      );
    }
  } finally {
    await browser.close();
    host.close();
    await server.dispose();
  }

  const result = {
    kb: median(figures.kb),
    jsKb: median(figures.jsKb),
    requests: median(figures.requests),
    ms2g: median(figures.ms2g),
  };
  const ok = result.kb <= budgetKb;
  writeReport(result, ok);
  console.log(JSON.stringify(result), ok ? 'Within budget.' : 'Over budget.');
  process.exitCode = ok ? 0 : 1;
}

function writeReport(r: { kb: number; jsKb: number; requests: number; ms2g: number }, ok: boolean) {
  const section = [
    '<!-- bench:embed:start -->',
    '## Cause embed: weight and 2G (`npm run bench:embed`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${cpus().length} cores), Debian Chromium headless, production build served by the real server with the demo data. The embed is framed by a page of another site (as an NGO's website frames it), with an empty cache; it installs no service worker in a frame. Median of ${RUNS} runs.`,
    '',
    '| measure | median | budget | verdict |',
    '|---|---|---|---|',
    `| bytes the framed embed transferred (${r.requests} requests) | ${r.kb.toFixed(1)} KB | ≤ ${budgetKb} KB | ${ok ? 'within' : '**over**'} |`,
    `| of which JavaScript | ${r.jsKb.toFixed(1)} KB | | reported |`,
    `| Regular 2G (250 kbit/s, 300 ms RTT), empty cache: navigation to a visible 'Donate' button | ${(r.ms2g / 1000).toFixed(1)} s | | reported |`,
    '',
    'The embed has its own entry (`cause-embed.html`, `src/cause-embed.tsx`, ADR 0017): React, the query client and',
    'the donation card, without the router, the route tree, zod, the persisted cache, the outbox or the worker.',
    'Before it, the framed embed loaded the whole app: 235 KB (217 KB of JavaScript).',
    '<!-- bench:embed:end -->',
  ].join('\n');
  writePerformanceSection('embed', section);
}

await main();
