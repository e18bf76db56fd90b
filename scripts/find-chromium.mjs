// Finds Debian's Chromium for Playwright; never downloads a browser of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browsers = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const firstExisting = (paths) => paths.filter(Boolean).find((p) => existsSync(p));

export function findChromium() {
  return firstExisting([process.env.CHROME_PATH, ...browsers]);
}

function isDebian() {
  try {
    return /debian|ubuntu/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

/** Installs Debian packages with apt-get when running as root on Debian; true when it worked. */
function aptInstall(packages) {
  if (process.getuid?.() !== 0 || !isDebian()) return false;
  console.log(`Installing the Debian package(s) ${packages.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

function missing() {
  console.error(
    "No Chromium found for the browser tests. Install Debian's package (sudo apt-get install chromium) " +
      'or set CHROME_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

/** The full Chromium (the benchmarks measure what a user's browser does), installed if missing. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  aptInstall(['chromium', 'fonts-liberation']);
  return findChromium() ?? missing();
}

/**
 * The browser for the end-to-end suite: Debian's chromium-headless-shell, the same Chromium build
 * without the desktop browser around it, which runs the suite in about 60 % of the full browser's CPU
 * on a 2-core machine (ADR 0022). Installed when missing; the full Chromium when it cannot be.
 * CHROME_PATH still chooses any other binary.
 */
export function ensureTestChromium() {
  if (process.env.CHROME_PATH) return ensureChromium();
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const packages = findChromium()
    ? ['chromium-headless-shell']
    : ['chromium-headless-shell', 'chromium', 'fonts-liberation'];
  aptInstall(packages);
  return firstExisting([HEADLESS_SHELL, ...browsers]) ?? missing();
}
