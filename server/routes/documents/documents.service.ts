import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  documentErrorCodes,
  isWellFormedCode,
  mergeLetter,
  normalizeCode,
  type DocumentBulkResult,
  type DocumentKind,
  type DocumentListQuery,
  type DocumentSettings,
  type DocumentVerification,
  type documentBulkIssue,
  type documentIssue,
  type IssuedDocument,
} from '../../../contract/documents';
import { memberRoleLabels, type MemberRole } from '../../../contract/members';
import type { PageQuery } from '../../../contract/paging';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { ngos, users, volunteerDocuments } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { recordAudit } from '../../services/audit';
import type { Tenant } from '../../services/auth/tenant-scope';
import { newId } from '../../services/ids';
import { readJsonPage, sortKey, type JsonPage } from '../../services/keyset-paging';
import { insertWithFreshCode } from './document-code';
import { getDocumentSettings } from './document-settings.service';
import { hoursText, longDay, periodText, utcDay } from './document-text';

/** The caller of a documents endpoint: who they are, their role, and their NGO. */
export interface DocumentCaller {
  id: string;
  role: string;
  tenant: Tenant;
}

export const documentNotFound = () => new ApiError(404, 'Document not found.');

/** A volunteer reads only their own documents; every other reader the NGO's. */
const isVolunteer = (caller: DocumentCaller) => normalizeRole(caller.role) === 'VOLUNTEER';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** One document as JSON text (contract issuedDocument), from `volunteer_documents e`. */
const documentItem = sql<string>`json_build_object(
  'id', e.id, 'kind', e.kind, 'code', e.code,
  'status', case when e.revoked_at is null then 'valid' else 'revoked' end,
  'volunteerId', e.volunteer_id, 'volunteerName', e.volunteer_name, 'role', e.role, 'ngoName', e.ngo_name,
  'periodFrom', to_char(e.period_from, 'YYYY-MM-DD'), 'periodTo', to_char(e.period_to, 'YYYY-MM-DD'),
  'minutes', e.minutes, 'signerName', e.signer_name, 'signerTitle', e.signer_title, 'body', e.body,
  'issuedById', e.issued_by, 'issuedByName', e.issued_by_name, 'issuedAt', ${iso('e.issued_at')},
  'revokedAt', case when e.revoked_at is null then null else ${iso('e.revoked_at')} end,
  'revokedReason', e.revoked_reason
)::text`;

/** Newest first: issued_at desc, then id desc (the index volunteer_documents_ngo_issued_idx). */
const documentKeys = [sortKey(sql`e.issued_at`, 'timestamptz', 'desc'), sortKey(sql`e.id`, 'text', 'desc')];

type DocumentFilters = Omit<DocumentListQuery, 'limit' | 'cursor'>;

/** One page of the caller's NGO's documents (a volunteer's: only their own, whatever they filter). */
export function listDocumentsPage(
  db: DbExecutor,
  caller: DocumentCaller,
  filters: DocumentFilters,
  page: PageQuery,
): Promise<JsonPage> {
  const volunteerId = isVolunteer(caller) ? caller.id : filters.volunteerId;
  const conditions: SQL[] = [sql`e.ngo_id = ${caller.tenant.ngoId}`];
  if (volunteerId) conditions.push(sql`e.volunteer_id = ${volunteerId}`);
  if (filters.kind) conditions.push(sql`e.kind = ${filters.kind}`);
  if (filters.status === 'valid') conditions.push(sql`e.revoked_at is null`);
  if (filters.status === 'revoked') conditions.push(sql`e.revoked_at is not null`);
  const q = filters.q?.trim().toLowerCase();
  // A part of the name as printed, or of the code as typed (with or without its dash), as the
  // client's documentMatcher narrows while it waits.
  const code = q?.toUpperCase().replace(/[\s-]/g, '');
  if (q) {
    const inCode = code ? sql` or strpos(e.code, ${code}) > 0` : sql``;
    conditions.push(sql`(strpos(lower(e.volunteer_name), ${q}) > 0${inCode})`);
  }
  return readJsonPage(
    db,
    {
      from: sql`volunteer_documents e`,
      where: sql.join(conditions, sql` and `),
      item: documentItem,
      keys: documentKeys,
    },
    {
      listing: 'documents',
      filters: {
        volunteerId,
        kind: filters.kind,
        status: filters.status,
        q: q || undefined,
        ngo: caller.tenant.ngoId,
      },
      page,
      reuse: false,
    },
  );
}

