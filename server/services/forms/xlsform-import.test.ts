import { describe, expect, it } from 'vitest';
import type { Question } from '../../../contract/forms/definition';
import { importXlsForm, MAX_SURVEY_ROWS, type XlsFormIssue } from './xlsform-import';
import { type SheetRows, xlsformWorkbook } from './xlsform-workbook.testing';

async function importSheets(sheets: Record<string, SheetRows>) {
  return importXlsForm(await xlsformWorkbook(sheets));
}

async function imported(sheets: Record<string, SheetRows>) {
  const result = await importSheets(sheets);
  if (!result.ok) throw new Error(`Import refused: ${JSON.stringify(result.issues, null, 1)}`);
  return result;
}

async function refused(sheets: Record<string, SheetRows>): Promise<XlsFormIssue[]> {
  const result = await importSheets(sheets);
  if (result.ok) throw new Error('The import was accepted.');
  return result.issues;
}

const yesNo: SheetRows = [
  ['list_name', 'name', 'label'],
  ['yn', 'yes', 'Yes'],
  ['yn', 'no', 'No'],
];

const byName = (questions: readonly Question[], name: string): Question => {
  for (const q of questions) {
    if (q.name === name) return q;
    const inner = q.children && byName(q.children, name);
    if (inner) return inner;
  }
  return undefined as unknown as Question;
};

describe('importXlsForm: question types', () => {
  it.each([
    ['text', 'text'],
    ['string', 'text'],
    ['integer', 'integer'],
    ['int', 'integer'],
    ['decimal', 'decimal'],
    ['range', 'range'],
    ['date', 'date'],
    ['time', 'time'],
    ['dateTime', 'dateTime'],
    ['datetime', 'dateTime'],
    ['note', 'note'],
    ['acknowledge', 'acknowledge'],
    ['geopoint', 'geopoint'],
    ['gps', 'geopoint'],
    ['location', 'geopoint'],
    ['geotrace', 'geotrace'],
    ['geoshape', 'geoshape'],
    ['image', 'image'],
    ['photo', 'image'],
    ['audio', 'audio'],
    ['video', 'video'],
    ['file', 'file'],
    ['barcode', 'barcode'],
    ['hidden', 'hidden'],
    ['start', 'start'],
    ['end', 'end'],
    ['today', 'today'],
    ['deviceid', 'deviceid'],
    ['imei', 'deviceid'],
    ['username', 'username'],
    ['phonenumber', 'phonenumber'],
    ['email', 'email'],
    ['add text prompt', 'text'],
  ])("reads the type '%s' as %s", async (xlsType, type) => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'label'],
        [xlsType, 'q', 'Q'],
      ],
    });
    expect(definition.questions).toEqual([{ name: 'q', type, label: { default: 'Q' } }]);
  });

  it.each([
    ['select_one yn', 'select_one', 'yn'],
    ['select one yn', 'select_one', 'yn'],
    ['select one from yn', 'select_one', 'yn'],
    ['select1 yn', 'select_one', 'yn'],
    ['select_multiple yn', 'select_multiple', 'yn'],
    ['select all that apply yn', 'select_multiple', 'yn'],
    ['select all that apply from yn', 'select_multiple', 'yn'],
    ['rank yn', 'rank', 'yn'],
    ['select_one_from_file villages.csv', 'select_one_from_file', 'villages.csv'],
    ['select one from file villages.csv', 'select_one_from_file', 'villages.csv'],
    ['select_multiple_from_file villages.csv', 'select_multiple_from_file', 'villages.csv'],
    ['select multiple from file villages.csv', 'select_multiple_from_file', 'villages.csv'],
  ])("reads '%s' as %s of %s", async (xlsType, type, listName) => {
    const { definition } = await imported({
      survey: [
        ['type', 'name'],
        [xlsType, 'q'],
      ],
      choices: yesNo,
    });
    expect(definition.questions).toEqual([{ name: 'q', type, listName }]);
  });

  it.each(['or_other', 'or other', 'or specify other'])("sets orOther for '… %s'", async (suffix) => {
    const { definition } = await imported({
      survey: [
        ['type', 'name'],
        [`select_one yn ${suffix}`, 'q'],
      ],
      choices: yesNo,
    });
    expect(definition.questions[0]).toEqual({ name: 'q', type: 'select_one', listName: 'yn', orOther: true });
  });

  it("reads pyxform's `phone number` and `percentage` as questions with their constraint", async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'constraint'],
        ['phone number', 'phone', ''],
        ['percentage', 'share', ''],
        ['percentage', 'half', '. <= 50'],
      ],
    });
    expect(byName(definition.questions, 'phone')).toEqual({
      name: 'phone',
      type: 'text',
      constraint: "regex(., '^\\d*$')",
      hint: { default: 'Enter numbers only.' },
    });
    expect(byName(definition.questions, 'share').constraint).toBe('0 <= . and . <= 100');
    expect(byName(definition.questions, 'half').constraint).toBe('. <= 50');
  });

  it('keeps the signature appearance of an image and reads calculate with its calculation', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'appearance', 'calculation'],
        ['image', 'sign', 'signature', ''],
        ['calculate', 'total', '', '1 + 2'],
      ],
    });
    expect(definition.questions).toEqual([
      { name: 'sign', type: 'image', appearance: 'signature' },
      { name: 'total', type: 'calculate', calculation: '1 + 2' },
    ]);
  });

  it('reads range parameters and parameters split by commas or semicolons', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'parameters'],
        ['range', 'score', 'start=1 end=10 step=1'],
        ['range', 'temp', 'start = -5, end=5;step=0.5'],
        ['image', 'photo', 'max-pixels=1024'],
      ],
    });
    expect(definition.questions.map((q) => q.parameters)).toEqual([
      { start: '1', end: '10', step: '1' },
      { start: '-5', end: '5', step: '0.5' },
      { 'max-pixels': '1024' },
    ]);
  });
});

