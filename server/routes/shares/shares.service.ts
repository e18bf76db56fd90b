import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { can } from '../../../contract/permissions';
import type { ShareLink } from '../../../contract/shares';
import type { DbExecutor } from '../../db';
import { fileShares, files, ngos, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { hashPassword, timingSafeDummyVerify, verifyPassword } from '../../services/auth/passwords';
import { newId } from '../../services/ids';
import type { Caller } from '../files/files.service';

/*
 * Share links (issue 13, contract/shares.ts). The token is 32 random bytes (base64url, 43
 * characters); only its SHA-256 is stored, so the database alone opens nothing. Every write is of the
 * caller's own NGO, SUPER_ADMIN included (services/auth/tenant-scope.ts).
 */

const shareNotFound = () => new ApiError(404, 'Share link not found.');

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A plausible token: what the public routes accept before touching the database. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

const linkColumns = {
  id: fileShares.id,
  fileId: fileShares.fileId,
  createdBy: fileShares.createdBy,
  createdByName: users.name,
  createdAt: fileShares.createdAt,
  expiresAt: fileShares.expiresAt,
  passwordHash: fileShares.passwordHash,
  downloads: fileShares.downloads,
  lastDownloadAt: fileShares.lastDownloadAt,
  revokedAt: fileShares.revokedAt,
};
interface LinkRow {
  id: string;
  fileId: string;
  createdBy: string;
  createdByName: string;
  createdAt: Date;
  expiresAt: Date | null;
  passwordHash: string | null;
  downloads: number;
  lastDownloadAt: Date | null;
  revokedAt: Date | null;
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function linkOf(row: LinkRow): ShareLink {
  return {
    id: row.id,
    fileId: row.fileId,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: isoOrNull(row.expiresAt),
    hasPassword: row.passwordHash !== null,
    downloads: row.downloads,
    lastDownloadAt: isoOrNull(row.lastDownloadAt),
    revokedAt: isoOrNull(row.revokedAt),
  };
}

async function linkById(db: DbExecutor, ngoId: string, shareId: string): Promise<ShareLink> {
  const [row] = await db
    .select(linkColumns)
    .from(fileShares)
    .innerJoin(users, eq(users.id, fileShares.createdBy))
    .where(and(eq(fileShares.id, shareId), eq(fileShares.ngoId, ngoId)))
    .limit(1);
  if (!row) throw shareNotFound();
  return linkOf(row);
}

/** A live file of the caller's own NGO (a file in the trash cannot be shared). */
async function ownLiveFile(db: DbExecutor, caller: Caller, fileId: string) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), caller.tenant.ownedBy(files.ngoId), isNull(files.deletedAt)))
    .limit(1);
  if (!row) throw new ApiError(404, 'File not found.');
}

export interface NewShare {
  fileId: string;
  expiresAt?: string | null;
  password?: string;
}

/** Makes a link; the token is returned this once and never stored. */
export async function createShare(
  db: DbExecutor,
  caller: Caller,
  input: NewShare,
): Promise<{ link: ShareLink; token: string }> {
  await ownLiveFile(db, caller, input.fileId);
  const token = randomBytes(32).toString('base64url');
  const id = newId();
  await db.insert(fileShares).values({
    id,
    ngoId: caller.tenant.ngoId,
    fileId: input.fileId,
    tokenHash: tokenHashOf(token),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    createdBy: caller.userId,
  });
  return { link: await linkById(db, caller.tenant.ngoId, id), token };
}

/** A file's links, newest first, the revoked and ended ones included. */
export async function listShares(db: DbExecutor, caller: Caller, fileId: string): Promise<ShareLink[]> {
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), caller.tenant.ownedBy(files.ngoId)))
    .limit(1);
  if (!file) throw new ApiError(404, 'File not found.');
  const rows = await db
    .select(linkColumns)
    .from(fileShares)
    .innerJoin(users, eq(users.id, fileShares.createdBy))
    .where(and(eq(fileShares.fileId, fileId), eq(fileShares.ngoId, caller.tenant.ngoId)))
    .orderBy(desc(fileShares.createdAt), desc(fileShares.id));
  return rows.map(linkOf);
}

/** Revokes a link: its maker, or whoever manages the NGO's files. Revoking twice changes nothing. */
export async function revokeShare(db: DbExecutor, caller: Caller, shareId: string): Promise<ShareLink> {
  const link = await linkById(db, caller.tenant.ngoId, shareId);
  if (link.createdBy !== caller.userId && !can(caller.role, 'files:manage'))
    throw new ApiError(403, 'Only who made this link or an NGO admin can revoke it.');
  await db
    .update(fileShares)
    .set({ revokedAt: sql`coalesce(${fileShares.revokedAt}, now())` })
    .where(eq(fileShares.id, shareId));
  return linkById(db, caller.tenant.ngoId, shareId);
}

/** What the public page shows and downloads: a link that opens now, and its live file. */
export interface OpenShare {
  shareId: string;
  passwordHash: string | null;
  expiresAt: Date | null;
  ngoName: string;
  file: { name: string; sizeBytes: number; contentType: string; sha256: string; storageKey: string };
}

/** The link a token names, if it opens now: unknown, revoked, ended and trashed all answer null. */
export async function openShare(db: DbExecutor, token: string): Promise<OpenShare | null> {
  if (!looksLikeToken(token)) return null;
  const [row] = await db
    .select({
      shareId: fileShares.id,
      passwordHash: fileShares.passwordHash,
      expiresAt: fileShares.expiresAt,
      ngoName: ngos.name,
      file: {
        name: files.name,
        sizeBytes: files.sizeBytes,
        contentType: files.contentType,
        sha256: files.sha256,
        storageKey: files.storageKey,
      },
    })
    .from(fileShares)
    .innerJoin(files, eq(files.id, fileShares.fileId))
    .innerJoin(ngos, eq(ngos.id, fileShares.ngoId))
    .where(
      and(
        eq(fileShares.tokenHash, tokenHashOf(token)),
        isNull(fileShares.revokedAt),
        isNull(files.deletedAt),
        sql`(${fileShares.expiresAt} is null or ${fileShares.expiresAt} > now())`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether `password` opens the link; a link without one opens for anyone. Same time either way. */
export async function passwordOpens(share: OpenShare, password: string): Promise<boolean> {
  if (!share.passwordHash) return true;
  if (!password) return timingSafeDummyVerify('');
  return verifyPassword(share.passwordHash, password);
}

export async function countDownload(db: DbExecutor, shareId: string): Promise<void> {
  await db
    .update(fileShares)
    .set({ downloads: sql`${fileShares.downloads} + 1`, lastDownloadAt: sql`now()` })
    .where(eq(fileShares.id, shareId));
}
