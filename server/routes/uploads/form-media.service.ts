import { and, asc, eq, inArray } from 'drizzle-orm';
import { nameProblem } from '../../../contract/files';
import { INSTANCE_ID_PATTERN } from '../../../contract/forms/api';
import {
  FORM_MEDIA_METADATA,
  MEDIA_ALREADY_RECEIVED,
  MEDIA_PER_RESPONSE_MAX,
  mediaFileName,
} from '../../../contract/forms/media';
import { normalizeRole } from '../../../contract/roles';
import type { DbExecutor } from '../../db';
import { folders, formMedia, formSubmissions, forms, uploads, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { tenantOf } from '../../services/auth/tenant-scope';
import { mediaCountOf, namedMedia } from '../../services/forms/response-media';
import { newId } from '../../services/ids';
import { isLivePlace, lockPlace, type Caller } from '../files/files.service';
import { formClosed, formNotFound } from '../forms/form-errors';
import { createUpload, freeNameIn, releaseUpload, type UploadRow } from './uploads.service';

/*
 * A response's file as a tus upload (contract/forms/media.ts). The public fill link has no account, so
 * the open form is the permission, and the upload acts for the form's NGO as the form's creator (or,
 * when that account is gone, one of the NGO's admins): the file is theirs in Cloud Storage, in the
 * form's own folder, and counts against the NGO's quota like any upload.
 */

export interface FormMediaTarget {
  formId: string;
  instanceId: string;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'Some fields are invalid.', { code: 'validation_failed', fields: { [field]: message } });

/** Upload-Metadata's formId and instanceId: undefined for an ordinary upload, 400 when malformed. */
export function formMediaTargetOf(metadata: Record<string, string | null>): FormMediaTarget | undefined {
  if (!Object.hasOwn(metadata, FORM_MEDIA_METADATA.formId)) return undefined;
  const formId = metadata[FORM_MEDIA_METADATA.formId]?.trim() ?? '';
  if (!/^[A-Za-z0-9]{1,64}$/.test(formId)) throw formNotFound();
  const instanceId = metadata[FORM_MEDIA_METADATA.instanceId]?.trim() ?? '';
  if (!INSTANCE_ID_PATTERN.test(instanceId)) throw invalid('instanceId', 'Instance id must be a UUID.');
  return { formId, instanceId };
}

const ADMIN_ROLES = ['NGO_ADMIN', 'ADMIN', 'admin'];

/** Who a form's uploads act as: its creator while a member of its NGO, else the NGO's first admin. */
export async function formCaller(
  db: DbExecutor,
  form: { ngoId: string; createdBy: string | null },
): Promise<Caller> {
  const member = { id: users.id, role: users.role };
  const [creator] = form.createdBy
    ? await db
        .select(member)
        .from(users)
        .where(and(eq(users.id, form.createdBy), eq(users.ngoId, form.ngoId)))
        .limit(1)
    : [];
  const [user] = creator
    ? [creator]
    : await db
        .select(member)
        .from(users)
        .where(and(eq(users.ngoId, form.ngoId), inArray(users.role, ADMIN_ROLES)))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(1);
  if (!user)
    throw new ApiError(
      409,
      'This form’s organisation has no administrator to keep its files. Ask the organisation to add one.',
      { code: 'form_owner_missing' },
    );
  const role = normalizeRole(user.role);
  return { tenant: tenantOf({ ngoId: form.ngoId, role }), userId: user.id, role };
}

/** The caller of a response's upload sent without a token; undefined when it is not a response's file. */
export async function formMediaCallerOf(db: DbExecutor, uploadId: string): Promise<Caller | undefined> {
  const [row] = await db
    .select({ ngoId: uploads.ngoId, userId: uploads.ownerId, role: users.role })
    .from(formMedia)
    .innerJoin(uploads, eq(uploads.id, formMedia.uploadId))
    .innerJoin(users, eq(users.id, uploads.ownerId))
    .where(eq(formMedia.uploadId, uploadId))
    .limit(1);
  if (!row) return undefined;
  const role = normalizeRole(row.role);
  return { tenant: tenantOf({ ngoId: row.ngoId, role }), userId: row.userId, role };
}

/** `<title> – responses`, made a valid item name whatever the title holds. */
export function mediaFolderName(title: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[/\\]/g, '-')
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .trim();
  const name = `${[...base].slice(0, 200).join('')} – responses`;
  return nameProblem('Name', name) ? 'Form responses' : name;
}

type LockedForm = { id: string; ngoId: string; title: string; mediaFolderId: string | null };

