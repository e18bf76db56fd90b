import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newestSourceMtime } from '../../../scripts/build-if-stale.mjs';

/**
 * A second production build of the client, as a later release would be: its own APP_VERSION, so
 * its chunks, pages and service worker differ from the suite's build. A build takes a minute or
 * more on a small machine, so it is kept in the temp folder and only redone when a source is newer.
 * It is written beside its final place and renamed, so a run that dies mid-build leaves no half build.
 */
export function secondBuild(): string {
  const dir = join(tmpdir(), 'ngo-e2e-second-build');
  const built = existsSync(join(dir, 'sw.js')) ? statSync(join(dir, 'sw.js')).mtimeMs : 0;
  if (built && built >= newestSourceMtime()) return dir;

  const staging = `${dir}.${process.pid}`;
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', staging, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit', env: { ...process.env, APP_VERSION: `e2e-second-${Date.now().toString(36)}` } },
  );
  if (result.status !== 0) throw new Error(`The second client build failed (exit ${result.status})`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return dir;
}
