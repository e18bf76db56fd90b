import { z } from 'zod';
import { text } from './storable';

/**
 * Keyset paging, shared by every listing (grants and blogs first; the next systems' listings too).
 *
 * - With neither `limit` nor `cursor`, a listing answers what it always did (GET /grants and GET
 *   /blogs: the whole matching array), so older clients keep working.
 * - With either, it answers one page: at most `limit` items (default `PAGE_LIMIT_DEFAULT`, at most
 *   `PAGE_LIMIT_MAX`), in the listing's usual order, as the same JSON array.
 * - When more items follow, the `Next-Cursor` response header carries an opaque cursor; send it back
 *   as `cursor` with the same filters for the next page. No header: that was the last page.
 * - There is no total: counting every match costs a scan of the whole listing on every first page,
 *   more than the page itself, and a phone scrolling on 2G needs the next page, not the count.
 * - A cursor is bound to its filters and order; a cursor that was not made by the server, or is
 *   sent with other filters, is a 400 naming `cursor`.
 *
 * Keyset, not offset: a page is found by the last item's sort key, so rows inserted while a user
 * scrolls never shift or repeat the items of later pages, and page 400 costs what page 1 costs.
 */
export const PAGE_LIMIT_DEFAULT = 25;
export const PAGE_LIMIT_MAX = 100;
export const NEXT_CURSOR_HEADER = 'Next-Cursor';
export const CURSOR_MAX_LENGTH = 1000;

export const limitMessage = `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`;
export const badCursorMessage = 'This cursor is not valid for this listing; start again from the first page.';

export const pageQuery = z.object({
  limit: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = /^\d{1,4}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > PAGE_LIMIT_MAX) {
        ctx.addIssue({ code: 'custom', message: limitMessage });
        return z.NEVER;
      }
      return n;
    }),
  cursor: text('Cursor').max(CURSOR_MAX_LENGTH, badCursorMessage).optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

/** True when the request asked for a page rather than the whole listing. */
export const wantsPage = (q: { limit?: number | undefined; cursor?: string | undefined }) =>
  q.limit !== undefined || (q.cursor !== undefined && q.cursor !== '');
