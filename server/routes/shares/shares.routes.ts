import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  createdShare,
  createShareBody,
  SHARE_PAGE_PREFIX,
  shareIdParams,
  shareLink,
  shareLinkList,
  shareListQuery,
} from '../../../contract/shares';
import { appUrlOf } from '../../http/app-url';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import { clientIp } from '../../http/client-ip';
import type { AppBindings, AppDeps } from '../../http/context';
import { fileResponse, parseRange } from '../../http/file-download';
import { inertFileHeaders } from '../../http/security-headers';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { hit, retryAfterWords } from '../../services/rate-limit';
import { callerOf } from '../files/files.routes';
import { renderShareBusyPage, renderShareGonePage, renderSharePage } from './share-page';
import {
  countDownload,
  createShare,
  listShares,
  openShare,
  passwordOpens,
  revokeShare,
  type OpenShare,
} from './shares.service';

const tags = ['Shares'];
const tenantNote = 'Another organisation’s file or link answers 404, whatever the role.';

/** Wrong passwords allowed per link and address in the window: enough for typos, not for guessing. */
const PASSWORD_TRIES = 10;
const PASSWORD_WINDOW_SECONDS = 15 * 60;

export function createSharesRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const createShareRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Make a share link for a file (files:share)',
    description:
      'Anyone holding the answer’s `url` downloads the file without an account, until `expiresAt` (absent or ' +
      'null: no end) or until the link is revoked. With a `password` (6 to 200 characters) the page asks for it. ' +
      'The token in `url` is shown this once: only its SHA-256 is stored. A file in the trash is a 404. ' +
      tenantNote,
    security: bearer,
    middleware: [auth, requirePermission('files:share')] as const,
    request: { body: jsonBody(createShareBody) },
    responses: {
      201: jsonResponse(createdShare, 'The link, with its address'),
      ...errors(400, 401, 403, 404),
    },
  });

  const listSharesRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'A file’s share links, newest first (files:share)',
    description: `Revoked and ended links included, with their download counts; never their tokens. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:share')] as const,
    request: { query: shareListQuery },
    responses: { 200: jsonResponse(shareLinkList, 'The links'), ...errors(400, 401, 403, 404) },
  });

  const revokeShareRoute = createRoute({
    method: 'delete',
    path: '/{shareId}',
    tags,
    summary: 'Revoke a share link',
    description:
      'Its maker while their role may share, or ADMIN, NGO_ADMIN and SUPER_ADMIN for anyone’s link (403 ' +
      `otherwise). The link stops opening at once; revoking it again changes nothing. ${tenantNote}`,
    security: bearer,
    middleware: [auth, requirePermission('files:share')] as const,
    request: { params: shareIdParams },
    responses: { 200: jsonResponse(shareLink, 'The link, revoked'), ...errors(401, 403, 404) },
  });

  return createRouter()
    .openapi(createShareRoute, async (c) => {
      const { link, token } = await createShare(c.var.db, callerOf(c), c.req.valid('json'));
      return c.json({ ...link, url: `${appUrlOf(c, deps.env)}${SHARE_PAGE_PREFIX}${token}` }, 201);
    })
    .openapi(listSharesRoute, async (c) =>
      c.json(await listShares(c.var.db, callerOf(c), c.req.valid('query').fileId), 200),
    )
    .openapi(revokeShareRoute, async (c) =>
      c.json(await revokeShare(c.var.db, callerOf(c), c.req.valid('param').shareId), 200),
    );
}

/** The answers of the public pages: never stored by a cache or indexed (the referrer policy: security-headers.ts). */
function publicHeaders(c: Context) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
}

/**
 * The visitor's side, at /s/{token} (not under /api: it is a page). Plain HTML, and the file's bytes
 * under the users' files CSP (http/security-headers.ts).
 */
export function createSharePageRouter(deps: AppDeps) {
  const trustProxy = deps.env.TRUST_PROXY === 'true';
  const router = createRouter();

  const pageOf = (c: Context<AppBindings>, share: OpenShare, problem?: string) =>
    renderSharePage({
      token: c.req.param('token') ?? '',
      ngoName: share.ngoName,
      fileName: share.file.name,
      sizeBytes: share.file.sizeBytes,
      contentType: share.file.contentType,
      expiresAt: share.expiresAt,
      needsPassword: share.passwordHash !== null,
      problem,
    });

  /** The file, counted once per download: a resumed one (a range not from byte 0) is not counted again. */
  async function download(c: Context<AppBindings>, share: OpenShare) {
    const range = parseRange(c.req.header('range'), share.file.sizeBytes);
    if (
      c.req.method !== 'HEAD' &&
      (range.kind === 'whole' || (range.kind === 'partial' && range.start === 0))
    )
      await countDownload(c.var.db, share.shareId);
    inertFileHeaders(c);
    return fileResponse(c, deps.storage, share.file);
  }

  router.get('/:token', async (c) => {
    publicHeaders(c);
    const share = await openShare(c.var.db, c.req.param('token'));
    if (!share) return c.html(renderShareGonePage(), 404);
    return c.html(pageOf(c, share), 200);
  });

  router.get('/:token/download', async (c) => {
    publicHeaders(c);
    const share = await openShare(c.var.db, c.req.param('token'));
    if (!share) return c.html(renderShareGonePage(), 404);
    // A link with a password is downloaded by its form (POST), never by an address alone.
    if (share.passwordHash)
      return c.redirect(`${SHARE_PAGE_PREFIX}${encodeURIComponent(c.req.param('token'))}`, 303);
    return download(c, share);
  });

  router.post('/:token/download', async (c) => {
    publicHeaders(c);
    const token = c.req.param('token');
    const share = await openShare(c.var.db, token);
    if (!share) return c.html(renderShareGonePage(), 404);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const password = typeof form.password === 'string' ? form.password : '';
    if (share.passwordHash) {
      const key = `share-password:${share.shareId}:${clientIp(c, trustProxy)}`;
      const attempt = await hit(c.var.db, key, PASSWORD_TRIES, PASSWORD_WINDOW_SECONDS);
      if (!attempt.allowed) {
        c.header('Retry-After', String(attempt.retryAfterSeconds));
        return c.html(renderShareBusyPage(retryAfterWords(attempt.retryAfterSeconds)), 429);
      }
      if (!(await passwordOpens(share, password)))
        return c.html(pageOf(c, share, 'That password is not right. Check it and try again.'), 401);
    }
    return download(c, share);
  });

  return router;
}
