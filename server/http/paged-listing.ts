import type { Context } from 'hono';
import { NEXT_CURSOR_HEADER, wantsPage, type PageQuery } from '../../contract/paging';
import type { JsonPage } from '../services/keyset-paging';
import { notModifiedResponse, revalidatedJson, revalidationNote } from './etag';
import { errors, jsonResponse } from './openapi-helpers';

/** A listing query split into its filters and, when the client asked for one, the page it wants. */
export function splitPageQuery<Q extends PageQuery>(query: Q) {
  const { limit, cursor, ...filters } = query;
  const page: PageQuery | null = wantsPage({ limit, cursor }) ? { limit, cursor } : null;
  return { filters, page };
}

/**
 * Answers a page of a listing: the items as the body (revalidated like the whole listing) and the
 * next cursor in a header (contract/paging.ts).
 */
export function pagedJson<T>(c: Context, page: JsonPage, cacheControl?: string) {
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return revalidatedJson<T>(c, page.json, cacheControl);
}

/** The paging headers, for a listing route's OpenAPI 200 response. */
export const pageHeaders = {
  [NEXT_CURSOR_HEADER]: {
    description:
      'When more items follow this page: the `cursor` of the next page (same filters). Absent on the last page.',
    schema: { type: 'string' as const },
  },
};

/** What a listing route's description says about paging. */
export const pagingDescription =
  ' Paging: with `limit` (1 to 100, default 25) or `cursor`, the answer is one page of the same array in ' +
  'the same order; `Next-Cursor` names the next page (absent on the last). Without ' +
  'either, every match is answered, as before. A cursor made for other filters, or not by this server, ' +
  'is a 400 naming `cursor`.';

/** The answers of a paged listing route: the page (with its headers), 304 when revalidated, 400. */
export const pagedListResponses = <T>(schema: T, description: string) => ({
  200: { ...jsonResponse(schema, description), headers: pageHeaders },
  ...notModifiedResponse,
  ...errors(400),
});

/** What a paged listing route's description ends with: revalidation, then paging. */
export const pagedListingNote = `${revalidationNote}${pagingDescription}`;
