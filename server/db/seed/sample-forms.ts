import { count, eq } from 'drizzle-orm';
import type { DbExecutor } from '..';
import type { Answers } from '../../../contract/forms/answers';
import type { FormDefinition } from '../../../contract/forms/definition';
import { forms, formSubmissions, formVersions, users } from '../schema';
import { newId } from '../../services/ids';
import { createRng } from './prng';

const DAY_MS = 86_400_000;

/**
 * The demo's published form: what a water project asks a household, with skip logic, a constraint,
 * a repeat, a multiple choice, a GPS point and two languages, so every part of the system has
 * something to show after `npm start`.
 */
export const sampleWaterSurvey: FormDefinition = {
  title: 'Household water access survey',
  languages: ['English (en)', 'Kinyarwanda (rw)'],
  instanceName: "concat(${village}, ' – ', ${respondent})",
  questions: [
    {
      name: 'village',
      type: 'select_one',
      listName: 'villages',
      label: { 'English (en)': 'Village', 'Kinyarwanda (rw)': 'Umudugudu' },
      required: 'true()',
    },
    {
      name: 'respondent',
      type: 'text',
      label: { 'English (en)': 'Name of the respondent', 'Kinyarwanda (rw)': 'Izina ry’ubajijwe' },
      required: 'true()',
      requiredMessage: { 'English (en)': 'Ask the respondent’s name.' },
    },
    {
      name: 'household_size',
      type: 'integer',
      label: {
        'English (en)': 'People living in the household',
        'Kinyarwanda (rw)': 'Abantu babana mu rugo',
      },
      required: 'true()',
      constraint: '. >= 1 and . <= 30',
      constraintMessage: { 'English (en)': 'A household has between 1 and 30 people.' },
    },
    {
      name: 'water_source',
      type: 'select_one',
      listName: 'sources',
      label: {
        'English (en)': 'Main source of drinking water',
        'Kinyarwanda (rw)': 'Aho bavoma amazi yo kunywa',
      },
      required: 'true()',
    },
    {
      name: 'minutes_to_water',
      type: 'integer',
      label: {
        'English (en)': 'Minutes to fetch water (there and back)',
        'Kinyarwanda (rw)': 'Iminota yo kuvoma (kugenda no kugaruka)',
      },
      relevant: "${water_source} != 'piped'",
      constraint: '. >= 0 and . <= 600',
    },
    {
      name: 'treatment',
      type: 'select_multiple',
      listName: 'treatments',
      label: { 'English (en)': 'How is the water treated?', 'Kinyarwanda (rw)': 'Amazi atunganywa ate?' },
    },
    {
      name: 'children',
      type: 'repeat',
      label: { 'English (en)': 'Children under five', 'Kinyarwanda (rw)': 'Abana bari munsi y’imyaka itanu' },
      children: [
        {
          name: 'child_age',
          type: 'integer',
          label: { 'English (en)': 'Age in years' },
          constraint: '. <= 5',
        },
        {
          name: 'diarrhoea',
          type: 'select_one',
          listName: 'yesno',
          label: { 'English (en)': 'Diarrhoea in the last two weeks?' },
        },
      ],
    },
    { name: 'location', type: 'geopoint', label: { 'English (en)': 'Location of the household' } },
    {
      name: 'water_point_photo',
      type: 'image',
      label: { 'English (en)': 'Photo of the water point', 'Kinyarwanda (rw)': 'Ifoto y’aho bavoma' },
      hint: { 'English (en)': 'Optional. It is made smaller on the phone before it is sent.' },
    },
  ],
  choices: {
    villages: ['Nyamata', 'Gashora', 'Juru', 'Mayange', 'Ruhuha'].map((v) => ({
      name: v.toLowerCase(),
      label: { 'English (en)': v, 'Kinyarwanda (rw)': v },
    })),
    sources: [
      {
        name: 'piped',
        label: { 'English (en)': 'Piped into the home', 'Kinyarwanda (rw)': 'Robine mu rugo' },
      },
      { name: 'public_tap', label: { 'English (en)': 'Public tap', 'Kinyarwanda (rw)': 'Ivomero rusange' } },
      { name: 'borehole', label: { 'English (en)': 'Borehole', 'Kinyarwanda (rw)': 'Iriba' } },
      {
        name: 'surface',
        label: { 'English (en)': 'River or lake', 'Kinyarwanda (rw)': 'Umugezi cyangwa ikiyaga' },
      },
    ],
    treatments: [
      { name: 'boil', label: { 'English (en)': 'Boiled' } },
      { name: 'chlorine', label: { 'English (en)': 'Chlorine' } },
      { name: 'filter', label: { 'English (en)': 'Filter' } },
    ],
    yesno: [
      { name: 'yes', label: { 'English (en)': 'Yes', 'Kinyarwanda (rw)': 'Yego' } },
      { name: 'no', label: { 'English (en)': 'No', 'Kinyarwanda (rw)': 'Oya' } },
    ],
  },
};

