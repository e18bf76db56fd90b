import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const common = {
  referrerPolicy: 'strict-origin-when-cross-origin',
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
} as const;

/**
 * No inline script anywhere: the theme is set by a static file, so script-src stays 'self'.
 * Inline styles are allowed because toasts and dialogs set them at runtime.
 */
const everywhere = secureHeaders({ ...common, contentSecurityPolicy, xFrameOptions: 'DENY' });

/**
 * /cause-embed/* is the one page other sites may frame (SPEC §2): any ancestor, and no
 * X-Frame-Options, which has no "allow all" value and would override frame-ancestors in old browsers.
 */
const embeddable = secureHeaders({
  ...common,
  contentSecurityPolicy: { ...contentSecurityPolicy, frameAncestors: ['*'] },
  xFrameOptions: false,
});

/**
 * The test-mode checkout page posts to itself and then redirects to the merchant's redirect_url;
 * browsers apply form-action to that redirect too, and PUBLIC_URL may name another origin than the
 * one the browser used (localhost vs 127.0.0.1).
 */
const simulatorPages = secureHeaders({
  ...common,
  contentSecurityPolicy: { ...contentSecurityPolicy, formAction: ["'self'", 'http:', 'https:'] },
  xFrameOptions: 'DENY',
});

export const EMBED_PATH_PREFIX = '/cause-embed/';
export const SIMULATOR_PATH_PREFIX = '/api/test-mode/';

export const securityHeaders = (): MiddlewareHandler => (c, next) => {
  if (c.req.path.startsWith(EMBED_PATH_PREFIX)) return embeddable(c, next);
  if (c.req.path.startsWith(SIMULATOR_PATH_PREFIX)) return simulatorPages(c, next);
  return everywhere(c, next);
};
