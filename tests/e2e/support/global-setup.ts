import { rmSync } from 'node:fs';
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { makeSeededDataDir, SEEDED_DATA_DIR_ENV } from './server-process';

/**
 * The client build the workers' servers serve: made when missing or older than its sources, so
 * `npx playwright test` alone works on a fresh checkout (npm test has built it already). A spec given
 * another build (E2E_DIST_DIR) skips it. Then one data folder migrated and seeded with the demo data,
 * which each worker's server (support/fixtures.ts) and each spec's own demo server start from a copy of;
 * the workers inherit its path through the environment.
 */
export default async function globalSetup() {
  if (!process.env.E2E_DIST_DIR) buildIfStale();
  const seeded = await makeSeededDataDir();
  process.env[SEEDED_DATA_DIR_ENV] = seeded;
  return () => rmSync(seeded, { recursive: true, force: true });
}
