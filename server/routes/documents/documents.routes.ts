import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  documentBulkIssue,
  documentBulkResult,
  documentIdParams,
  documentIssue,
  documentListQuery,
  documentRevoke,
  documentSettings,
  documentSettingsChange,
  documentVerification,
  issuedDocument,
  verifyCodeParams,
  type IssuedDocument,
} from '../../../contract/documents';
import { appUrlOf } from '../../http/app-url';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import { clientIp } from '../../http/client-ip';
import type { AppBindings, AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { pagedJson, pagedListResponses, splitPageQuery } from '../../http/paged-listing';
import { createRouter } from '../../http/router';
import { enforceRateLimits } from '../../services/rate-limit';
import { documentPdf } from './document-download';
import { getDocumentSettings, saveDocumentSettings } from './document-settings.service';
import {
  bulkIssueDocuments,
  getDocument,
  issueDocument,
  listDocumentsPage,
  revokeDocument,
  verifyDocument,
  type DocumentCaller,
} from './documents.service';

const tags = ['Certificates and letters'];

/** Public look-ups per IP per minute: a person checks a few codes; a script guessing codes is slowed. */
export const VERIFY_LIMIT_PER_MINUTE = 30;

const callerOf = (c: Context<AppBindings>): DocumentCaller => ({
  id: c.var.user.id,
  role: c.var.user.role,
  tenant: c.var.tenant,
});

const scope = ' Another organisation’s document, or for a VOLUNTEER one issued to someone else, answers 404.';
const issueNote =
  ' The figures printed are a snapshot taken now: the approved minutes of the period (every approved report ' +
  'whose day is in it, both ends included), the volunteer’s name and role, the organisation’s name, the ' +
  'signer (the body’s, else the settings’). A letter’s text is the settings’ template merged now.';

/** The routes of issue 15's documents. Authentication is per route: /verify/{code} is public. */
export function createDocumentsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const read = requirePermission('documents:read');
  const issue = requirePermission('documents:issue');
  const idem = idempotency();
  const trustProxy = deps.env.TRUST_PROXY === 'true';

  const verifyRoute = createRoute({
    method: 'get',
    path: '/verify/{code}',
    tags,
    summary: 'Public: whether a document is genuine, to whom it was issued, and its figures',
    description:
      'The page a document’s QR code opens. The code may be typed in any case, with or without its dash ' +
      '(I and L read as 1, O as 0). A code whose check symbol disagrees (a typo, a changed character) is a ' +
      '404 `code_mistyped`; a well-formed code no document has is a 404 `document_unknown`; a revoked ' +
      `document answers 200 with status \`revoked\`. Limited to ${VERIFY_LIMIT_PER_MINUTE} look-ups a ` +
      'minute per address (429 with Retry-After). Never cached.',
    request: { params: verifyCodeParams },
    responses: {
      200: jsonResponse(documentVerification, 'The document as issued, and whether it still stands'),
      ...errors(400, 404, 429),
    },
  });

  const getSettingsRoute = createRoute({
    method: 'get',
    path: '/settings',
    tags,
    summary: 'The organisation’s letter template, default signer and logo',
    description: 'The defaults (the standard template, no signer, no logo) until an admin saves them.',
    security: bearer,
    middleware: [auth, read] as const,
    responses: { 200: jsonResponse(documentSettings, 'The settings'), ...errors(401, 403) },
  });

  const putSettingsRoute = createRoute({
    method: 'put',
    path: '/settings',
    tags,
    summary: 'Change the letter template, default signer and logo (admins)',
    description:
      'Saved whole and audited (`document.settings_changed`). An unknown `{{field}}` in the template is a 400 ' +
      'naming `letterTemplate`; a logo that is not a live PNG or JPEG file of the organisation’s storage is a ' +
      '400 naming `logoFileId`. Documents already issued keep what they printed.',
    security: bearer,
    middleware: [auth, issue, idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(documentSettingsChange) },
    responses: {
      200: jsonResponse(documentSettings, 'The settings as saved'),
      ...errors(400, 401, 403),
      ...idempotentResponses,
    },
  });

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The organisation’s issued documents, newest first',
    description:
      'Filters: `volunteerId`, `kind`, `status`, and `q` (a name as printed, or a code). A VOLUNTEER gets only ' +
      'their own, whatever they filter. Always one page: `limit` 1 to 100 (default 25); `Next-Cursor` names ' +
      'the next page (absent on the last), sent back as `cursor` with the same filters. Never cached ' +
      '(`Cache-Control: private, no-store`).',
    security: bearer,
    middleware: [auth, read] as const,
    request: { query: documentListQuery },
    responses: {
      ...pagedListResponses(z.array(issuedDocument), 'One page of the documents'),
      ...errors(400, 401, 403),
    },
  });

  const issueRoute = createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Issue a certificate or a reference letter to one volunteer (admins)',
    description:
      'The volunteer must be an active VOLUNTEER of the caller’s organisation (else 400 naming `volunteerId`). ' +
      `A period with no approved hours is still issued (0 hours).${issueNote} Audited (\`document.issued\`).`,
    security: bearer,
    middleware: [auth, issue, idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(documentIssue) },
    responses: {
      201: jsonResponse(issuedDocument, 'The document as issued'),
      ...errors(400, 401, 403),
      ...idempotentResponses,
    },
  });

  const bulkRoute = createRoute({
    method: 'post',
    path: '/bulk',
    tags,
    summary:
      'Issue one to every active volunteer with at least `minHours` approved hours in the period (admins)',
    description:
      'One transaction. `skipped` counts the active volunteers below the threshold; a volunteer who already ' +
      'holds a valid document of that kind for exactly that period gets no other (`alreadyIssued`), so ' +
      `sending it again issues nothing twice.${issueNote}`,
    security: bearer,
    middleware: [auth, issue, idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(documentBulkIssue) },
    responses: {
      201: jsonResponse(documentBulkResult, 'What was issued, and who was not'),
      ...errors(400, 401, 403),
      ...idempotentResponses,
    },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/{documentId}',
    tags,
    summary: 'One issued document',
    description: scope.trim(),
    security: bearer,
    middleware: [auth, read] as const,
    request: { params: documentIdParams },
    responses: { 200: jsonResponse(issuedDocument, 'The document'), ...errors(400, 401, 403, 404) },
  });

  const pdfRoute = createRoute({
    method: 'get',
    path: '/{documentId}/pdf',
    tags,
    summary: 'The document as a one-page PDF (attachment)',
    description:
      'Drawn from the snapshot taken at issue, with the organisation’s logo (or its initials), the code and a ' +
      'QR code of the verification address. A revoked document still downloads, marked as revoked at the ' +
      'top. `Content-Disposition: attachment; filename="certificate-ABCDE-FGHJK.pdf"`, ' +
      `\`Cache-Control: private, no-store\`, \`X-Content-Type-Options: nosniff\`.${scope}`,
    security: bearer,
    middleware: [auth, read] as const,
    request: { params: documentIdParams },
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      },
      ...errors(400, 401, 403, 404),
    },
  });

  const revokeRoute = createRoute({
    method: 'post',
    path: '/{documentId}/revoke',
    tags,
    summary: 'Revoke a document, with a reason (admins)',
    description:
      'Its verification page then says revoked. Revoking it again answers it unchanged (200). Audited ' +
      '(`document.revoked`). Another organisation’s document answers 404.',
    security: bearer,
    middleware: [auth, issue, idem] as const,
    request: { headers: idempotencyKeyHeaders, params: documentIdParams, body: jsonBody(documentRevoke) },
    responses: {
      200: jsonResponse(issuedDocument, 'The document, revoked'),
      ...errors(400, 401, 403, 404),
      ...idempotentResponses,
    },
  });

  // Fixed paths (/verify, /settings, /bulk) before /{documentId}, so an id never shadows them.
  return createRouter()
    .openapi(verifyRoute, async (c) => {
      await enforceRateLimits(
        c.var.db,
        [
          {
            key: `document-verify:ip:${clientIp(c, trustProxy)}`,
            max: VERIFY_LIMIT_PER_MINUTE,
            windowSeconds: 60,
          },
        ],
        (wait) => `Too many verification look-ups. Try again in ${wait}.`,
      );
      const verification = await verifyDocument(c.var.db, c.req.valid('param').code);
      c.header('Cache-Control', 'no-store');
      return c.json(verification, 200);
    })
    .openapi(getSettingsRoute, async (c) =>
      c.json(await getDocumentSettings(c.var.db, c.var.tenant.ngoId), 200),
    )
    .openapi(putSettingsRoute, async (c) =>
      c.json(await saveDocumentSettings(c.var.db, callerOf(c), c.req.valid('json')), 200),
    )
    .openapi(listRoute, async (c) => {
      const { filters, page } = splitPageQuery(c.req.valid('query'));
      return pagedJson<IssuedDocument[]>(
        c,
        await listDocumentsPage(c.var.db, callerOf(c), filters, page ?? { limit: undefined }),
        PER_USER,
      );
    })
    .openapi(bulkRoute, async (c) =>
      c.json(await bulkIssueDocuments(c.var.db, callerOf(c), c.req.valid('json')), 201),
    )
    .openapi(issueRoute, async (c) =>
      c.json(await issueDocument(c.var.db, callerOf(c), c.req.valid('json')), 201),
    )
    .openapi(getRoute, async (c) => {
      const { ngoId: _, ...doc } = await getDocument(c.var.db, callerOf(c), c.req.valid('param').documentId);
      return c.json(doc, 200);
    })
    .openapi(pdfRoute, async (c) => {
      const { bytes, fileName } = await documentPdf(
        c.var.db,
        deps.storage,
        callerOf(c),
        c.req.valid('param').documentId,
        appUrlOf(c, deps.env),
      );
      // The PDF is typed by the OpenAPI document, not by Hono's JSON inference.
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': PER_USER,
        'X-Content-Type-Options': 'nosniff',
      }) as never;
    })
    .openapi(revokeRoute, async (c) =>
      c.json(
        await revokeDocument(
          c.var.db,
          callerOf(c),
          c.req.valid('param').documentId,
          c.req.valid('json').reason,
        ),
        200,
      ),
    );
}
