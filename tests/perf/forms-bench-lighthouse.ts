import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { generate as generateCertificate } from 'selfsigned';
import { textIn, type FormDefinition } from '../../contract/forms/definition';
import { freePort } from '../e2e/support/server-process';

/*
 * bench:forms's Lighthouse side, as bench:web measures (tests/perf/lighthouse.ts): the production
 * server over HTTPS with HTTP/2, as deployed, and Lighthouse's mobile run with simulated throttling
 * (150 ms RTT, 1.6 Mbps, 4× CPU), against a bare static page of the same form (no script at all).
 */

/** A throwaway self-signed certificate for 127.0.0.1, trusted by the bench's Chromium only. */
export async function benchCertificate(dir: string) {
  const pems = await generateCertificate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private);
  return { certFile, keyFile, cert: pems.cert };
}

function isHealthy(url: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpsGet(url, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}

/** The production server over HTTPS (HTTP/2) on an existing data folder (no other server may hold it). */
export async function startHttpsServer(opts: {
  dataDir: string;
  dist: string;
  tls: { certFile: string; keyFile: string; cert: string };
}) {
  const port = await freePort();
  const base = `https://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      CLIENT_DIST_DIR: opts.dist,
      PUBLIC_URL: base,
      DATABASE_URL: '',
      SMTP_URL: '',
      AI_BASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      TLS_CERT_FILE: opts.tls.certFile,
      TLS_KEY_FILE: opts.tls.keyFile,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => server.once('exit', r));
  let healthy = false;
  for (let i = 0; i < 300 && !healthy && server.exitCode === null; i++) {
    healthy = await isHealthy(`${base}/api/health`, opts.tls.cert);
    if (!healthy) await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  if (!healthy) {
    await stop();
    throw new Error('The HTTPS server did not become healthy.');
  }
  return { base, stop };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The form as plain HTML: its title, each question's label and control, no style and no script. */
export function barePage(form: FormDefinition): string {
  const options = form.choices.options ?? [];
  const controls = form.questions.map((q) => {
    const label = escapeHtml(textIn(q.label));
    const hint = q.hint ? `<p>${escapeHtml(textIn(q.hint))}</p>` : '';
    if (q.type === 'select_one' || q.type === 'select_multiple') {
      const type = q.type === 'select_one' ? 'radio' : 'checkbox';
      const inputs = options
        .map(
          (c) =>
            `<label><input type="${type}" name="${q.name}" value="${c.name}"> ${escapeHtml(textIn(c.label))}</label>`,
        )
        .join('');
      return `<fieldset><legend>${label}</legend>${hint}${inputs}</fieldset>`;
    }
    const type = q.type === 'integer' ? 'text" inputmode="numeric' : q.type === 'date' ? 'date' : 'text';
    return `<p><label for="${q.name}">${label}</label>${hint}<input id="${q.name}" type="${type}"></p>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(form.title)}</title><meta name="description" content="Bare comparison page"></head><body><h1>${escapeHtml(form.title)}</h1><form>${controls.join('')}<button>Submit</button></form></body></html>`;
}

export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tti: number;
  tbt: number;
  cls: number;
  jsKb: number;
  totalKb: number;
  benchmarkIndex: number;
}

/** One Lighthouse mobile run (default simulated throttling); run again, twice at most, when its trace broke. */
export async function lighthouseRun(url: string, chromePort: number): Promise<LighthouseFigures> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      // Every run a first visit: Lighthouse keeps IndexedDB and localStorage by default, where the
      // fill page persists the definition (fill/offline.ts) and its draft.
      clearStorageTypes: [
        'file_systems',
        'shader_cache',
        'service_workers',
        'cache_storage',
        'indexeddb',
        'local_storage',
      ],
    });
    const lhr = result!.lhr;
    if (process.env.BENCH_LHR_DIR)
      writeFileSync(
        join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    if (lhr.runtimeError || lhr.runWarnings.length)
      console.warn(url, lhr.runtimeError ?? '', lhr.runWarnings.join(' | '));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    // A run whose trace broke (NO_NAVSTART, NO_FCP: now and then on a busy 2-core machine) measured nothing sure.
    if ((Number.isNaN(audit('interactive')) || lhr.runtimeError) && attempt < 2) continue;
    const items =
      (
        lhr.audits['resource-summary']?.details as {
          items?: { resourceType: string; transferSize: number }[];
        }
      )?.items ?? [];
    const size = (type: string) => (items.find((it) => it.resourceType === type)?.transferSize ?? 0) / 1024;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tti: audit('interactive'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      jsKb: size('script'),
      totalKb: size('total'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  }
}
