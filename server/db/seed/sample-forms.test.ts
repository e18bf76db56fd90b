import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../../contract/forms/engine/expressions';
import { createFormEngine } from '../../../contract/forms/engine/form-engine';
import { validateAnswers } from '../../../contract/forms/engine/validate';
import { nodeXPathHost } from '../../services/forms/node-xpath-host';
import { sampleWaterSurvey } from './sample-forms';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../testing/test-app';
import { forms, formSubmissions } from '../schema';
import { seedDemoData } from '.';

describe('the sample form', () => {
  it('is a form the engine publishes, and every seeded response is one it accepts', async () => {
    const host = nodeXPathHost();
    expect(checkDefinition(sampleWaterSurvey, host)).toEqual([]);
    const t = await createTestApp();
    try {
      await seedDemoData(t.db);
      const [form] = await t.db.select().from(forms);
      expect(form).toMatchObject({ title: sampleWaterSurvey.title, status: 'open', publishedVersion: 1 });
      const rows = await t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, form!.id));
      expect(rows).toHaveLength(form!.responseCount);
      const engine = createFormEngine(sampleWaterSurvey, host);
      for (const row of rows) {
        const checked = validateAnswers(engine, row.answers, { now: new Date() });
        expect(checked).toEqual({ ok: true, answers: expect.any(Object) });
      }
      // Seeding again adds nothing.
      await seedDemoData(t.db);
      expect(await t.db.select().from(forms)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
