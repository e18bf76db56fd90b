import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** PGlite is single-process: a second server on the same folder would corrupt it, so refuse early. */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new Error(
          `The data folder ${dir} is in use by process ${pid}. Stop that server, or set DATA_DIR to another folder.`,
          { cause: err },
        );
      }
      // A killed server leaves its lock behind; its process is gone, so the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
