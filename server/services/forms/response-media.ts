import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Answers } from '../../../contract/forms/answers';
import type { Question } from '../../../contract/forms/definition';
import type { SubmissionMedia } from '../../../contract/forms/api';
import { mediaFileName, mediaNamesOf, mediaQuestionsOf } from '../../../contract/forms/media';
import type { DbExecutor } from '../../db';
import { files, folders, formMedia, formVersions } from '../../db/schema';
import { hasThumbnail } from '../storage/thumbnails';

/*
 * Which files a response names, and which of them have arrived (contract/forms/media.ts). A
 * published version never changes, so its media questions are kept per version here: a page of
 * responses then costs one query over form_media, whatever its versions.
 */

const MAX_VERSIONS = 500;
const mediaQuestionsByVersion = new Map<string, Question[]>();

/** The media questions (pruned tree) of each version asked for, read from form_versions on a miss. */
export async function mediaQuestionsOfVersions(
  db: DbExecutor,
  formId: string,
  versions: readonly number[],
): Promise<Map<number, Question[]>> {
  const found = new Map<number, Question[]>();
  const missing: number[] = [];
  for (const version of new Set(versions)) {
    const known = mediaQuestionsByVersion.get(`${formId}:${version}`);
    if (known) found.set(version, known);
    else missing.push(version);
  }
  if (missing.length) {
    const rows = await db
      .select({ version: formVersions.version, definition: formVersions.definition })
      .from(formVersions)
      .where(and(eq(formVersions.formId, formId), inArray(formVersions.version, missing)));
    for (const row of rows) {
      const questions = mediaQuestionsOf(row.definition.questions);
      found.set(row.version, questions);
      mediaQuestionsByVersion.set(`${formId}:${row.version}`, questions);
      if (mediaQuestionsByVersion.size > MAX_VERSIONS)
        mediaQuestionsByVersion.delete(mediaQuestionsByVersion.keys().next().value!);
    }
  }
  return found;
}

/**
 * Whether a response's file is in Cloud Storage's trash: the file itself, or the folder holding it (the
 * form's media folder, typically). A trashed file is not served with the response, and shows as such.
 */
const inTrash = sql<boolean>`(${files.deletedAt} is not null or ${folders.deletedAt} is not null)`;

/** The file names a response of `version` names in `answers`. */
export async function namedMedia(
  db: DbExecutor,
  formId: string,
  version: number,
  answers: Answers,
): Promise<string[]> {
  const questions = (await mediaQuestionsOfVersions(db, formId, [version])).get(version) ?? [];
  return mediaNamesOf(questions, answers);
}

export interface ResponseOfForm {
  instanceId: string;
  version: number;
  answers: Answers;
}

/**
 * The media of each response (of one form), in the responses' order: one entry per file name its
 * answers hold, received when the file has arrived. One query over form_media for all of them.
 */
export async function mediaOfResponses(
  db: DbExecutor,
  formId: string,
  responses: readonly ResponseOfForm[],
): Promise<SubmissionMedia[][]> {
  if (responses.length === 0) return [];
  const questions = await mediaQuestionsOfVersions(
    db,
    formId,
    responses.map((r) => r.version),
  );
  const names = responses.map((r) => mediaNamesOf(questions.get(r.version) ?? [], r.answers));
  const instances = [...new Set(responses.filter((_, i) => names[i]!.length).map((r) => r.instanceId))];
  const arrived = new Map<string, SubmissionMedia>();
  if (instances.length) {
    const rows = await db
      .select({
        instanceId: formMedia.instanceId,
        name: formMedia.name,
        contentType: files.contentType,
        sizeBytes: files.sizeBytes,
        storageKey: files.storageKey,
        trashed: inTrash,
      })
      .from(formMedia)
      .innerJoin(files, eq(files.id, formMedia.fileId))
      .leftJoin(folders, eq(folders.id, files.folderId))
      .where(and(eq(formMedia.formId, formId), inArray(formMedia.instanceId, instances)));
    for (const row of rows)
      arrived.set(`${row.instanceId}\n${row.name}`, {
        name: row.name,
        received: true,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
        hasThumbnail: !row.trashed && hasThumbnail(row),
        ...(row.trashed && { trashed: true }),
      });
  }
  return responses.map((r, i) =>
    names[i]!.map(
      (name) =>
        // The entry carries the answer's own spelling: that is what the client and the export know.
        ({
          ...(arrived.get(`${r.instanceId}\n${mediaFileName(name)}`) ?? awaited),
          name,
        }) satisfies SubmissionMedia,
    ),
  );
}

const awaited: Omit<SubmissionMedia, 'name'> = {
  received: false,
  contentType: null,
  sizeBytes: null,
  hasThumbnail: false,
};

/** A response's file that has arrived, with what serving it needs; undefined while it is awaited. */
export async function arrivedMedia(db: DbExecutor, formId: string, instanceId: string, name: string) {
  const [row] = await db
    .select({
      fileId: files.id,
      name: formMedia.name,
      sizeBytes: files.sizeBytes,
      contentType: files.contentType,
      sha256: files.sha256,
      storageKey: files.storageKey,
      trashed: inTrash,
    })
    .from(formMedia)
    .innerJoin(files, eq(files.id, formMedia.fileId))
    .leftJoin(folders, eq(folders.id, files.folderId))
    .where(
      and(
        eq(formMedia.formId, formId),
        eq(formMedia.instanceId, instanceId),
        eq(formMedia.name, mediaFileName(name)),
      ),
    )
    .limit(1);
  return row;
}

/** How many files an instance has started or received (the cap of MEDIA_PER_RESPONSE_MAX). */
export async function mediaCountOf(db: DbExecutor, formId: string, instanceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formMedia)
    .where(and(eq(formMedia.formId, formId), eq(formMedia.instanceId, instanceId)));
  return Number(row?.n ?? 0);
}
