import type { AppDeps } from '../../http/context';
import { createRouter } from '../../http/router';

export function createAuthRouter(_deps: AppDeps) {
  return createRouter();
}
