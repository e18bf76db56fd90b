import { and, count, eq } from 'drizzle-orm';
import type { DbExecutor } from '..';
import { DEFAULT_LETTER_TEMPLATE } from '../../../contract/documents';
import { issueDocument } from '../../routes/documents/documents.service';
import { utcDay } from '../../routes/documents/document-text';
import { tenantOf } from '../../services/auth/tenant-scope';
import { documentSettings, users, volunteerDocuments } from '../schema';

/** The demo's document settings: the standard template, signed by the demo NGO admin. */
export const SAMPLE_DOCUMENT_SETTINGS = {
  letterTemplate: DEFAULT_LETTER_TEMPLATE,
  signerName: 'Nadia Uwase',
  signerTitle: 'Programme Director',
} as const;

async function demoUser(tx: DbExecutor, ngoId: string, email: string) {
  const [row] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.ngoId, ngoId), eq(users.email, email), eq(users.status, 'active')))
    .limit(1);
  return row;
}

/**
 * The demo's document settings (kept once saved) and one certificate for volunteer@demo.ngo covering
 * this calendar year so far, issued by ngoadmin@demo.ngo. It goes through the issuing path itself, so
 * its hours are the volunteer's approved minutes of the period as the sample activity left them: run
 * it after the activity seed. Added once: not while the demo NGO has any document (so one an admin
 * revoked stays revoked), and not when either account is missing or belongs to another organisation.
 */
export async function seedSampleDocuments(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const admin = await demoUser(tx, ngoId, 'ngoadmin@demo.ngo');
  if (admin) {
    await tx
      .insert(documentSettings)
      .values({ ngoId, ...SAMPLE_DOCUMENT_SETTINGS, updatedBy: admin.id, updatedAt: now })
      .onConflictDoNothing({ target: documentSettings.ngoId });
  }
  const [existing] = await tx
    .select({ n: count() })
    .from(volunteerDocuments)
    .where(eq(volunteerDocuments.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const volunteer = await demoUser(tx, ngoId, 'volunteer@demo.ngo');
  if (!admin || !volunteer) return false;
  const today = utcDay(now);
  await issueDocument(
    tx,
    { id: admin.id, role: admin.role, tenant: tenantOf({ ngoId, role: admin.role }) },
    {
      volunteerId: volunteer.id,
      kind: 'certificate',
      periodFrom: `${today.slice(0, 4)}-01-01`,
      periodTo: today,
    },
    now,
  );
  return true;
}
