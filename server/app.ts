import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { compress } from './http/compress';
import type { AppBindings, AppDeps } from './http/context';
import { closeConnectionHeaders } from './http/close-connection';
import { errorResponse } from './http/errors';
import { ApiError } from './services/api-error';
import { requestDb } from './http/request-db';
import { requestLog } from './http/request-log';
import { connectOriginsOf, securityHeaders } from './http/security-headers';
import { inlineScriptHashes, mountClient } from './http/static-client';
import { createAuthRouter } from './routes/auth/auth.routes';
import { createBlogsRouter } from './routes/blogs/blogs.routes';
import { XLSFORM_MAX_BYTES } from '../contract/forms/api';
import { createXlsFormRouter } from './routes/forms/xlsform.routes';
import { createFormsRouter } from './routes/forms/forms.routes';
import { createSubmissionsRouter } from './routes/forms/submissions.routes';
import { createExportsRouter } from './routes/forms/exports.routes';
import { createSummaryRouter } from './routes/forms/summary.routes';
import { createCausesRouter } from './routes/causes/causes.routes';
import { createDashboardRouter } from './routes/dashboard/dashboard.routes';
import { createFilesRouter, SMALL_UPLOAD_PATH } from './routes/files/files.routes';
import { createSharePageRouter, createSharesRouter } from './routes/shares/shares.routes';
import { createFoldersRouter } from './routes/files/folders.routes';
import { createGrantsRouter } from './routes/grants/grants.routes';
import { createHealthRouter } from './routes/health/health.routes';
import { createMarketingRouter } from './routes/marketing/marketing.routes';
import { createNgosRouter } from './routes/ngos/ngos.routes';
import { createInvitesRouter } from './routes/members/invites.routes';
import { createMembersRouter } from './routes/members/members.routes';
import { createAuditRouter } from './routes/audit/audit.routes';
import { REPORT_PHOTO_MAX_BYTES } from '../contract/activity-reports';
import { createTasksRouter } from './routes/tasks/tasks.routes';
import { createChatRouter } from './routes/chat/chat.routes';
import { createCampaignsRouter } from './routes/campaigns/campaigns.routes';
import { createNotificationsRouter } from './routes/campaigns/notifications.routes';
import { createPhoneRouter } from './routes/auth/phone.routes';
import { createOpenPixelRouter, createUnsubscribeRouter } from './routes/campaigns/unsubscribe.routes';
import { createTicketsRouter } from './routes/tickets/tickets.routes';
import { createActivityReportsRouter } from './routes/activity/activity-reports.routes';
import { createHoursRouter } from './routes/activity/hours.routes';
import { createDocumentsRouter } from './routes/documents/documents.routes';
import { registerUploadsOpenApi } from './routes/uploads/uploads.openapi';
import { createUploadsRouter, UPLOADS_PATH } from './routes/uploads/uploads.routes';
import { createPaymentsRouter } from './routes/payments/payments.routes';
import { createSimulatorRouter } from './routes/test-mode/simulator.routes';
import { SMALL_UPLOAD_MAX_BYTES } from '../contract/files';
import { SHARE_PAGE_PREFIX } from '../contract/shares';
import { UPLOAD_CHUNK_MAX_BYTES } from '../contract/uploads';
import {
  createPaymentProviders,
  selfRoutingFetch,
  SIMULATOR_BASE_PATH,
  webhookHashOf,
} from './services/payments/providers';
import { createPushSender } from './services/push/push-sender';
import { createPushRouter } from './routes/push/push.routes';

