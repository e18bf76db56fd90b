import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../contract/forms/definition';
import { formDefinition } from '../../../contract/forms/definition-schema';
import { exportXlsForm } from './xlsform-export';
import { importXlsForm } from './xlsform-import';
import { workbookRows, xlsformWorkbook } from './xlsform-workbook.testing';

const en = 'English (en)';
const fr = 'French (fr)';
const both = (english: string, french: string) => ({ [en]: english, [fr]: french });

/** A form using every feature the export writes. */
const rich: FormDefinition = formDefinition.parse({
  title: 'Household survey',
  languages: [en, fr],
  instanceName: "concat('Household ', ${hh_name})",
  questions: [
    { name: 'start', type: 'start' },
    { name: 'today', type: 'today' },
    { name: 'deviceid', type: 'deviceid' },
    {
      name: 'hh_name',
      type: 'text',
      label: both('Household name', 'Nom du ménage'),
      hint: both('As on the door', 'Comme sur la porte'),
      required: 'true()',
      requiredMessage: both('Needed', 'Requis'),
    },
    {
      name: 'members',
      type: 'integer',
      label: both('Members', 'Membres'),
      constraint: '. > 0 and . < 30',
      constraintMessage: both('1 to 29', '1 à 29'),
      default: '1',
    },
    {
      name: 'household',
      type: 'group',
      label: both('Household', 'Ménage'),
      appearance: 'field-list',
      relevant: '${members} > 0',
      children: [
        {
          name: 'member',
          type: 'repeat',
          label: both('Member', 'Membre'),
          repeatCount: '${members}',
          children: [
            { name: 'member_name', type: 'text', label: both('Name', 'Nom') },
            { name: 'born', type: 'date', label: both('Born', 'Né') },
            {
              name: 'visit',
              type: 'repeat',
              label: both('Visit', 'Visite'),
              repeatCount: '2',
              children: [{ name: 'visited', type: 'dateTime', label: both('When', 'Quand') }],
            },
          ],
        },
      ],
    },
    {
      name: 'country',
      type: 'select_one',
      listName: 'country',
      label: both('Country', 'Pays'),
      orOther: true,
    },
    {
      name: 'city',
      type: 'select_one',
      listName: 'city',
      label: both('City', 'Ville'),
      choiceFilter: 'country = ${country}',
    },
    {
      name: 'crops',
      type: 'select_multiple',
      listName: 'crops',
      label: both('Crops', 'Cultures'),
      appearance: 'minimal',
    },
    { name: 'ranked', type: 'rank', listName: 'crops', label: both('Rank them', 'Classez') },
    {
      name: 'village',
      type: 'select_one_from_file',
      listName: 'villages.csv',
      label: both('Village', 'Village'),
    },
    {
      name: 'score',
      type: 'range',
      label: both('Score', 'Note'),
      parameters: { start: '1', end: '10', step: '1' },
    },
    { name: 'sign', type: 'image', label: both('Sign', 'Signez'), appearance: 'signature' },
    { name: 'where', type: 'geopoint', label: both('Where', 'Où'), parameters: { 'capture-accuracy': '10' } },
    { name: 'total', type: 'calculate', calculation: '${members} * 2' },
    { name: 'locked', type: 'text', label: both('Locked', 'Verrouillé'), readOnly: 'true()' },
    { name: 'maybe', type: 'text', label: both('Maybe', 'Peut-être'), readOnly: '${members} > 5' },
    { name: 'done', type: 'note', label: both('Thank you', 'Merci') },
  ],
  choices: {
    country: [
      { name: 'ke', label: both('Kenya', 'Kenya') },
      { name: 'ug', label: both('Uganda', 'Ouganda') },
    ],
    city: [
      { name: 'nbo', label: both('Nairobi', 'Nairobi'), extra: { country: 'ke', size: 'large' } },
      { name: 'kla', label: both('Kampala', 'Kampala'), extra: { country: 'ug' } },
    ],
    crops: [
      { name: 'maize', label: both('Maize', 'Maïs') },
      { name: '2', label: both('Beans', 'Haricots') },
    ],
  },
});

const roundTrip = async (definition: FormDefinition) => {
  const result = await importXlsForm(await exportXlsForm(definition));
  if (!result.ok) throw new Error(`Import refused: ${JSON.stringify(result.issues, null, 1)}`);
  return result;
};

