import type { AppDeps } from '../../http/context';
import { createRouter } from '../../http/router';

export function createDashboardRouter(_deps: AppDeps) {
  return createRouter();
}
