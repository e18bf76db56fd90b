import { env } from '@/config/env';
import { resolveApiBase } from '../api-base';
import { getStoredUser, getToken } from '../session';
import { createOutbox } from './outbox';

// The same base as the api client, worked out here so the outbox (on the landing page's tight
// budget) does not pull in ofetch; the api client already warns about a rewritten host.
const apiBase = resolveApiBase(
  env.VITE_API_BASE_URL,
  { plainHost: env.VITE_PLAIN_BACKEND_HOST, ngoHost: env.VITE_NGO_BACKEND_HOST },
  () => undefined,
);

/** The page's one outbox. */
export const outbox = createOutbox({
  baseUrl: () => apiBase,
  session: () => ({
    userId: getToken() ? (getStoredUser()?.id ?? null) : null,
    token: getToken(),
  }),
});
