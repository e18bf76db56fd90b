import { hashKey, type QueryKey } from '@tanstack/react-query';
import type { FetchOptions } from 'ofetch';
import { api } from './api-client';

/*
 * When a listing the service worker answered from Cache Storage was made by the server. The worker
 * marks such answers (`x-sw-cache: hit`, sw/sw.ts) and keeps the server's `Date` header; the query
 * cache then dates the data by it (query-client.ts), so 'Offline: showing results saved …' tells
 * the age of the copy, not the moment the page read it back.
 */

const savedAtByQuery = new Map<string, number>();

/** The server's date of a response served from the worker's cache, or undefined for a network answer. */
export function cachedResponseDate(headers: Headers): number | undefined {
  if (headers.get('x-sw-cache') !== 'hit') return undefined;
  const date = Date.parse(headers.get('date') ?? '');
  return Number.isFinite(date) ? date : undefined;
}

/** GET through the API client for the query `queryKey`, noting when a cached answer was made. */
export async function getDated<T>(
  queryKey: QueryKey,
  request: string,
  options: FetchOptions<'json'> = {},
): Promise<T> {
  const response = await api.raw<T>(request, options);
  noteSavedAt(queryKey, response.headers);
  return response._data as T;
}

/** Notes, for the query `queryKey`, when the answer with these headers was made (see takeSavedAt). */
export function noteSavedAt(queryKey: QueryKey, headers: Headers) {
  const hash = hashKey(queryKey);
  const date = cachedResponseDate(headers);
  if (date === undefined) savedAtByQuery.delete(hash);
  else savedAtByQuery.set(hash, date);
}

/** Read once, when the query stores the data: the date belongs to that one response. */
export function takeSavedAt(queryHash: string): number | undefined {
  const date = savedAtByQuery.get(queryHash);
  savedAtByQuery.delete(queryHash);
  return date;
}
