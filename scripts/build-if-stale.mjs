// Builds the client when dist/ is missing or older than anything it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const inputs = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'contract'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The newest modification time of anything the client build is made from. */
export function newestSourceMtime() {
  return Math.max(...inputs.map(newestMtime));
}

export function buildIfStale({ force = false } = {}) {
  const built =
    existsSync('dist/index.html') && existsSync('dist/sw.js') ? statSync('dist/index.html').mtimeMs : 0;
  const sources = newestSourceMtime();
  if (!force && built && built >= sources) {
    console.log('Client build is up to date.');
    return;
  }
  console.log(
    built ? 'Sources changed since the last build: building the client...' : 'Building the client...',
  );
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfStale({ force: process.argv.includes('--force') });
