import type { AppDeps } from '../../http/context';
import { createRouter } from '../../http/router';

// Placeholder: the routes are being written (issue 15).
export function createActivityReportsRouter(_deps: AppDeps) {
  return createRouter();
}
