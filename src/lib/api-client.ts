import { FetchError, ofetch } from 'ofetch';
import { env } from '@/config/env';
import { resolveApiBase } from './api-base';
import { reportNetworkFailure, reportNetworkSuccess } from './connectivity';
import { serverErrorMessage } from './server-error';
import { clearSession, getStoredUser, getToken, storageKeys } from './session';
import { isExemptFrom401 } from './unauthorized';

export const apiBaseUrl = resolveApiBase(env.VITE_API_BASE_URL, {
  plainHost: env.VITE_PLAIN_BACKEND_HOST,
  ngoHost: env.VITE_NGO_BACKEND_HOST,
});

/** Whose session ended: read before the stored session is cleared, for the shared-phone wipe. */
export interface ExpiredSession {
  userId: string | null;
}

type SessionExpiredHandler = (session: ExpiredSession) => void | Promise<void>;
const sessionExpiredHandlers = new Set<SessionExpiredHandler>();

/** Lets the app add its own clean-up (query cache, router) to the 401 rule. */
export function onSessionExpired(handler: SessionExpiredHandler) {
  sessionExpiredHandlers.add(handler);
  return () => sessionExpiredHandlers.delete(handler);
}

/** SPEC §4: a 401 off the three auth pages clears the stored session and goes to /signin. */
export async function handleUnauthorized(location: Pick<Location, 'pathname' | 'assign'> = window.location) {
  if (isExemptFrom401(location.pathname)) return false;
  const session = { userId: getStoredUser()?.id ?? localStorage.getItem(storageKeys.userId) };
  clearSession();
  await Promise.allSettled([...sessionExpiredHandlers].map((h) => h(session)));
  // A full page load, so nothing of the previous user survives in memory either.
  location.assign('/signin');
  return true;
}

export const api = ofetch.create({
  baseURL: apiBaseUrl,
  credentials: 'include',
  retry: 0,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    options.headers = headers;
  },
  onResponse({ response }) {
    // An answer the service worker read from its cache says nothing about the network.
    if (!response.headers.has('x-sw-cache')) reportNetworkSuccess();
  },
  onRequestError({ error }) {
    // No HTTP answer at all (a cancelled request aside): the connectivity store checks whether the
    // API is gone.
    if (error.name !== 'AbortError') reportNetworkFailure();
  },
  async onResponseError({ response }) {
    if (response.status === 401) await handleUnauthorized();
  },
});

export interface ApiErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

/** The server's error body when there is one; callers show `message` (SPEC §8 reads it). */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  if (
    error instanceof FetchError &&
    error.data &&
    typeof error.data === 'object' &&
    'message' in error.data
  ) {
    return error.data as ApiErrorBody;
  }
  return null;
}

/** The server's message, 'Network error…' when no answer came, else `fallback` (one rule with the outbox forms). */
export const errorMessage: (error: unknown, fallback: string) => string = serverErrorMessage;

export const errorStatus = (error: unknown) => (error instanceof FetchError ? error.statusCode : undefined);
