import { and, desc, eq } from 'drizzle-orm';
import type { FormDefinition } from '../../../../contract/forms/definition';
import type { DbExecutor } from '../../../db';
import { forms, formVersions } from '../../../db/schema';
import { ApiError } from '../../api-error';
import type { Tenant } from '../../auth/tenant-scope';

export interface ExportForm {
  id: string;
  title: string;
  /** Every published version's definition, latest first; the draft alone when none is published yet. */
  definitions: FormDefinition[];
}

/** The form to export, as the caller may read it: another NGO's form is a 404, like a missing one. */
export async function loadExportForm(db: DbExecutor, tenant: Tenant, formId: string): Promise<ExportForm> {
  const [form] = await db
    .select({ id: forms.id, title: forms.title, draft: forms.draft })
    .from(forms)
    .where(and(eq(forms.id, formId), tenant.readable(forms.ngoId)))
    .limit(1);
  if (!form) throw new ApiError(404, 'Form not found.');
  const versions = await db
    .select({ definition: formVersions.definition })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version));
  return {
    id: form.id,
    title: form.title,
    definitions: versions.length > 0 ? versions.map((v) => v.definition) : [form.draft],
  };
}