describe('exportXlsForm', () => {
  it('round-trips a rich form: import(export(form)) equals the form', async () => {
    const result = await roundTrip(rich);
    expect(result.definition).toStrictEqual(rich);
    expect(result.ignored).toEqual([]);
  });

  it.each([[['default']], [['default', 'Swahili (sw)']], [['English (en)', 'default']], [['Swahili (sw)']]])(
    'round-trips the languages %j',
    async (languages) => {
      const definition = formDefinition.parse({
        title: 'Languages',
        languages,
        questions: [
          {
            name: 'a',
            type: 'select_one',
            listName: 'yn',
            label: Object.fromEntries(languages.map((l) => [l, `A in ${l}`])),
            hint: { [languages[0]!]: 'Only the first' },
          },
        ],
        choices: {
          yn: [{ name: 'yes', label: Object.fromEntries(languages.map((l) => [l, `Yes in ${l}`])) }],
        },
      });
      expect((await roundTrip(definition)).definition).toStrictEqual(definition);
    },
  );

  it('writes begin/end rows, yes for true(), plain label columns and only the columns used', async () => {
    const definition = formDefinition.parse({
      title: 'Visit log',
      questions: [
        {
          name: 'g',
          type: 'group',
          label: { default: 'G' },
          appearance: 'field-list',
          children: [{ name: 'a', type: 'text', label: { default: 'A' }, required: 'true()' }],
        },
        {
          name: 'r',
          type: 'repeat',
          label: { default: 'R' },
          repeatCount: '2',
          children: [
            { name: 'b', type: 'select_multiple', listName: 'yn', orOther: true, label: { default: 'B' } },
          ],
        },
      ],
      choices: { yn: [{ name: 'yes', label: { default: 'Yes' }, extra: { group: 'x' } }] },
    });
    const sheets = await workbookRows(await exportXlsForm(definition));
    expect(sheets.survey).toEqual([
      ['type', 'name', 'label', 'required', 'appearance', 'repeat_count'],
      ['begin group', 'g', 'G', '', 'field-list', ''],
      ['text', 'a', 'A', 'yes', '', ''],
      ['end group', '', '', '', '', ''],
      ['begin repeat', 'r', 'R', '', '', '2'],
      ['select_multiple yn or_other', 'b', 'B', '', '', ''],
      ['end repeat', '', '', '', '', ''],
    ]);
    expect(sheets.choices).toEqual([
      ['list_name', 'name', 'label', 'group'],
      ['yn', 'yes', 'Yes', 'x'],
    ]);
    expect(sheets.settings).toEqual([
      ['form_title', 'form_id'],
      ['Visit log', 'visit_log'],
    ]);
  });

  it('writes one label::<language> column per language and default_language', async () => {
    const sheets = await workbookRows(await exportXlsForm(rich, { formId: 'hh', version: '7' }));
    expect(sheets.survey![0]!.filter((h) => h.startsWith('label'))).toEqual([`label::${en}`, `label::${fr}`]);
    expect(sheets.choices![0]).toEqual([
      'list_name',
      'name',
      `label::${en}`,
      `label::${fr}`,
      'country',
      'size',
    ]);
    expect(sheets.settings).toEqual([
      ['form_title', 'form_id', 'version', 'default_language', 'instance_name'],
      ['Household survey', 'hh', '7', en, "concat('Household ', ${hh_name})"],
    ]);
    const result = await importXlsForm(await exportXlsForm(rich, { formId: 'hh', version: '7' }));
    expect(result.ok && result.settings).toEqual({ formId: 'hh', version: '7' });
  });

  it('round-trips a spreadsheet written with aliases through the canonical spelling', async () => {
    const first = await importXlsForm(
      await xlsformWorkbook({
        survey: [
          ['type', 'name', 'label', 'relevance', 'parameters'],
          ['int', 'n', 'N', '', ''],
          ['begin_group', 'g', 'G', '${n} > 1', ''],
          ['select one from yn or other', 's', 'S', '', ''],
          ['gps', 'p', 'P', '', ''],
          ['end_group', '', '', '', ''],
          ['range', 'r', 'R', '', 'start=0;end=5'],
        ],
        choices: [
          ['list name', 'name', 'label'],
          ['yn', 'yes', 'Yes'],
        ],
      }),
    );
    if (!first.ok) throw new Error(JSON.stringify(first.issues));
    expect((await roundTrip(first.definition)).definition).toStrictEqual(first.definition);
  });
});