/** One document as the API answers it, by id, with no access check (callers check first). */
async function documentJson(db: DbExecutor, documentId: string): Promise<IssuedDocument> {
  const result = await db.execute<{ item: string }>(
    sql`select ${documentItem} as item from volunteer_documents e where e.id = ${documentId}`,
  );
  const item = result.rows[0]?.item;
  if (!item) throw documentNotFound();
  return JSON.parse(item) as IssuedDocument;
}

/** Reads are by `readable` (ADR 0020): another NGO's document, or for a volunteer another's, is a 404. */
export async function getDocument(
  db: DbExecutor,
  caller: DocumentCaller,
  documentId: string,
): Promise<IssuedDocument & { ngoId: string }> {
  const [row] = await db
    .select({ ngoId: volunteerDocuments.ngoId, volunteerId: volunteerDocuments.volunteerId })
    .from(volunteerDocuments)
    .where(and(eq(volunteerDocuments.id, documentId), caller.tenant.readable(volunteerDocuments.ngoId)))
    .limit(1);
  if (!row || (isVolunteer(caller) && row.volunteerId !== caller.id)) throw documentNotFound();
  return { ...(await documentJson(db, documentId)), ngoId: row.ngoId };
}

// ---------------------------------------------------------------------------------------------------
// Issuing

/**
 * The active volunteers of an NGO with their approved minutes in the period (the one definition of a
 * document's hours: every approved report whose day is in the period, both ends included), the task
 * titles of those reports, and whether they already hold a valid document of `kind` for exactly
 * that period. One aggregate query, read inside the issuing transaction.
 */
export async function volunteerFigures(
  db: DbExecutor,
  ngoId: string,
  period: { kind: DocumentKind; from: string; to: string },
  volunteerId?: string,
) {
  const result = await db.execute<{
    id: string;
    name: string;
    role: string;
    minutes: number;
    task_titles: string[] | null;
    already: boolean;
  }>(sql`
    select u.id, u.name, u.role,
      coalesce((
        select sum(r.minutes) from activity_reports r
        where r.ngo_id = u.ngo_id and r.volunteer_id = u.id and r.status = 'approved'
          and r.date between cast(${period.from} as date) and cast(${period.to} as date)
      ), 0)::int as minutes,
      (
        select array_agg(distinct t.title order by t.title) from activity_reports r
        join tasks t on t.id = r.task_id
        where r.ngo_id = u.ngo_id and r.volunteer_id = u.id and r.status = 'approved'
          and r.date between cast(${period.from} as date) and cast(${period.to} as date)
      ) as task_titles,
      exists (
        select 1 from volunteer_documents d
        where d.ngo_id = u.ngo_id and d.volunteer_id = u.id and d.kind = ${period.kind}
          and d.period_from = cast(${period.from} as date) and d.period_to = cast(${period.to} as date)
          and d.revoked_at is null
      ) as already
    from users u
    where u.ngo_id = ${ngoId} and u.role = 'VOLUNTEER' and u.status = 'active'
      ${volunteerId ? sql`and u.id = ${volunteerId}` : sql``}
    order by lower(u.name), u.id
  `);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    minutes: Number(r.minutes),
    taskTitles: r.task_titles ?? [],
    already: Boolean(r.already),
  }));
}
type Figures = Awaited<ReturnType<typeof volunteerFigures>>[number];