const XLSFORM_IMPORT_PATH = '/api/forms/import';
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The whole HTTP surface. Tests call `app.request()` on it without opening a port. */
export function createApp(given: AppDeps, options: { serveClient?: boolean } = {}) {
  // Web Push signs with the env's VAPID pair (made and kept in DATA_DIR when not given, env.ts).
  const deps: AppDeps = {
    ...given,
    push:
      given.push ??
      createPushSender(
        {
          publicKey: given.env.VAPID_PUBLIC_KEY,
          privateKey: given.env.VAPID_PRIVATE_KEY,
          subject: given.env.VAPID_SUBJECT,
        },
        given.logger,
      ),
  };
  const app = new OpenAPIHono<AppBindings>();

  app.use('*', requestId());
  app.use('*', requestLog(deps.logger));
  app.use(
    '*',
    securityHeaders({
      connectOrigins: connectOriginsOf([deps.env.VITE_API_BASE_URL, deps.env.VITE_BLOGS_API_BASE_URL]),
      scriptHashes: options.serveClient ? inlineScriptHashes(deps.env.CLIENT_DIST_DIR) : [],
    }),
  );
  // Ours, not hono/compress: it neither streams uncompressed answers nor gzips the same listing per request.
  app.use('*', compress());
  const limitOf = (maxSize: number, message: string) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body stays unread, so this connection cannot carry another request.
        throw new ApiError(413, message, { headers: closeConnectionHeaders(c) });
      },
    });
  const jsonLimit = limitOf(BODY_LIMIT_BYTES, 'The request body is too large (1 MB at most).');
  const workbookLimit = limitOf(
    XLSFORM_MAX_BYTES,
    `This workbook is too large (${XLSFORM_MAX_BYTES / 1024 / 1024} MB at most).`,
  );
  // The single-request upload streams its body to storage, checked against its Content-Length there.
  const uploadLimit = limitOf(
    SMALL_UPLOAD_MAX_BYTES,
    'This file is too large for a single request (10 MB at most); use the resumable upload.',
  );
  // A resumable upload's chunk streams to the tus store, never buffered: its Content-Length (which the
  // uploads router requires) is held to the chunk limit here, and tus holds the bytes to it as they come.
  const chunkLimit = async (c: Context<AppBindings>, next: Next) => {
    if (Number(c.req.header('content-length') ?? '0') > UPLOAD_CHUNK_MAX_BYTES)
      throw new ApiError(
        413,
        'This chunk is too large (50 MiB at most); send the upload in smaller chunks.',
        {
          code: 'payload_too_large',
          headers: closeConnectionHeaders(c),
        },
      );
    await next();
  };
  // An activity report's photo is sent as its bytes in one request (compressed on the phone first).
  const REPORT_PHOTO_PATH = /^\/api\/activity-reports\/[^/]+\/photos\/[^/]+$/;
  const photoLimit = limitOf(
    REPORT_PHOTO_MAX_BYTES,
    `This photo is too large (${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB at most).`,
  );
  app.use('/api/*', (c, next) =>
    c.req.method === 'POST' && c.req.path === SMALL_UPLOAD_PATH
      ? uploadLimit(c, next)
      : c.req.method === 'PUT' && REPORT_PHOTO_PATH.test(c.req.path)
        ? photoLimit(c, next)
        : c.req.path === UPLOADS_PATH || c.req.path.startsWith(`${UPLOADS_PATH}/`)
          ? chunkLimit(c, next)
          : c.req.method === 'POST' && c.req.path === XLSFORM_IMPORT_PATH
            ? workbookLimit(c, next)
            : jsonLimit(c, next),
  );
  // A share link's password form is the one body sent outside /api: a few bytes, never more.
  app.use(`${SHARE_PAGE_PREFIX}*`, limitOf(16 * 1024, 'The form is too large.'));
  // Every handler's database handle and mail queue; mail is delivered after the request's transaction ends.
  app.use('*', requestDb(deps));
  app.use('/api/*', async (c, next) => {
    await next();
    // Per-user answers must never land in a shared cache.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });

  app.route('/api/health', createHealthRouter(deps));
  app.route('/api/auth', createAuthRouter(deps));
  app.route('/api/dashboard', createDashboardRouter(deps));
  app.route('/api/ngos', createNgosRouter(deps));
  app.route('/api/members', createMembersRouter(deps));
  app.route('/api/invites', createInvitesRouter(deps));
  app.route('/api/audit', createAuditRouter(deps));
  app.route('/api/tasks', createTasksRouter(deps));
  app.route('/api/chat', createChatRouter(deps));
  app.route('/api/push', createPushRouter(deps));
  app.route('/api/tickets', createTicketsRouter(deps));
  app.route('/api/campaigns/opened', createOpenPixelRouter(deps));
  app.route('/api/campaigns', createCampaignsRouter(deps));
  app.route('/api/unsubscribe', createUnsubscribeRouter(deps));
  app.route('/api/notifications', createNotificationsRouter(deps));
  app.route('/api/me/phone', createPhoneRouter(deps));
  app.route('/api/activity-reports', createActivityReportsRouter(deps));
  app.route('/api/hours', createHoursRouter(deps));
  app.route('/api/documents', createDocumentsRouter(deps));
  app.route('/api/marketing', createMarketingRouter(deps));
  app.route('/api/grants', createGrantsRouter(deps));
  app.route('/api/blogs', createBlogsRouter(deps));
  app.route('/api/causes', createCausesRouter(deps));
  app.route('/api/forms', createXlsFormRouter(deps));
  app.route('/api/forms', createFormsRouter(deps));
  app.route('/api/forms', createSubmissionsRouter(deps));
  app.route('/api/forms', createExportsRouter(deps));
  app.route('/api/forms', createSummaryRouter(deps));
  app.route('/api/files', createFilesRouter(deps));
  app.route('/api/folders', createFoldersRouter(deps));
  app.route('/api/shares', createSharesRouter(deps));
  app.route(SHARE_PAGE_PREFIX.slice(0, -1), createSharePageRouter(deps));
  app.route(UPLOADS_PATH, createUploadsRouter(deps));
  registerUploadsOpenApi(app.openAPIRegistry);
  const paymentFetch = selfRoutingFetch(deps.env, app);
  const providers = createPaymentProviders(deps.env, paymentFetch);
  app.route('/api/payments', createPaymentsRouter(deps, providers));
  if (providers.testMode) {
    app.route(SIMULATOR_BASE_PATH, createSimulatorRouter(deps, paymentFetch, webhookHashOf(deps.env)!));
  }

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'NGO Portal API', version: '1.0.0', description: 'The API behind the NGO Portal PWA.' },
  });

  app.notFound((c) =>
    c.req.path.startsWith('/api')
      ? c.json({ message: 'Not found.', code: 'not_found' }, 404)
      : c.text('Not found', 404),
  );
  app.onError((err, c) => errorResponse(c, err, deps.logger));

  if (options.serveClient) mountClient(app, deps.env.CLIENT_DIST_DIR, deps.logger);
  return app;
}
export type App = ReturnType<typeof createApp>;
