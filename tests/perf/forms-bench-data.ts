import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db';
import { forms, formVersions, users } from '../../server/db/schema';
import { sampleWaterSurvey } from '../../server/db/seed/sample-forms';
import { newId } from '../../server/services/ids';

/*
 * bench:forms's data folder, written before the server opens it (tests/e2e/support/bulk-grants.ts):
 * the demo seed, then many responses to the demo form with one SQL statement per batch (100,000 sends
 * through the API would take many minutes), and a copy of the demo form with a few (the baseline).
 */

/**
 * seedDemoData (server/db/seed), loaded at run time: a static import would bring the whole seed into
 * the tests' type-check, whose DOM lib rejects server/db/seed/sample-files.ts (a Blob of a Buffer).
 */
async function seedDemoData(db: Database): Promise<{ seeded: boolean }> {
  const seedModule: string = '../../server/db/seed/index.ts';
  const seed = (await import(seedModule)) as { seedDemoData(db: Database): Promise<{ seeded: boolean }> };
  return seed.seedDemoData(db);
}

export const BASELINE_TITLE = 'Household water access survey (bench baseline)';

/**
 * `count` responses of the demo survey, varied (village, name, household size, water source with its
 * skip logic, treatments, 0–3 children, a point, submitter, review state), received every 20 s back
 * from now, so they interleave with the seeded ones.
 */
async function insertResponses(
  db: Database,
  ids: { form: string; ngo: string; volunteer: string; prefix: string },
  count: number,
) {
  const { form: formId, ngo: ngoId, volunteer: volunteerId } = ids;
  const BATCH = 20_000;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.execute(sql`
      insert into form_submissions
        (id, ngo_id, form_id, version, instance_id, body_hash, answers, submitted_by, submitted_at,
         received_at, updated_at, review_status)
      select
        ${ids.prefix} || lpad(g::text, 20, '0'),
        ${ngoId}, ${formId}, 1, gen_random_uuid()::text, 'bench',
        jsonb_strip_nulls(jsonb_build_object(
          'village', (array['nyamata','gashora','juru','mayange','ruhuha'])[1 + g % 5],
          'respondent', (array['Aline','Eric','Diane','Jean','Claudine','Patrick','Esther','Innocent','Josiane'])[1 + g % 9]
            || ' ' || chr(65 + (g * 7) % 26) || '.',
          'household_size', (2 + (g * 13) % 8)::text,
          'water_source', (array['piped','public_tap','borehole','surface'])[1 + (g * 3) % 4],
          'minutes_to_water', case when (g * 3) % 4 = 0 then null else (5 + (g * 11) % 86)::text end,
          'treatment', (array['', 'boil', 'chlorine', 'boil filter', 'chlorine filter'])[1 + (g / 3) % 5],
          'children', coalesce((
            select jsonb_agg(jsonb_build_object(
              'child_age', ((g + k) % 6)::text,
              'diarrhoea', case when (g + k) % 5 = 0 then 'yes' else 'no' end))
            from generate_series(1, g % 4) k), '[]'::jsonb),
          'location', to_char(-2.15 - (g % 2000) / 10000.0, 'FM0.00000') || ' '
            || to_char(30.05 + (g % 2500) / 10000.0, 'FM00.00000') || ' 1400 ' || (4 + g % 21)::text
        )),
        case when g % 3 = 0 then ${volunteerId} else null end,
        now() - g * interval '20 seconds' - interval '5 minutes',
        now() - g * interval '20 seconds',
        now() - g * interval '20 seconds',
        case when g % 10 = 0 then 'approved' when g % 37 = 0 then 'rejected' else 'received' end
      from generate_series(${from}::int, ${to}::int) g`);
    console.log(`  ${to.toLocaleString('en')} responses written …`);
  }
  await db
    .update(forms)
    .set({ responseCount: sql`${forms.responseCount} + ${count}`, lastSubmissionAt: new Date() })
    .where(eq(forms.id, formId));
}

/**
 * Migrates and seeds the demo into `dataDir`, adds `count` responses to the demo form and a published
 * copy of it holding `baselineCount`. Answers the two forms' ids.
 */
export async function writeFormsBenchData(
  dataDir: string,
  count: number,
  baselineCount: number,
): Promise<{ demoFormId: string; baselineFormId: string }> {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    const db = handle.db;
    const [demo] = await db
      .select({ id: forms.id, ngoId: forms.ngoId })
      .from(forms)
      .where(eq(forms.title, sampleWaterSurvey.title))
      .limit(1);
    const [volunteer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'volunteer@demo.ngo'))
      .limit(1);
    if (!demo || !volunteer) throw new Error('The demo seed has no sample form or volunteer.');
    const baselineFormId = newId();
    const definition = { ...sampleWaterSurvey, title: BASELINE_TITLE };
    await db.insert(forms).values({
      id: baselineFormId,
      ngoId: demo.ngoId,
      title: BASELINE_TITLE,
      status: 'open',
      draft: definition,
      publishedVersion: 1,
    });
    await db.insert(formVersions).values({ formId: baselineFormId, version: 1, definition });
    const common = { ngo: demo.ngoId, volunteer: volunteer.id };
    await insertResponses(db, { ...common, form: baselineFormId, prefix: 'benchb' }, baselineCount);
    await insertResponses(db, { ...common, form: demo.id, prefix: 'bencha' }, count);
    return { demoFormId: demo.id, baselineFormId };
  } finally {
    await handle.close();
  }
}
