import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FormDetail, FormStatus, FormSummary, PublicFormDefinition } from '../../../contract/forms/api';
import { walkQuestions, type FormDefinition } from '../../../contract/forms/definition';
import type { DbExecutor } from '../../db';
import { forms, formVersions, ngos } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';
import { definitionProblems } from '../../services/forms/form-engines';
import { newId } from '../../services/ids';

type FormRow = typeof forms.$inferSelect;

const notFound = () => new ApiError(404, 'Form not found.');

const questionCount = (definition: FormDefinition) => {
  let n = 0;
  for (const { question } of walkQuestions(definition.questions))
    if (question.type !== 'group' && question.type !== 'repeat') n++;
  return n;
};

/** Key order does not matter to a definition: compared as canonical JSON. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function toSummary(row: FormRow, published: FormDefinition | null): FormSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status as FormStatus,
    publishedVersion: row.publishedVersion,
    hasUnpublishedChanges: !published || canonicalJson(published) !== canonicalJson(row.draft),
    questionCount: questionCount(row.draft),
    responseCount: row.responseCount,
    lastSubmissionAt: row.lastSubmissionAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function publishedDefinitions(db: DbExecutor, rows: FormRow[]) {
  const wanted = rows.filter((r) => r.publishedVersion !== null);
  const map = new Map<string, FormDefinition>();
  if (wanted.length === 0) return map;
  const versions = await db
    .select({ formId: formVersions.formId, definition: formVersions.definition })
    .from(formVersions)
    .innerJoin(
      forms,
      and(eq(forms.id, formVersions.formId), eq(forms.publishedVersion, formVersions.version)),
    )
    .where(
      inArray(
        formVersions.formId,
        wanted.map((r) => r.id),
      ),
    );
  for (const v of versions) map.set(v.formId, v.definition);
  return map;
}

/** The NGO's forms, most recently changed first. Volunteers see the published ones (they fill them). */
export async function listForms(db: DbExecutor, tenant: Tenant, role: string): Promise<FormSummary[]> {
  const rows = await db
    .select()
    .from(forms)
    .where(
      and(tenant.ownedBy(forms.ngoId), role === 'VOLUNTEER' ? sql`${forms.status} <> 'draft'` : undefined),
    )
    .orderBy(desc(forms.updatedAt), desc(forms.id));
  const published = await publishedDefinitions(db, rows);
  return rows.map((r) => toSummary(r, published.get(r.id) ?? null));
}

async function ownForm(db: DbExecutor, tenant: Tenant, formId: string, lock = false): Promise<FormRow> {
  const query = db
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), tenant.ownedBy(forms.ngoId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function detailOf(db: DbExecutor, row: FormRow): Promise<FormDetail> {
  const published = await publishedDefinitions(db, [row]);
  return { ...toSummary(row, published.get(row.id) ?? null), draft: row.draft };
}

/** A form of the caller's NGO (SUPER_ADMIN reads any by id). */
export async function getForm(db: DbExecutor, tenant: Tenant, formId: string): Promise<FormDetail> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), tenant.readable(forms.ngoId)))
    .limit(1);
  if (!row) throw notFound();
  return detailOf(db, row);
}

export async function createForm(
  db: DbExecutor,
  tenant: Tenant,
  userId: string,
  definition: FormDefinition,
): Promise<FormDetail> {
  const now = new Date();
  const [row] = await db
    .insert(forms)
    .values({
      id: newId(),
      ngoId: tenant.ngoId,
      title: definition.title,
      draft: definition,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return detailOf(db, row!);
}

export async function saveDraft(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  definition: FormDefinition,
): Promise<FormDetail> {
  await ownForm(db, tenant, formId, true);
  const [row] = await db
    .update(forms)
    .set({ draft: definition, title: definition.title, updatedAt: new Date() })
    .where(eq(forms.id, formId))
    .returning();
  return detailOf(db, row!);
}

/**
 * Publishes the draft: a new version when it differs from the last one, and the form opens. A draft
 * the engine finds fault with (an unknown reference, a missing list) is refused with every problem.
 */
export async function publishForm(
  db: DbExecutor,
  tenant: Tenant,
  userId: string,
  formId: string,
): Promise<FormDetail> {
  const row = await ownForm(db, tenant, formId, true);
  const problems = await definitionProblems(row.draft);
  if (problems.length > 0)
    throw new ApiError(400, 'The form has problems to fix before it can be published.', {
      code: 'form_invalid',
      fields: Object.fromEntries(problems.map((p) => [[...p.path, p.field].join('.'), p.message])),
    });
  const published = (await publishedDefinitions(db, [row])).get(row.id);
  let version = row.publishedVersion;
  if (!published || canonicalJson(published) !== canonicalJson(row.draft)) {
    version = (row.publishedVersion ?? 0) + 1;
    await db
      .insert(formVersions)
      .values({ formId, version, definition: row.draft, publishedBy: userId, publishedAt: new Date() });
  }
  const [saved] = await db
    .update(forms)
    .set({ publishedVersion: version, status: 'open', updatedAt: new Date() })
    .where(eq(forms.id, formId))
    .returning();
  return detailOf(db, saved!);
}

/** Closes a published form (the fill link then refuses new responses) or opens it again. */
export async function setFormOpen(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  open: boolean,
): Promise<FormDetail> {
  const row = await ownForm(db, tenant, formId, true);
  if (row.publishedVersion === null)
    throw new ApiError(409, 'Publish the form first.', { code: 'form_not_published' });
  const [saved] = await db
    .update(forms)
    .set({ status: open ? 'open' : 'closed', updatedAt: new Date() })
    .where(eq(forms.id, formId))
    .returning();
  return detailOf(db, saved!);
}

/** Only a form without responses can go: one with responses is closed instead (nothing collected is lost). */
export async function deleteForm(db: DbExecutor, tenant: Tenant, formId: string): Promise<void> {
  const row = await ownForm(db, tenant, formId, true);
  if (row.responseCount > 0)
    throw new ApiError(409, 'This form has responses; close it instead of deleting it.', {
      code: 'form_has_responses',
    });
  await db.delete(forms).where(eq(forms.id, formId));
}

/** The published version as the fill page renders it; a form never published is not found. */
export async function getPublicDefinition(db: DbExecutor, formId: string): Promise<PublicFormDefinition> {
  const [row] = await db
    .select({
      status: forms.status,
      version: formVersions.version,
      definition: formVersions.definition,
      ngoName: ngos.name,
    })
    .from(forms)
    .innerJoin(
      formVersions,
      and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.publishedVersion)),
    )
    .innerJoin(ngos, eq(ngos.id, forms.ngoId))
    .where(eq(forms.id, formId))
    .limit(1);
  if (!row) throw notFound();
  return {
    formId,
    version: row.version,
    status: row.status as FormStatus,
    ngoName: row.ngoName,
    definition: row.definition,
  };
}
