/**
 * `npm run bench:upload-2g`: issue 13's "a 20 MB upload over simulated Regular 2G with 3 connection
 * drops completes with ≤ 1.2× the bytes of the file". The upload is sent as the screen sends it
 * (tus-js-client with the screen's own options: src/lib/uploads/tus-chunking.ts)
 * through a proxy that holds the upstream to Regular 2G (50 kbit/s up, 300 ms of latency, as Chrome's
 * preset) and cuts every connection three times, at a quarter, a half and three quarters of the
 * file. The bytes the proxy forwards upstream (request lines, headers and bodies, re-sent parts
 * included) are counted against the file's size.
 *
 * At Regular 2G's rate 20 MB takes about 55 minutes; BENCH_UPLOAD_MB sets a smaller file (the bound
 * per drop is one chunk of about five seconds of sending, whatever the file's size, so a smaller file
 * is the harder case for the ratio). Writes docs/performance.md between the bench:upload-2g markers.
 */
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Socket } from 'node:net';
import { Upload } from 'tus-js-client';
import { adaptiveChunks } from '../../src/lib/uploads/tus-chunking';
import { startServerProcess } from '../e2e/support/server-process';
import { writePerformanceSection } from './performance-report';

const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 20);
const UP_BYTES_PER_S = 50_000 / 8;
const LATENCY_MS = 300;
const DROPS = [0.25, 0.5, 0.75];
const BUDGET_RATIO = 1.2;

/** A TCP proxy: upstream held to the 2G rate (one shared line), downstream as is; cuts on demand. */
function twoGProxy(target: number) {
  const sockets = new Set<Socket>();
  let upstreamBytes = 0;
  let lineFreeAt = 0;
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    upstream.pipe(client);
    // Each piece goes out when the shared line has carried what came before it, plus the latency.
    client.on('data', (piece: Buffer) => {
      const now = Date.now();
      lineFreeAt = Math.max(lineFreeAt, now) + (piece.length / UP_BYTES_PER_S) * 1000;
      const at = lineFreeAt + LATENCY_MS;
      client.pause();
      setTimeout(() => {
        if (upstream.destroyed) return;
        upstreamBytes += piece.length;
        upstream.write(piece);
        client.resume();
      }, at - now);
    });
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    bytes: () => upstreamBytes,
    cut: () => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const server = await startServerProcess({ LOG_LEVEL: 'warn', AI_BASE_URL: '' });
  const proxy = twoGProxy(server.port);
  try {
    const proxyPort = await proxy.listen();
    const signin = await fetch(`${server.baseURL}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@demo.ngo', password: 'demo-pass-2026' }),
    });
    const { token } = (await signin.json()) as { token: string };
    const size = Math.round(FILE_MB * 1024 * 1024);
    const file = randomBytes(size);
    const started = Date.now();
    let cuts = 0;
    const result = await new Promise<{ fileId: string | null }>((resolve, reject) => {
      const chunks = adaptiveChunks();
      const upload = new Upload(file, {
        ...chunks.options,
        endpoint: `http://127.0.0.1:${proxyPort}/api/uploads`,
        metadata: { filename: `2g bench ${Date.now()}.bin` },
        headers: { Authorization: `Bearer ${token}` },
        onProgress: (sent) => {
          // The cuts come as the upload passes each mark, as a phone losing its signal would.
          while (cuts < DROPS.length && sent >= DROPS[cuts]! * size) {
            cuts++;
            console.log(
              `cut ${cuts} at ${sent} bytes sent (${((Date.now() - started) / 1000).toFixed(0)} s)`,
            );
            proxy.cut();
          }
        },
        onSuccess: ({ lastResponse }) =>
          resolve({ fileId: lastResponse.getHeader('Upload-File-Id') ?? null }),
        onError: reject,
      });
      chunks.follow(upload);
      upload.start();
    });
    const seconds = (Date.now() - started) / 1000;
    const ratio = proxy.bytes() / size;
    const ok = ratio <= BUDGET_RATIO && cuts === DROPS.length && !!result.fileId;
    const section = [
      '<!-- bench:upload-2g:start -->',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC: a ${FILE_MB} MB file (random bytes) over Regular 2G ` +
        `(50 kbit/s up, ${LATENCY_MS} ms), cut ${cuts} times, finished in ${(seconds / 60).toFixed(1)} min as file ${result.fileId ?? '(none)'}.`,
      '',
      '| Bytes sent upstream (all requests, re-sent parts included) | File | Ratio | Budget | Within |',
      '|---|---|---|---|---|',
      `| ${proxy.bytes().toLocaleString('en')} | ${size.toLocaleString('en')} | ${ratio.toFixed(3)} | ≤ ${BUDGET_RATIO} | ${ok ? 'yes' : 'no'} |`,
      '<!-- bench:upload-2g:end -->',
    ].join('\n');
    writePerformanceSection('upload-2g', section);
    console.log(section);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await proxy.close().catch(() => undefined);
    await server.dispose();
  }
}

void main();
