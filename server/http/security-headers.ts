import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { SHARE_PAGE_PREFIX } from '../../contract/shares';

const basePolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  // A recording or video taken for a form plays back from the device (an object URL) before it is sent.
  mediaSrc: ["'self'", 'blob:'],
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
 * The origins of the client's absolute API addresses (VITE_API_BASE_URL, VITE_BLOGS_API_BASE_URL):
 * a blogs backend on another origin must be reachable under connect-src. Relative ones are 'self'.
 */
export function connectOriginsOf(addresses: (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const address of addresses) {
    if (!address || !/^https?:\/\//i.test(address)) continue;
    try {
      origins.add(new URL(address).origin);
    } catch {
      // Not a URL: the client's own env check reports it at build time.
    }
  }
  return [...origins];
}

function headerSets(connectOrigins: string[], scriptHashes: string[]) {
  const contentSecurityPolicy = {
    ...basePolicy,
    scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    connectSrc: ["'self'", ...connectOrigins],
  };
  return {
    /**
     * No inline script but the build's boot script, allowed by its hash (ADR 0035): script-src is
     * 'self' and that hash, never 'unsafe-inline'.
     * Inline styles are allowed because toasts and dialogs set them at runtime.
     */
    everywhere: secureHeaders({ ...common, contentSecurityPolicy, xFrameOptions: 'DENY' }),
    /**
     * /cause-embed/* is the one page other sites may frame (SPEC §2): any ancestor, and no
     * X-Frame-Options, which has no "allow all" value and would override frame-ancestors in old browsers.
     */
    embeddable: secureHeaders({
      ...common,
      contentSecurityPolicy: { ...contentSecurityPolicy, frameAncestors: ['*'] },
      xFrameOptions: false,
    }),
    /**
     * The test-mode checkout page posts to itself and then redirects to the merchant's redirect_url;
     * browsers apply form-action to that redirect too, and PUBLIC_URL may name another origin than the
     * one the browser used (localhost vs 127.0.0.1).
     */
    simulatorPages: secureHeaders({
      ...common,
      contentSecurityPolicy: { ...contentSecurityPolicy, formAction: ["'self'", 'http:', 'https:'] },
      xFrameOptions: 'DENY',
    }),
    /**
     * A share link's page (/s/{token}): the token is the key to the file, so no link or form on it ever
     * sends the address on as a referrer.
     */
    // The share router answers the file's bytes under the users' files policy itself
    // (inertFileHeaders), which these keep (overwrite: false); its pages get the site's.
    sharePages: secureHeaders({
      ...common,
      referrerPolicy: 'no-referrer',
      contentSecurityPolicy,
      xFrameOptions: 'DENY',
      overwrite: false,
    }),
    /**
     * Users' files (issue 13, ADR 0030): whatever an uploaded HTML or SVG holds, opened in place it is
     * a sandboxed document (a unique origin, no script, no forms) that may load nothing.
     */
    userFiles: secureHeaders({
      ...common,
      contentSecurityPolicy: { sandbox: [], defaultSrc: ["'none'"] },
      xFrameOptions: 'DENY',
    }),
  };
}

/**
 * The paths that answer a user's uploaded bytes: GET /api/files/{fileId}/content, and a response's file
 * (GET /api/forms/{formId}/submissions/{submissionId}/media/{name}), uploaded by anyone with the link.
 */
export const isUserFilePath = (path: string) =>
  /^\/api\/files\/[^/]+\/content\/?$/.test(path) ||
  /^\/api\/forms\/[^/]+\/submissions\/[^/]+\/media\/[^/]+$/.test(path);

/**
 * The users' files policy, set by a handler whose path also answers pages (a share link's download,
 * whose wrong-password answer is a styled page): the bytes are a sandboxed document that loads nothing.
 */
export function inertFileHeaders(c: Context) {
  c.header('Content-Security-Policy', "sandbox; default-src 'none'");
  c.header('X-Content-Type-Options', 'nosniff');
}

/**
 * The build's hashed scripts and stylesheets. A document's policies (CSP, framing, COOP, HSTS…) do
 * nothing on a script or a stylesheet loaded by a page, yet they cost about 750 bytes of headers on
 * each of the 30–40 files a first visit loads (the fill page's 150 KB budget counted them: ADR 0039).
 * They keep what applies to a subresource: no sniffing, same-origin only.
 */
const isBuiltScriptOrStyle = (path: string) => /^\/assets\/[\w.-]+\.(js|css)$/.test(path);

const subresourceHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
};

export const EMBED_PATH_PREFIX = '/cause-embed/';
export const SIMULATOR_PATH_PREFIX = '/api/test-mode/';

export const securityHeaders = (
  options: { connectOrigins?: string[]; scriptHashes?: string[] } = {},
): MiddlewareHandler => {
  const { everywhere, embeddable, simulatorPages, sharePages, userFiles } = headerSets(
    options.connectOrigins ?? [],
    options.scriptHashes ?? [],
  );
  return (c, next) => {
    if (isBuiltScriptOrStyle(c.req.path)) return subresourceHeaders(c, next);
    if (isUserFilePath(c.req.path)) return userFiles(c, next);
    if (c.req.path.startsWith(SHARE_PAGE_PREFIX)) return sharePages(c, next);
    if (c.req.path.startsWith(EMBED_PATH_PREFIX)) return embeddable(c, next);
    if (c.req.path.startsWith(SIMULATOR_PATH_PREFIX)) return simulatorPages(c, next);
    return everywhere(c, next);
  };
};
