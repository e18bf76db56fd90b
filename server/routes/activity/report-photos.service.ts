import { and, eq, isNull, sql } from 'drizzle-orm';
import { activityErrorCodes, type ActivityReport } from '../../../contract/activity-reports';
import type { DbExecutor } from '../../db';
import { activityReportPhotos, activityReports, folders } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { newId } from '../../services/ids';
import type { FileStorage } from '../../services/storage/file-storage';
import { sniffContentType } from '../../services/storage/inspect-bytes';
import { lockPlace, purgeItem, trashItem, uploadSmallFile, type Caller } from '../files/files.service';
import { freeNameIn } from '../uploads/uploads.service';
import { reportJson, reportNotFound, type ActivityCaller } from './activity-reports.service';

/*
 * A report's photo (contract/activity-reports.ts): sent by its author once the report is stored, as one
 * request of raw bytes, and kept as a file of the NGO's Cloud Storage (quota, sniffing and
 * whole-or-nothing of the file layer) in the folder 'Activity reports' at the root.
 */

export const PHOTO_FOLDER_NAME = 'Activity reports';
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The NGO's photo folder: the live root folder of that name, else made now (its owner: the uploader). */
export async function photoFolderOf(db: DbExecutor, caller: Caller): Promise<string> {
  const ngoId = caller.tenant.ngoId;
  const find = async (tx: DbExecutor) => {
    const [row] = await tx
      .select({ id: folders.id })
      .from(folders)
      .where(
        and(
          eq(folders.ngoId, ngoId),
          isNull(folders.parentId),
          eq(folders.name, PHOTO_FOLDER_NAME),
          isNull(folders.deletedAt),
        ),
      )
      .limit(1);
    return row?.id;
  };
  const found = await find(db);
  if (found) return found;
  return db.transaction(async (tx) => {
    // Under the root's lock, so two first photos of an NGO make one folder.
    await lockPlace(tx, ngoId, null);
    const again = await find(tx);
    if (again) return again;
    const name = await freeNameIn(tx, ngoId, null, PHOTO_FOLDER_NAME, 'folder');
    const id = newId();
    await tx.insert(folders).values({ id, ngoId, parentId: null, name, createdBy: caller.userId });
    return id;
  });
}

export interface PhotoUpload {
  reportId: string;
  name: string;
  /** The Content-Length the client declared. */
  declared: number;
  /** Reads the body (at most 5 MB: app.ts's limit on this path). */
  readBody: () => Promise<ArrayBuffer>;
}

/**
 * PUT …/photos/{name}: stores the photo and answers the report, `created` false when it had already
 * arrived (the body is read and dropped, never stored twice). A report not sent yet, or another
 * volunteer's, is a 404; a name the report does not list, or bytes that are not a picture, a 400.
 */
export async function receivePhoto(
  db: DbExecutor,
  storage: FileStorage,
  caller: ActivityCaller,
  upload: PhotoUpload,
): Promise<{ report: ActivityReport; created: boolean }> {
  const [report] = await db
    .select({ date: activityReports.date, photoNames: activityReports.photoNames })
    .from(activityReports)
    .where(
      and(
        eq(activityReports.id, upload.reportId),
        caller.tenant.ownedBy(activityReports.ngoId),
        eq(activityReports.volunteerId, caller.id),
      ),
    )
    .limit(1);
  if (!report) throw reportNotFound();
  if (!report.photoNames.includes(upload.name))
    throw new ApiError(400, `This report lists no photo “${upload.name}”.`, {
      code: activityErrorCodes.unknownPhoto,
      fields: { name: 'The report does not list this photo.' },
    });
  const received = async () => {
    const [row] = await db
      .select({ fileId: activityReportPhotos.fileId })
      .from(activityReportPhotos)
      .where(
        and(eq(activityReportPhotos.reportId, upload.reportId), eq(activityReportPhotos.name, upload.name)),
      )
      .limit(1);
    return row !== undefined;
  };
  const bytes = new Uint8Array(await upload.readBody());
  if (await received()) return { report: await reportJson(db, upload.reportId), created: false };

  if (bytes.length !== upload.declared)
    throw new ApiError(
      400,
      `The photo that arrived is not the ${upload.declared} bytes declared (Content-Length). Send it again.`,
      { code: 'upload_size_mismatch' },
    );
  // Refused before anything is stored: the file layer would keep any type.
  const type = await sniffContentType(bytes.subarray(0, 4100), false, upload.name);
  if (!PICTURE_TYPES.has(type))
    throw new ApiError(400, 'Only JPEG, PNG or WebP pictures can be attached to a report.', {
      code: activityErrorCodes.photoType,
      fields: { name: 'This file is not a JPEG, PNG or WebP picture.' },
    });

  const fileCaller: Caller = { tenant: caller.tenant, userId: caller.id, role: caller.role };
  const folderId = await photoFolderOf(db, fileCaller);
  const name = await freeNameIn(db, caller.tenant.ngoId, folderId, `${report.date} ${upload.name}`);
  const file = await uploadSmallFile(db, storage, fileCaller, {
    name,
    folderId,
    declared: bytes.length,
    body: new Blob([bytes]).stream(),
  });
  const inserted = await db
    .insert(activityReportPhotos)
    .values({ reportId: upload.reportId, name: upload.name, fileId: file.id })
    .onConflictDoNothing()
    .returning({ fileId: activityReportPhotos.fileId });
  if (inserted.length === 0) {
    // The same photo sent twice at once: the other copy arrived first; this one is not kept.
    await trashItem(db, fileCaller, 'file', file.id);
    await purgeItem(db, storage, fileCaller, 'file', file.id);
    return { report: await reportJson(db, upload.reportId), created: false };
  }
  await db
    .update(activityReports)
    .set({ updatedAt: sql`now()` })
    .where(eq(activityReports.id, upload.reportId));
  return { report: await reportJson(db, upload.reportId), created: true };
}