/** The form's media folder, made (again, when it was trashed or purged) at the root under a free name. */
async function mediaFolderOf(tx: DbExecutor, form: LockedForm, caller: Caller): Promise<string> {
  if (form.mediaFolderId && (await isLivePlace(tx, caller.tenant, form.mediaFolderId)))
    return form.mediaFolderId;
  await lockPlace(tx, form.ngoId, null);
  const name = await freeNameIn(tx, form.ngoId, null, mediaFolderName(form.title), 'folder');
  const id = newId();
  await tx.insert(folders).values({ id, ngoId: form.ngoId, parentId: null, name, createdBy: caller.userId });
  await tx.update(forms).set({ mediaFolderId: id }).where(eq(forms.id, form.id));
  return id;
}

const alreadyReceived = () =>
  new ApiError(409, 'This file of the response has already arrived.', { code: MEDIA_ALREADY_RECEIVED });

/** A response already stored must name the file among its media answers (400 otherwise). */
async function assertNamedBySubmission(tx: DbExecutor, target: FormMediaTarget, name: string) {
  const [submission] = await tx
    .select({ version: formSubmissions.version, answers: formSubmissions.answers })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, target.formId), eq(formSubmissions.instanceId, target.instanceId)))
    .limit(1);
  if (!submission) return;
  const named = await namedMedia(tx, target.formId, submission.version, submission.answers);
  if (!named.some((n) => mediaFileName(n) === name))
    throw invalid('filename', `This response names no file “${name}”.`);
}

export interface StartedFormMedia {
  row: UploadRow;
  caller: Caller;
  /** The earlier unfinished upload of the same file, ended here: its bytes are the caller's to discard. */
  replaced?: string;
}

/**
 * Starts the upload of a response's file, in one transaction with its form_media row, under the form
 * row's lock (so two first files of a form make one folder, and the per-response cap holds). As in
 * completion, a place is locked before an upload row and the quota row, and form_media last.
 */
export async function startFormMediaUpload(
  db: DbExecutor,
  target: FormMediaTarget,
  upload: { name: string; length: number },
  now = new Date(),
): Promise<StartedFormMedia> {
  return db.transaction(async (tx) => {
    const [form] = await tx
      .select({
        id: forms.id,
        ngoId: forms.ngoId,
        title: forms.title,
        status: forms.status,
        publishedVersion: forms.publishedVersion,
        createdBy: forms.createdBy,
        mediaFolderId: forms.mediaFolderId,
      })
      .from(forms)
      .where(eq(forms.id, target.formId))
      // Not FOR UPDATE: a response's insert (its foreign key) takes KEY SHARE on this row and must not wait.
      .for('no key update');
    if (!form || form.publishedVersion === null) throw formNotFound();
    if (form.status !== 'open') throw formClosed();
    const caller = await formCaller(tx, form);
    const sameFile = and(
      eq(formMedia.formId, target.formId),
      eq(formMedia.instanceId, target.instanceId),
      eq(formMedia.name, upload.name),
    );
    const [existing] = await tx.select().from(formMedia).where(sameFile).limit(1);
    if (existing?.fileId) throw alreadyReceived();
    if (!existing && (await mediaCountOf(tx, target.formId, target.instanceId)) >= MEDIA_PER_RESPONSE_MAX)
      throw new ApiError(
        400,
        `A response holds at most ${MEDIA_PER_RESPONSE_MAX} files, and this one has that many already.`,
        { code: 'too_many_media' },
      );
    await assertNamedBySubmission(tx, target, upload.name);
    const folderId = await mediaFolderOf(tx, form, caller);
    let replaced: string | undefined;
    if (existing) {
      const [earlier] = await tx
        .select({ completedAt: uploads.completedAt })
        .from(uploads)
        .where(eq(uploads.id, existing.uploadId))
        .for('update');
      // The earlier upload may have completed while this request waited for its lock.
      const [fresh] = await tx.select({ fileId: formMedia.fileId }).from(formMedia).where(sameFile);
      if (fresh?.fileId) throw alreadyReceived();
      if (earlier && !earlier.completedAt) {
        await releaseUpload(tx, existing.uploadId);
        replaced = existing.uploadId;
      }
    }
    const row = await createUpload(tx, caller, { name: upload.name, folderId, length: upload.length }, now);
    if (existing) await tx.update(formMedia).set({ uploadId: row.id }).where(eq(formMedia.id, existing.id));
    else
      await tx.insert(formMedia).values({
        id: newId(),
        ngoId: form.ngoId,
        formId: form.id,
        instanceId: target.instanceId,
        name: upload.name,
        uploadId: row.id,
        createdAt: now,
      });
    return { row, caller, ...(replaced && { replaced }) };
  });
}
