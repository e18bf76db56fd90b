import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_LETTER_TEMPLATE,
  type DocumentSettings,
  type documentSettingsChange,
} from '../../../contract/documents';
import type { DbExecutor } from '../../db';
import { documentSettings, files } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import { recordAudit } from '../../services/audit';
import type { DocumentCaller } from './documents.service';

/*
 * The NGO's document settings (issue 15): the letter template, the default signer and the logo. One
 * row per NGO once saved; the defaults until then.
 */

const defaultSettings: DocumentSettings = {
  letterTemplate: DEFAULT_LETTER_TEMPLATE,
  signerName: '',
  signerTitle: '',
  logoFileId: null,
  updatedAt: null,
};

/** The NGO's document settings; the defaults until its admins save some. */
export async function getDocumentSettings(db: DbExecutor, ngoId: string): Promise<DocumentSettings> {
  const [row] = await db.select().from(documentSettings).where(eq(documentSettings.ngoId, ngoId)).limit(1);
  if (!row) return defaultSettings;
  return {
    letterTemplate: row.letterTemplate,
    signerName: row.signerName,
    signerTitle: row.signerTitle,
    logoFileId: row.logoFileId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Logos the PDF can draw (pdf-lib embeds these two). */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
const isLogoType = (type: string): type is (typeof LOGO_TYPES)[number] =>
  (LOGO_TYPES as readonly string[]).includes(type);

/** A live PNG or JPEG file of the NGO's storage, or a 400 naming `logoFileId`. */
async function assertLogo(db: DbExecutor, ngoId: string, fileId: string) {
  const [file] = await db
    .select({ contentType: files.contentType, deletedAt: files.deletedAt })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ngoId, ngoId)))
    .limit(1);
  let message: string | undefined;
  if (!file || file.deletedAt)
    message = 'Choose a file of your organisation’s storage (not one in the trash).';
  else if (!isLogoType(file.contentType)) message = 'The logo must be a PNG or JPEG picture.';
  if (message) throw new ApiError(400, message, { fields: { logoFileId: message } });
}

export type SettingsInput = z.output<typeof documentSettingsChange>;

/** PUT /api/documents/settings: saved whole, audited with the fields that changed. */
export async function saveDocumentSettings(
  db: DbExecutor,
  caller: DocumentCaller,
  input: SettingsInput,
): Promise<DocumentSettings> {
  const ngoId = caller.tenant.ngoId;
  await db.transaction(async (tx) => {
    if (input.logoFileId) await assertLogo(tx, ngoId, input.logoFileId);
    const before = await getDocumentSettings(tx, ngoId);
    const values = {
      letterTemplate: input.letterTemplate,
      signerName: input.signerName,
      signerTitle: input.signerTitle,
      logoFileId: input.logoFileId,
    };
    await tx
      .insert(documentSettings)
      .values({ ngoId, ...values, updatedBy: caller.id })
      .onConflictDoUpdate({
        target: documentSettings.ngoId,
        set: { ...values, updatedBy: caller.id, updatedAt: sql`now()` },
      });
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => before[k] !== values[k]);
    await recordAudit(tx, {
      ngoId,
      actorId: caller.id,
      action: 'document.settings_changed',
      targetType: 'document_settings',
      targetId: ngoId,
      details: {
        changed,
        ...(changed.includes('signerName') && {
          signerName: { from: before.signerName, to: values.signerName },
        }),
        ...(changed.includes('logoFileId') && {
          logoFileId: { from: before.logoFileId, to: values.logoFileId },
        }),
      },
    });
  });
  return getDocumentSettings(db, ngoId);
}

/** The stored logo of the NGO's settings, if it is still a live PNG or JPEG of its storage. */
export async function logoFileOf(db: DbExecutor, ngoId: string) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(documentSettings)
    .innerJoin(files, eq(files.id, documentSettings.logoFileId))
    .where(and(eq(documentSettings.ngoId, ngoId), eq(files.ngoId, ngoId), sql`${files.deletedAt} is null`))
    .limit(1);
  if (!row || !isLogoType(row.contentType)) return undefined;
  return { storageKey: row.storageKey, contentType: row.contentType };
}