describe('importXlsForm: structure', () => {
  it('nests groups and repeats (with repeat_count) in every spelling and keeps field-list', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'label', 'appearance', 'repeat_count'],
        ['integer', 'members', 'How many live here?', '', ''],
        ['begin_group', 'household', 'Household', 'field-list', ''],
        ['text', 'address', 'Address', '', ''],
        ['begin repeat', 'member', 'Member', '', '${members}'],
        ['text', 'member_name', 'Name', '', ''],
        ['begin_repeat', 'phone', 'Phone', '', '2'],
        ['text', 'number', 'Number', '', ''],
        ['end_repeat', '', '', '', ''],
        ['end repeat', '', '', '', ''],
        ['end_group', '', '', '', ''],
        ['begin group', 'closing', 'Closing', '', ''],
        ['note', 'thanks', 'Thanks', '', ''],
        ['end group', '', '', '', ''],
      ],
    });
    expect(definition.questions).toEqual([
      { name: 'members', type: 'integer', label: { default: 'How many live here?' } },
      {
        name: 'household',
        type: 'group',
        label: { default: 'Household' },
        appearance: 'field-list',
        children: [
          { name: 'address', type: 'text', label: { default: 'Address' } },
          {
            name: 'member',
            type: 'repeat',
            label: { default: 'Member' },
            repeatCount: '${members}',
            children: [
              { name: 'member_name', type: 'text', label: { default: 'Name' } },
              {
                name: 'phone',
                type: 'repeat',
                label: { default: 'Phone' },
                repeatCount: '2',
                children: [{ name: 'number', type: 'text', label: { default: 'Number' } }],
              },
            ],
          },
        ],
      },
      {
        name: 'closing',
        type: 'group',
        label: { default: 'Closing' },
        children: [{ name: 'thanks', type: 'note', label: { default: 'Thanks' } }],
      },
    ]);
  });

  it('skips blank rows', async () => {
    const { definition } = await imported({
      survey: [['type', 'name'], [], ['text', 'a'], [], ['text', 'b']],
    });
    expect(definition.questions.map((q) => q.name)).toEqual(['a', 'b']);
  });
});

