import type { AppDeps } from '../../http/context';
import { createRouter } from '../../http/router';

export function createNgosRouter(_deps: AppDeps) {
  return createRouter();
}
