/**
 * The contract between the page and the service worker for the portal's own code (ADR 0015). No
 * imports, so sw/sw.ts can take it without pulling page code into the worker.
 *
 * The worker's install precaches the public site and leaves the portal's files out. A signed-in
 * page posts `{ type: CACHE_PORTAL_CODE_MESSAGE }`; the worker then keeps every portal file of its
 * build in `PORTAL_CODE_CACHE`, so each portal screen opens offline, even one not opened yet.
 */
export const PORTAL_CODE_CACHE = 'portal-code';
export const CACHE_PORTAL_CODE_MESSAGE = 'CACHE_PORTAL_CODE';

export interface CachePortalCodeMessage {
  type: typeof CACHE_PORTAL_CODE_MESSAGE;
}