interface IssueContext {
  ngoId: string;
  ngoName: string;
  settings: DocumentSettings;
  issuer: { id: string; name: string };
  kind: DocumentKind;
  periodFrom: string;
  periodTo: string;
  signerName?: string;
  signerTitle?: string;
  now: Date;
}

async function issueContext(
  tx: DbExecutor,
  caller: DocumentCaller,
  input: Pick<IssueContext, 'kind' | 'periodFrom' | 'periodTo' | 'signerName' | 'signerTitle'>,
  now: Date,
): Promise<IssueContext> {
  const ngoId = caller.tenant.ngoId;
  const [ngo] = await tx.select({ name: ngos.name }).from(ngos).where(eq(ngos.id, ngoId)).limit(1);
  const [issuer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, caller.id)).limit(1);
  return {
    ...input,
    ngoId,
    ngoName: ngo?.name ?? '',
    settings: await getDocumentSettings(tx, ngoId),
    issuer: { id: caller.id, name: issuer?.name ?? '' },
    now,
  };
}

/** Writes one document: every printed figure is the snapshot taken here. */
async function issueOne(tx: DbExecutor, ctx: IssueContext, volunteer: Figures): Promise<string> {
  const role = memberRoleLabels[normalizeRole(volunteer.role) as MemberRole] ?? 'Volunteer';
  const signerName = ctx.signerName ?? ctx.settings.signerName;
  const signerTitle = ctx.signerTitle ?? ctx.settings.signerTitle;
  const body =
    ctx.kind === 'letter'
      ? mergeLetter(ctx.settings.letterTemplate, {
          name: volunteer.name,
          hours: hoursText(volunteer.minutes),
          period: periodText(ctx.periodFrom, ctx.periodTo),
          role,
          ngo: ctx.ngoName,
          date: longDay(utcDay(ctx.now)),
          tasks: volunteer.taskTitles.length ? volunteer.taskTitles.join(', ') : 'various activities',
        })
      : '';
  const id = newId();
  await insertWithFreshCode(tx, (sp, code) =>
    sp.insert(volunteerDocuments).values({
      id,
      ngoId: ctx.ngoId,
      volunteerId: volunteer.id,
      kind: ctx.kind,
      code,
      volunteerName: volunteer.name,
      role,
      ngoName: ctx.ngoName,
      periodFrom: ctx.periodFrom,
      periodTo: ctx.periodTo,
      minutes: volunteer.minutes,
      signerName,
      signerTitle,
      body,
      issuedBy: ctx.issuer.id,
      issuedByName: ctx.issuer.name,
      issuedAt: ctx.now,
    }),
  );
  await recordAudit(tx, {
    ngoId: ctx.ngoId,
    actorId: ctx.issuer.id,
    action: 'document.issued',
    targetType: 'document',
    targetId: id,
    details: {
      kind: ctx.kind,
      volunteerId: volunteer.id,
      volunteerName: volunteer.name,
      periodFrom: ctx.periodFrom,
      periodTo: ctx.periodTo,
      minutes: volunteer.minutes,
    },
  });
  return id;
}

export type IssueInput = z.output<typeof documentIssue>;

/**
 * POST /api/documents: one document for an active volunteer of the caller's NGO (else a 400 naming
 * `volunteerId`), its minutes read in the same transaction as the insert.
 */
export async function issueDocument(
  db: DbExecutor,
  caller: DocumentCaller,
  input: IssueInput,
  now = new Date(),
): Promise<IssuedDocument> {
  const id = await db.transaction(async (tx) => {
    const [volunteer] = await volunteerFigures(
      tx,
      caller.tenant.ngoId,
      { kind: input.kind, from: input.periodFrom, to: input.periodTo },
      input.volunteerId,
    );
    if (!volunteer) {
      const message = 'Choose an active volunteer of your organisation.';
      throw new ApiError(400, message, { fields: { volunteerId: message } });
    }
    return issueOne(tx, await issueContext(tx, caller, input, now), volunteer);
  });
  return documentJson(db, id);
}

