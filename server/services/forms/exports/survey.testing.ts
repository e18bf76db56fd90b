import type { FormDefinition, Localized } from '../../../../contract/forms/definition';
import type { ExportSubmission } from './export-types';

const EN = 'English (en)';
const FR = 'French (fr)';
const both = (en: string, fr: string): Localized => ({ [EN]: en, [FR]: fr });

/**
 * The export tests' form (version 2): a group with a select one, a number and a GPS point; a select
 * multiple; a photo; a repeat holding a nested repeat; in two languages.
 */
export const villageSurvey = {
  title: 'Village survey: été 2026',
  languages: [EN, FR],
  questions: [
    { name: 'respondent', type: 'text', label: both('Respondent', 'Répondant') },
    { name: 'intro', type: 'note', label: both('Thank you', 'Merci') },
    {
      name: 'household',
      type: 'group',
      label: both('Household', 'Ménage'),
      children: [
        { name: 'village', type: 'select_one', listName: 'villages', label: both('Village', 'Village') },
        { name: 'size', type: 'integer', label: both('Household size', 'Taille du ménage') },
        { name: 'gps', type: 'geopoint', label: both('Location', 'Position') },
      ],
    },
    { name: 'needs', type: 'select_multiple', listName: 'needs', label: both('Needs', 'Besoins') },
    { name: 'photo', type: 'image', label: both('Photo', 'Photo') },
    {
      name: 'member',
      type: 'repeat',
      label: both('Members', 'Membres'),
      children: [
        { name: 'member_name', type: 'text', label: both('Name', 'Nom') },
        { name: 'age', type: 'integer', label: both('Age', 'Âge') },
        {
          name: 'visit',
          type: 'repeat',
          label: both('Clinic visits', 'Visites'),
          children: [
            { name: 'visit_date', type: 'date', label: both('Date', 'Date') },
            { name: 'clinic', type: 'text', label: both('Clinic', 'Centre') },
          ],
        },
      ],
    },
    { name: 'comment', type: 'text', label: both('Comment', 'Commentaire') },
  ],
  choices: {
    villages: [
      { name: 'kayonza', label: both('Kayonza', 'Kayonza') },
      { name: 'rwamagana', label: both('Rwamagana town', 'Ville de Rwamagana') },
    ],
    needs: [
      { name: 'water', label: both('Clean water', 'Eau potable') },
      { name: 'food', label: both('Food', 'Nourriture') },
      { name: 'shelter', label: both('Shelter', 'Abri') },
    ],
  },
} satisfies FormDefinition;

/**
 * Version 1 of the same form: it also asked `old_question` (first, and in the member repeat
 * `member_phone`) and offered `medicine` as a need; version 2 dropped all three.
 */
export const villageSurveyV1 = {
  ...villageSurvey,
  questions: [
    { name: 'old_question', type: 'text', label: both('Old question', 'Ancienne question') },
    ...villageSurvey.questions.map((q) =>
      q.name === 'member'
        ? {
            ...q,
            children: [
              ...q.children!,
              { name: 'member_phone', type: 'text' as const, label: both('Phone', 'Téléphone') },
            ],
          }
        : q,
    ),
  ],
  choices: {
    ...villageSurvey.choices,
    needs: [...villageSurvey.choices.needs, { name: 'medicine', label: both('Medicine', 'Médicaments') }],
  },
} satisfies FormDefinition;

/** A response of version 2: two members, the first with two clinic visits, the second with none. */
export const fullAnswers = {
  respondent: 'Aline',
  household: { village: 'rwamagana', size: '5', gps: '-1.9441 30.0619 1500 4.5' },
  needs: 'water shelter',
  photo: 'house front.jpg',
  member: [
    {
      member_name: 'Eric',
      age: '34',
      visit: [
        { visit_date: '2026-06-01', clinic: 'Kayonza HC' },
        { visit_date: '2026-06-15', clinic: 'Rwamagana HC' },
      ],
    },
    { member_name: 'Ines', age: '7', visit: [] },
  ],
  comment: '=HYPERLINK("http://evil.example","click")',
};

export const submissionOf = (answers: ExportSubmission['answers'], over: Partial<ExportSubmission> = {}) => ({
  id: 'sub1',
  instanceId: '7d0f5c1e-0000-4000-8000-000000000001',
  version: 2,
  answers,
  submittedAt: '2026-06-20T10:00:00.000Z',
  receivedAt: '2026-06-20T10:00:05.000Z',
  submittedBy: 'Volunteer One',
  reviewStatus: 'received',
  ...over,
});

export const LANGUAGES = { EN, FR };
