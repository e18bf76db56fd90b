// Finds Debian's Chromium for Playwright; never downloads a browser of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const candidates = () =>
  [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function findChromium() {
  return candidates().find((p) => existsSync(p));
}

function isDebian() {
  try {
    return /debian|ubuntu/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

/** Returns a Chromium path, installing Debian's package first when running as root on Debian. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() === 0 && isDebian()) {
    console.log('Chromium not found: installing the Debian "chromium" package with apt-get...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 &&
      spawnSync(
        'apt-get',
        ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'],
        {
          stdio: 'inherit',
          env,
        },
      );
    if (install && install.status === 0 && findChromium()) return findChromium();
  }
  console.error(
    "No Chromium found for the end-to-end tests. Install Debian's package (sudo apt-get install chromium) " +
      'or set CHROME_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