describe('importXlsForm: columns and languages', () => {
  it('reads two languages on every translatable column, choices included, default_language first', async () => {
    const result = await imported({
      survey: [
        [
          'type',
          'name',
          'label::English (en)',
          'label::French (fr)',
          'hint::English (en)',
          'hint::French (fr)',
          'required',
          'required_message::English (en)',
          'required_message::French (fr)',
          'constraint',
          'constraint_message::English (en)',
          'constraint_message::French (fr)',
        ],
        [
          'integer',
          'age',
          'Age',
          'Âge',
          'In years',
          'En années',
          'yes',
          'Say it',
          'Dites-le',
          '. < 150',
          'Too old',
          'Trop vieux',
        ],
        ['select_one yn', 'ok', 'OK?', "D'accord ?", '', '', '', '', '', '', '', ''],
      ],
      choices: [
        ['list_name', 'name', 'label::English (en)', 'label::French (fr)'],
        ['yn', 'yes', 'Yes', 'Oui'],
        ['yn', 'no', 'No', 'Non'],
      ],
      settings: [
        ['form_title', 'default_language'],
        ['Census', 'French (fr)'],
      ],
    });
    const { definition } = result;
    expect(definition.languages).toEqual(['French (fr)', 'English (en)']);
    expect(definition.questions[0]).toEqual({
      name: 'age',
      type: 'integer',
      label: { 'English (en)': 'Age', 'French (fr)': 'Âge' },
      hint: { 'English (en)': 'In years', 'French (fr)': 'En années' },
      required: 'true()',
      requiredMessage: { 'English (en)': 'Say it', 'French (fr)': 'Dites-le' },
      constraint: '. < 150',
      constraintMessage: { 'English (en)': 'Too old', 'French (fr)': 'Trop vieux' },
    });
    expect(definition.choices.yn).toEqual([
      { name: 'yes', label: { 'English (en)': 'Yes', 'French (fr)': 'Oui' } },
      { name: 'no', label: { 'English (en)': 'No', 'French (fr)': 'Non' } },
    ]);
  });

  it('keeps text without a language under `default` when there is no default_language', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'label', 'label::Swahili (sw)'],
        ['text', 'a', 'Name', 'Jina'],
      ],
    });
    expect(definition.languages).toEqual(['default', 'Swahili (sw)']);
    expect(definition.questions[0]!.label).toEqual({ default: 'Name', 'Swahili (sw)': 'Jina' });
  });

  it('files text without a language under default_language, as pyxform does', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'label', 'label::Swahili (sw)'],
        ['text', 'a', 'Name', 'Jina'],
      ],
      settings: [
        ['form_title', 'default_language'],
        ['Census', 'English (en)'],
      ],
    });
    expect(definition.languages).toEqual(['English (en)', 'Swahili (sw)']);
    expect(definition.questions[0]!.label).toEqual({ 'English (en)': 'Name', 'Swahili (sw)': 'Jina' });
  });

  it('reads every expression column, yes/no columns and their spellings', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'required', 'read_only', 'relevant', 'calculation', 'default', 'appearance'],
        ['integer', 'a', 'yes', 'no', '', '', '3', 'numbers'],
        ['integer', 'b', 'TRUE()', 'true', '${a} > 1', '', '', ''],
        ['integer', 'c', 'no', 'YES', '', '${a} * 2', '', ''],
        ['integer', 'd', '${a} > 2', '${a} = 0', '', '', '', ''],
        ['integer', 'e', true, false, '', '', '', ''],
      ],
    });
    const [a, b, c, d, e] = definition.questions;
    expect(a).toEqual({
      name: 'a',
      type: 'integer',
      required: 'true()',
      default: '3',
      appearance: 'numbers',
    });
    expect(b).toEqual({
      name: 'b',
      type: 'integer',
      required: 'true()',
      readOnly: 'true()',
      relevant: '${a} > 1',
    });
    expect(c).toEqual({ name: 'c', type: 'integer', readOnly: 'true()', calculation: '${a} * 2' });
    expect(d).toEqual({ name: 'd', type: 'integer', required: '${a} > 2', readOnly: '${a} = 0' });
    expect(e).toEqual({ name: 'e', type: 'integer', required: 'true()' });
  });

  it("reads pyxform's header spellings (relevance, readonly, constraint message, count)", async () => {
    const { definition } = await imported({
      survey: [
        ['Type', 'Name', 'Label', 'relevance', 'readonly', 'constraint', 'constraint message', 'jr:count'],
        ['integer', 'n', 'N', '', '', '. > 0', 'Positive', ''],
        ['begin repeat', 'r', 'R', '${n} > 0', 'yes', '', '', '${n}'],
        ['end repeat', '', '', '', '', '', '', ''],
      ],
    });
    expect(definition.questions).toEqual([
      {
        name: 'n',
        type: 'integer',
        label: { default: 'N' },
        constraint: '. > 0',
        constraintMessage: { default: 'Positive' },
      },
      {
        name: 'r',
        type: 'repeat',
        label: { default: 'R' },
        relevant: '${n} > 0',
        readOnly: 'true()',
        repeatCount: '${n}',
        children: [],
      },
    ]);
  });

  it('reads choice_filter and keeps other choices columns as extra (Choices sheet, `list name` header)', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name', 'choice_filter'],
        ['select_one country', 'country', ''],
        ['select_one city', 'city', 'country = ${country}'],
      ],
      Choices: [
        ['list name', 'name', 'label', 'country', 'size'],
        ['country', 'ke', 'Kenya', '', ''],
        ['country', 'ug', 'Uganda', '', ''],
        ['city', 'nbo', 'Nairobi', 'ke', 4397073],
        ['city', 'kla', 'Kampala', 'ug', ''],
      ],
    });
    expect(byName(definition.questions, 'city').choiceFilter).toBe('country = ${country}');
    expect(definition.choices).toEqual({
      country: [
        { name: 'ke', label: { default: 'Kenya' } },
        { name: 'ug', label: { default: 'Uganda' } },
      ],
      city: [
        { name: 'nbo', label: { default: 'Nairobi' }, extra: { country: 'ke', size: '4397073' } },
        { name: 'kla', label: { default: 'Kampala' }, extra: { country: 'ug' } },
      ],
    });
  });

  it('reads numeric choice names as written', async () => {
    const { definition } = await imported({
      survey: [
        ['type', 'name'],
        ['select_one score', 's'],
      ],
      choices: [
        ['list_name', 'name', 'label'],
        ['score', 1, 'One'],
        ['score', 2.5, 'Two and a half'],
      ],
    });
    expect(definition.choices.score!.map((c) => c.name)).toEqual(['1', '2.5']);
  });

  it('reads the settings: title, instance_name, and gives back form_id and version', async () => {
    const result = await imported({
      survey: [
        ['type', 'name'],
        ['text', 'who'],
      ],
      settings: [
        ['form_title', 'form_id', 'version', 'instance_name', 'style'],
        ['Household census', 'census_2025', '2025010101', "concat('Census: ', ${who})", 'pages'],
      ],
    });
    expect(result.definition.title).toBe('Household census');
    expect(result.definition.instanceName).toBe("concat('Census: ', ${who})");
    expect(result.settings).toEqual({ formId: 'census_2025', version: '2025010101' });
    expect(result.ignored).toEqual(["Setting 'style' is ignored."]);
  });

  it('names what it ignores: unknown columns with values, other sheets', async () => {
    const result = await imported({
      survey: [
        ['type', 'name', 'comments', 'empty_column'],
        ['text', 'a', 'ask politely', ''],
      ],
      notes: [['anything'], ['here']],
    });
    expect(result.definition.title).toBe('Untitled form');
    expect(result.ignored).toEqual([
      "Sheet 'notes' is not part of an XLSForm the product reads; ignored.",
      "Survey column 'comments' is not an XLSForm column the product reads; ignored.",
    ]);
  });
});

