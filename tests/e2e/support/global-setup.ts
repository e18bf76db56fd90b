import { buildIfStale } from '../../../scripts/build-if-stale.mjs';

/**
 * The client build the workers' servers serve: made when missing or older than its sources, so
 * `npx playwright test` alone works on a fresh checkout (npm test has built it already). Each worker
 * then starts its own server (support/fixtures.ts). A spec given another build (E2E_DIST_DIR) skips it.
 */
export default function globalSetup() {
  if (!process.env.E2E_DIST_DIR) buildIfStale();
}