export type BulkInput = z.output<typeof documentBulkIssue>;

/**
 * POST /api/documents/bulk: every active volunteer with at least `minHours` approved hours in the
 * period gets one, in one transaction; those below are `skipped`, those already holding a valid one
 * of the kind for exactly the period are `alreadyIssued`.
 */
export async function bulkIssueDocuments(
  db: DbExecutor,
  caller: DocumentCaller,
  input: BulkInput,
  now = new Date(),
): Promise<DocumentBulkResult> {
  const minMinutes = Math.ceil(input.minHours * 60);
  const outcome = await db.transaction(async (tx) => {
    // Two bulk issues at once (two admins, a retried request) wait for each other, so the second
    // sees the first's documents as alreadyIssued instead of issuing them again.
    await tx.execute(sql`select 1 from ngos where id = ${caller.tenant.ngoId} for update`);
    const all = await volunteerFigures(tx, caller.tenant.ngoId, {
      kind: input.kind,
      from: input.periodFrom,
      to: input.periodTo,
    });
    const eligible = all.filter((v) => v.minutes >= minMinutes);
    const ctx = await issueContext(tx, caller, input, now);
    const ids: string[] = [];
    for (const volunteer of eligible.filter((v) => !v.already)) ids.push(await issueOne(tx, ctx, volunteer));
    return {
      ids,
      skipped: all.length - eligible.length,
      alreadyIssued: eligible.filter((v) => v.already).length,
    };
  });
  const issued: IssuedDocument[] = [];
  for (const id of outcome.ids) issued.push(await documentJson(db, id));
  return { issued, skipped: outcome.skipped, alreadyIssued: outcome.alreadyIssued };
}

/** POST /api/documents/{id}/revoke: a revoked document is answered as it is (safe to send again). */
export async function revokeDocument(
  db: DbExecutor,
  caller: DocumentCaller,
  documentId: string,
  reason: string,
): Promise<IssuedDocument> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ revokedAt: volunteerDocuments.revokedAt })
      .from(volunteerDocuments)
      .where(and(eq(volunteerDocuments.id, documentId), caller.tenant.ownedBy(volunteerDocuments.ngoId)))
      .limit(1)
      .for('update');
    if (!row) throw documentNotFound();
    if (row.revokedAt) return;
    await tx
      .update(volunteerDocuments)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(eq(volunteerDocuments.id, documentId));
    await recordAudit(tx, {
      ngoId: caller.tenant.ngoId,
      actorId: caller.id,
      action: 'document.revoked',
      targetType: 'document',
      targetId: documentId,
      details: { reason },
    });
  });
  return documentJson(db, documentId);
}

// ---------------------------------------------------------------------------------------------------
// Public verification

/**
 * GET /api/documents/verify/{code}: what the public page shows. A code that is not well formed (a
 * typo, a changed character: its check symbol disagrees) is told apart from a well-formed one no
 * document has, both 404; a revoked document is a 200 saying so.
 */
export async function verifyDocument(db: DbExecutor, input: string): Promise<DocumentVerification> {
  const code = normalizeCode(input);
  if (!isWellFormedCode(code)) {
    throw new ApiError(404, 'This code is mistyped: check each character against the document.', {
      code: documentErrorCodes.codeMistyped,
    });
  }
  const [row] = await db.select().from(volunteerDocuments).where(eq(volunteerDocuments.code, code)).limit(1);
  if (!row)
    throw new ApiError(404, 'No document has this code.', { code: documentErrorCodes.documentUnknown });
  return {
    code: row.code,
    kind: row.kind as DocumentKind,
    status: row.revokedAt ? 'revoked' : 'valid',
    volunteerName: row.volunteerName,
    ngoName: row.ngoName,
    role: row.role,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    minutes: row.minutes,
    signerName: row.signerName,
    signerTitle: row.signerTitle,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
