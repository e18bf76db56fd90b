/**
 * Pages the server renders per request over their data (ADR 0028): the names the build
 * (scripts/prerender.ts), the server (server/http/listing-page.ts) and the page (src/lib/page-data.ts,
 * public/boot.js) share.
 */

/** The build's folder holding the render bundle and request-time templates; never served. */
export const SSR_DIR = 'ssr';
/** Where a request-time template takes the page's rendered markup. */
export const SSR_MARKUP = '<!--ssr-markup-->';
/** Where a request-time template takes the data block. */
export const SSR_DATA = '<!--ssr-data-->';
/** The data block's element id: `<script type="application/json" id="page-data">`. */
export const PAGE_DATA_ID = 'page-data';
