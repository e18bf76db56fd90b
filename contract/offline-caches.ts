/**
 * The service worker's runtime caches that hold only what is the same for everyone, shared by the
 * worker (sw/sw.ts fills them) and the page (a feature declares the ones it owns, and logout keeps
 * them: src/lib/user-data-wipe.ts deletes every other runtime cache). No imports, so the worker can
 * take it without pulling page code in.
 */

/** GET /api/grants* answers (public listings and details). Owned by the grants feature. */
export const GRANTS_API_CACHE = 'api-grants';
export const GRANTS_API_PATH = '/api/grants';
/** GET /api/blogs* answers (public listings and posts). Owned by the blogs feature. */
export const BLOGS_API_CACHE = 'api-blogs';
export const BLOGS_API_PATH = '/api/blogs';
/** Pictures of any page (CacheFirst, capped): no feature owns them. */
export const IMAGE_CACHE = 'images';
/**
 * GET /api/forms/{formId}/definition answers: the published forms a phone has opened, so their fill
 * pages work with no signal (issue 14). Owned by the data-collection feature. Never dropped for quota:
 * losing one would stop a volunteer in the field.
 */
export const FORM_DEFINITIONS_CACHE = 'api-form-definitions';
export const FORM_DEFINITION_PATH = /^\/api\/forms\/[^/]+\/definition$/;
