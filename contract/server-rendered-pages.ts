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
/**
 * The build's file (in SSR_DIR) naming the inline boot script's hash, `sha256-…`: the CSP allows
 * that one inline script and no other (scripts/prerender.ts, server/http/security-headers.ts).
 */
export const BOOT_SCRIPT_HASH_FILE = 'boot-script.sha256';

/**
 * The public fill page (`/data-collection/forms/{formId}/fill`, its own entry: ADR 0039) arrives with
 * the published definition, as the API answers it, in `<script type="application/json" id="…">`.
 */
export const FORM_DEFINITION_DATA_ID = 'form-definition';
/** The fill page's path: its form id is the first group. */
export const FILL_PAGE_PATH = /^\/data-collection\/forms\/([^/]+)\/fill$/;
