import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { formSubmissions } from '../../db/schema';
import type { StoredFile } from '../../http/file-download';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { arrivedMedia, namedMedia } from '../../services/forms/response-media';
import { mediaFileName } from '../../../contract/forms/media';
import { readableForm } from './submissions.service';

/**
 * A response's file, for whoever may read the response (`ownOnly`: a volunteer, their own only), named
 * for download as its answer names it (its Cloud Storage name may carry a ` (2)` the folder needed).
 * 404 while the file has not arrived, while it is in Cloud Storage's trash, and for a name the response
 * does not hold.
 */
export async function responseMediaFile(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  submissionId: string,
  name: string,
  ownOnly: string | null,
): Promise<StoredFile> {
  await readableForm(db, tenant, formId);
  const [response] = await db
    .select({
      instanceId: formSubmissions.instanceId,
      version: formSubmissions.version,
      answers: formSubmissions.answers,
      submittedBy: formSubmissions.submittedBy,
    })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, submissionId), eq(formSubmissions.formId, formId)))
    .limit(1);
  if (!response || (ownOnly && response.submittedBy !== ownOnly))
    throw new ApiError(404, 'Response not found.');
  const file = await arrivedMedia(db, formId, response.instanceId, name);
  if (file?.trashed)
    throw new ApiError(404, 'This file is in Cloud Storage’s trash. Restore it there to see it here.', {
      code: 'media_trashed',
    });
  if (file) return { ...file, name: mediaFileName(name) };
  const named = await namedMedia(db, formId, response.version, response.answers);
  if (named.some((n) => mediaFileName(n) === mediaFileName(name)))
    throw new ApiError(404, 'This file of the response has not arrived yet.', { code: 'media_not_received' });
  throw new ApiError(404, 'This response names no such file.', { code: 'not_found' });
}