describe('importXlsForm: problems, each with its sheet, row and column', () => {
  it('names a list missing from the choices sheet on the type column', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['text', 'a'],
        ['select_one colours', 'b'],
      ],
      choices: yesNo,
    });
    expect(issues).toEqual([
      {
        sheet: 'survey',
        row: 3,
        column: 'type',
        message: "The choice list 'colours' is not on the choices sheet.",
      },
    ]);
  });

  it('refuses a type XLSForm does not know', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['textbox', 'a'],
      ],
    });
    expect(issues).toEqual([
      { sheet: 'survey', row: 2, column: 'type', message: "The type 'textbox' is not one XLSForm knows." },
    ]);
  });

  it.each([
    ['background-audio', 'recording audio in the background'],
    ['start-geopoint', 'recording the location when the form opens'],
    ['audit', 'audit logs'],
    ['xml-external', 'external XML data'],
    ['csv-external', 'external CSV data'],
    ['select_one_external yn', 'external selects'],
    ['select one external yn', 'external selects'],
    ['osm buildings', 'OpenStreetMap'],
  ])("refuses the unsupported type '%s'", async (type, reason) => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        [type, 'a'],
      ],
      choices: yesNo,
    });
    expect(issues).toEqual([
      { sheet: 'survey', row: 2, column: 'type', message: expect.stringContaining(reason) as string },
    ]);
    expect(issues[0]!.message).toMatch(/is not supported/);
  });

  it('refuses loops, matching their end', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['begin loop over yn', 'l'],
        ['text', 'a'],
        ['end loop', ''],
      ],
      choices: yesNo,
    });
    expect(issues).toEqual([
      {
        sheet: 'survey',
        row: 2,
        column: 'type',
        message: "The type 'begin loop over yn' is not supported: loops over a list are not supported.",
      },
    ]);
  });

  it('lists every cell of an unsupported column, and an unsupported setting', async () => {
    const issues = await refused({
      survey: [
        [
          'type',
          'name',
          'media::image',
          'bind::odk:length',
          'body::accuracyThreshold',
          'trigger',
          'image::French (fr)',
        ],
        ['text', 'a', 'a.png', '', '', '', ''],
        ['text', 'b', '', '1', '', '', ''],
        ['geopoint', 'c', '', '', '5', '', ''],
        ['text', 'd', '', '', '', '${a}', 'd.png'],
        ['text', 'e', '', '', '', '', ''],
      ],
      choices: [
        ['list_name', 'name', 'label', 'audio'],
        ['yn', 'yes', 'Yes', 'yes.mp3'],
      ],
      settings: [
        ['form_title', 'submission_url'],
        ['T', 'https://example.org/submit'],
      ],
    });
    expect(issues.map(({ sheet, row, column }) => `${sheet}!${row}:${column}`)).toEqual([
      'survey!2:media::image',
      'survey!3:bind::odk:length',
      'survey!4:body::accuracyThreshold',
      'survey!5:trigger',
      'survey!5:image::French (fr)',
      'choices!2:audio',
      'settings!2:submission_url',
    ]);
    expect(issues.every((i) => i.message.startsWith('Not supported: '))).toBe(true);
  });

  it('refuses unbalanced groups and repeats on the offending row', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['end group', ''],
        ['begin group', 'g'],
        ['end repeat', ''],
        ['begin repeat', 'r'],
        ['text', 'a'],
        ['end repeat', ''],
      ],
    });
    expect(issues).toEqual([
      { sheet: 'survey', row: 2, column: 'type', message: "'end group' has no matching begin group." },
      {
        sheet: 'survey',
        row: 3,
        column: 'type',
        message: "This group is never closed (no 'end group' row).",
      },
      {
        sheet: 'survey',
        row: 4,
        column: 'type',
        message: "'end repeat' cannot close the group begun on row 3.",
      },
    ]);
  });

  it('refuses a name used twice anywhere in the form, and a choice used twice in a list', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['text', 'a'],
        ['begin group', 'g'],
        ['text', 'a'],
        ['text', 'b'],
        ['text', 'b'],
        ['end group', ''],
        ['integer', 'a'],
      ],
      choices: [
        ['list_name', 'name', 'label'],
        ['yn', 'yes', 'Yes'],
        ['yn', 'yes', 'Yes again'],
        ['other', 'yes', 'Yes in another list'],
      ],
    });
    const twice = (name: string, first: number) =>
      `The name '${name}' is already used on row ${first}; each question needs its own.`;
    expect(issues).toEqual([
      { sheet: 'survey', row: 4, column: 'name', message: twice('a', 2) },
      { sheet: 'survey', row: 6, column: 'name', message: twice('b', 5) },
      { sheet: 'survey', row: 8, column: 'name', message: twice('a', 2) },
      {
        sheet: 'choices',
        row: 3,
        column: 'name',
        message: "The choice name 'yes' is already used in list 'yn' (row 2).",
      },
    ]);
  });

  it('refuses a bad expression, naming its cell with the engine’s message', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name', 'relevant'],
        ['integer', 'age', ''],
        ['text', 'job', '${age} >'],
      ],
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ sheet: 'survey', row: 3, column: 'relevant' });
    expect(issues[0]!.message).toMatch(/^\$\{age\} > is not a valid expression: .+\.$/);
  });

  it('refuses a reference to a question that does not exist', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name', 'constraint'],
        ['integer', 'age', '. < ${maximum}'],
      ],
    });
    expect(issues).toEqual([
      { sheet: 'survey', row: 2, column: 'constraint', message: '${maximum} names no question.' },
    ]);
  });

  it('checks instance_name on the settings sheet', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['text', 'who'],
      ],
      settings: [
        ['form_title', 'instance_name'],
        ['T', 'concat(${nobody})'],
      ],
    });
    expect(issues).toEqual([
      {
        sheet: 'settings',
        row: 2,
        column: 'instance_name',
        message: expect.stringContaining('nobody') as string,
      },
    ]);
  });

  it('lists every problem at once, in sheet and row order', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name', 'calculation', 'parameters'],
        ['calculate', 'total', '', ''],
        ['text', '1st', '', ''],
        ['', 'orphan', '', ''],
        ['range', 'r', '', 'start=a'],
        ['select_one', 's', '', ''],
        ['text', '', '', ''],
      ],
    });
    expect(issues).toEqual([
      {
        sheet: 'survey',
        row: 2,
        column: 'calculation',
        message: 'A calculate question needs a calculation.',
      },
      {
        sheet: 'survey',
        row: 3,
        column: 'name',
        message: 'Question name must start with a letter or _ and hold only letters, digits, _, - and .',
      },
      { sheet: 'survey', row: 4, column: 'type', message: 'This row has no type.' },
      {
        sheet: 'survey',
        row: 5,
        column: 'parameters',
        message: 'A range needs numbers for start, end and step, the step above 0.',
      },
      {
        sheet: 'survey',
        row: 6,
        column: 'type',
        message: "The type 'select_one' needs a choice list name after it.",
      },
      { sheet: 'survey', row: 7, column: 'name', message: 'This question has no name.' },
    ]);
  });

  it('refuses choice names with spaces in a list a select_multiple uses', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['select_multiple fruit', 'f'],
      ],
      choices: [
        ['list_name', 'name', 'label'],
        ['fruit', 'green apple', 'Green apple'],
      ],
    });
    expect(issues).toEqual([
      {
        sheet: 'choices',
        row: 2,
        column: 'name',
        message:
          "The choice name 'green apple' has a space, which select_multiple and rank answers cannot hold.",
      },
    ]);
  });

  it('refuses or_other on a rank, non-CSV files, entities, duplicate choices allowed by a setting', async () => {
    const issues = await refused({
      survey: [
        ['type', 'name'],
        ['rank yn or_other', 'r'],
        ['select_one_from_file places.xml', 'p'],
        ['select_one_from_file places', 'q'],
      ],
      choices: yesNo,
      settings: [
        ['form_title', 'allow_choice_duplicates'],
        ['T', 'yes'],
      ],
      entities: [
        ['list_name', 'label'],
        ['people', '${name}'],
      ],
    });
    expect(issues).toEqual([
      {
        sheet: 'survey',
        row: 2,
        column: 'type',
        message: "'or_other' works only with select_one and select_multiple.",
      },
      {
        sheet: 'survey',
        row: 3,
        column: 'type',
        message: "Not supported: choices from 'places.xml'; only .csv files can be attached.",
      },
      {
        sheet: 'survey',
        row: 4,
        column: 'type',
        message: "'places' must be a .csv, .xml or .geojson file name.",
      },
      {
        sheet: 'settings',
        row: 2,
        column: 'allow_choice_duplicates',
        message: 'Not supported: duplicate choice names in a list are not supported.',
      },
      { sheet: 'entities', row: 0, column: '', message: 'Not supported: entities.' },
    ]);
  });

  it('refuses a column written twice and a survey without a type column', async () => {
    expect(
      await refused({
        survey: [
          ['type', 'name', 'label', 'Label'],
          ['text', 'a', 'A', 'B'],
        ],
      }),
    ).toEqual([
      {
        sheet: 'survey',
        row: 1,
        column: 'Label',
        message: "The column 'Label' appears twice on this sheet.",
      },
    ]);
    expect(
      await refused({
        survey: [
          ['name', 'relevance', 'relevant'],
          ['a', '', ''],
        ],
      }),
    ).toEqual([
      { sheet: 'survey', row: 1, column: 'relevant', message: "The column 'relevant' repeats 'relevance'." },
      { sheet: 'survey', row: 1, column: '', message: "The survey sheet has no 'type' column." },
    ]);
  });

  it('refuses a file that is not an .xlsx workbook', async () => {
    const result = await importXlsForm(Buffer.from('type,name\ntext,a\n'));
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          sheet: '',
          row: 0,
          column: '',
          message: expect.stringContaining('not an .xlsx workbook') as string,
        },
      ],
    });
    expect(await importXlsForm(await xlsformWorkbook({}))).toEqual(result);
    const xls = await importXlsForm(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).buffer);
    expect(xls).toEqual({
      ok: false,
      issues: [
        { sheet: '', row: 0, column: '', message: expect.stringContaining('save it as .xlsx') as string },
      ],
    });
  });

  it('refuses a workbook without a survey sheet', async () => {
    const issues = await refused({ choices: yesNo });
    expect(issues).toEqual([
      { sheet: 'survey', row: 0, column: '', message: "The workbook has no 'survey' sheet." },
    ]);
  });

  it(`refuses more than ${MAX_SURVEY_ROWS} survey rows`, async () => {
    const rows: SheetRows = [['type', 'name']];
    for (let i = 0; i <= MAX_SURVEY_ROWS; i++) rows.push(['text', `q${i}`]);
    const issues = await refused({ survey: rows });
    expect(issues).toEqual([
      { sheet: 'survey', row: 0, column: '', message: 'The survey sheet has more than 2,000 rows.' },
    ]);
  });
});