const FIRST_NAMES = [
  'Aline',
  'Eric',
  'Diane',
  'Jean',
  'Claudine',
  'Patrick',
  'Esther',
  'Innocent',
  'Josiane',
];

/** Deterministic answers that satisfy the survey's rules (the same engine would accept each). */
function sampleAnswers(i: number): Answers {
  const rng = createRng(1_404 + i);
  const source = rng.pick(['piped', 'public_tap', 'borehole', 'surface']);
  const kids = rng.int(0, 3);
  const answers: Answers = {
    village: rng.pick(['nyamata', 'gashora', 'juru', 'mayange', 'ruhuha']),
    respondent: `${rng.pick(FIRST_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}.`,
    household_size: String(rng.int(2, 9)),
    water_source: source,
    treatment: rng.pickSome(['boil', 'chlorine', 'filter'], rng.int(0, 2)).join(' '),
    children: Array.from({ length: kids }, () => ({
      child_age: String(rng.int(0, 5)),
      diarrhoea: rng.next() < 0.2 ? 'yes' : 'no',
    })),
    location: `${(-2.15 - rng.next() * 0.2).toFixed(5)} ${(30.05 + rng.next() * 0.25).toFixed(5)} 1400 ${rng.int(4, 25)}`,
  };
  if (source !== 'piped') answers.minutes_to_water = String(rng.int(5, 90));
  return answers;
}

export const SAMPLE_RESPONSES = 36;

/** A version-4-shaped UUID from the seed, so the sample comes out the same on every machine. */
function seededUuid(i: number): string {
  const rng = createRng(9_001 + i);
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** The published sample form with its responses, once (none while the NGO has any form). */
export async function seedSampleForms(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const [existing] = await tx.select({ n: count() }).from(forms).where(eq(forms.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const [volunteer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'volunteer@demo.ngo'))
    .limit(1);
  const formId = newId();
  const createdAt = new Date(now.getTime() - 21 * DAY_MS);
  const last = new Date(now.getTime() - 2 * 3_600_000);
  await tx.insert(forms).values({
    id: formId,
    ngoId,
    title: sampleWaterSurvey.title,
    status: 'open',
    draft: sampleWaterSurvey,
    publishedVersion: 1,
    createdAt,
    updatedAt: createdAt,
    responseCount: SAMPLE_RESPONSES,
    lastSubmissionAt: last,
  });
  await tx
    .insert(formVersions)
    .values({ formId, version: 1, definition: sampleWaterSurvey, publishedAt: createdAt });
  await tx.insert(formSubmissions).values(
    Array.from({ length: SAMPLE_RESPONSES }, (_, i) => {
      // Spread over the last three weeks, the newest two hours ago.
      const receivedAt = new Date(last.getTime() - (SAMPLE_RESPONSES - 1 - i) * 14 * 3_600_000);
      return {
        id: newId(),
        ngoId,
        formId,
        version: 1,
        instanceId: seededUuid(i),
        // Seeded rows are never re-sent by a device, so no send can match their hash.
        bodyHash: 'seed',
        answers: sampleAnswers(i),
        submittedBy: i % 3 === 0 ? (volunteer?.id ?? null) : null,
        submittedAt: receivedAt,
        receivedAt,
        updatedAt: receivedAt,
        reviewStatus: i < 10 ? 'approved' : 'received',
      };
    }),
  );
  return true;
}
