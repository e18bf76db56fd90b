import ExcelJS from 'exceljs';
import {
  type Choice,
  DEFAULT_LANGUAGE,
  type FormDefinition,
  type Localized,
  type Question,
  walkQuestions,
} from '../../../contract/forms/definition';
import { type SurveyColumn, surveyColumns, writeParameters, writeYesOrExpression } from './xlsform-columns';

/*
 * XLSForm export (issue 14): the form definition written back as survey, choices and settings sheets in
 * the canonical spelling pyxform, Kobo and ODK read, so that importing the file gives the same
 * definition. Attached CSV files (`attachments`) are not part of an XLSForm; they travel beside it.
 */

export interface XlsFormExportOptions {
  /** The settings sheet's form_id; by default one made from the title. */
  formId?: string;
  version?: string;
}

type Cells = Record<string, string>;

const localizedHeader = (base: string, language: string) =>
  language === DEFAULT_LANGUAGE ? base : `${base}::${language}`;

/** The definition's languages, then any a text uses without the list naming it (so none is lost). */
function languagesOf(definition: FormDefinition): string[] {
  const languages = [...definition.languages];
  const add = (value: Localized | undefined) => {
    for (const language of Object.keys(value ?? {}))
      if (!languages.includes(language)) languages.push(language);
  };
  for (const { question } of walkQuestions(definition.questions))
    for (const column of surveyColumns)
      if (column.kind === 'localized') add(question[column.field] as Localized | undefined);
  for (const list of Object.values(definition.choices)) for (const choice of list) add(choice.label);
  return languages.length > 0 ? languages : [DEFAULT_LANGUAGE];
}

function xlsType(question: Question): string {
  switch (question.type) {
    case 'select_one':
    case 'select_multiple':
    case 'rank':
    case 'select_one_from_file':
    case 'select_multiple_from_file':
      return `${question.type} ${question.listName ?? ''}${question.orOther ? ' or_other' : ''}`;
    case 'group':
      return 'begin group';
    case 'repeat':
      return 'begin repeat';
    default:
      return question.type;
  }
}

function questionCells(question: Question, languages: readonly string[]): Cells {
  const cells: Cells = { type: xlsType(question), name: question.name };
  for (const column of surveyColumns) {
    const value = question[column.field];
    if (value === undefined) continue;
    if (column.kind === 'localized')
      for (const language of languages) {
        const text = (value as Localized)[language];
        if (text !== undefined) cells[localizedHeader(column.header, language)] = text;
      }
    else if (column.kind === 'yesOrExpression') cells[column.header] = writeYesOrExpression(String(value));
    else if (column.kind === 'parameters')
      cells[column.header] = writeParameters(value as Record<string, string>);
    else cells[column.header] = String(value);
  }
  return cells;
}

function surveyRows(questions: readonly Question[], languages: readonly string[]): Cells[] {
  return questions.flatMap((question) => {
    const row = questionCells(question, languages);
    if (question.type !== 'group' && question.type !== 'repeat') return [row];
    return [row, ...surveyRows(question.children ?? [], languages), { type: `end ${question.type}` }];
  });
}

/** The survey's headers: type, name, every language's label, and the other columns some question uses. */
function surveyHeaders(rows: Cells[], languages: readonly string[]): string[] {
  const used = new Set(rows.flatMap((row) => Object.keys(row)));
  const headersOf = (column: SurveyColumn) =>
    column.kind === 'localized' ? languages.map((l) => localizedHeader(column.header, l)) : [column.header];
  return [
    'type',
    'name',
    ...surveyColumns.flatMap((column) => {
      const headers = headersOf(column);
      return column.field === 'label' || headers.some((h) => used.has(h)) ? headers : [];
    }),
  ];
}

function choiceRows(definition: FormDefinition, languages: readonly string[]) {
  const extraHeaders: string[] = [];
  const rows = Object.entries(definition.choices).flatMap(([listName, list]) =>
    list.map((choice: Choice) => {
      const cells: Cells = { list_name: listName, name: choice.name };
      for (const language of languages) {
        const text = choice.label[language];
        if (text !== undefined) cells[localizedHeader('label', language)] = text;
      }
      for (const [header, value] of Object.entries(choice.extra ?? {})) {
        if (!extraHeaders.includes(header)) extraHeaders.push(header);
        cells[header] = value;
      }
      return cells;
    }),
  );
  const headers = [
    'list_name',
    'name',
    ...languages.map((l) => localizedHeader('label', l)),
    ...extraHeaders,
  ];
  return { headers, rows };
}

/** A form_id Kobo and ODK accept (an XML name) made from the title. */
const formIdFrom = (title: string) => {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return /^[a-z_]/.test(slug) ? slug : `form_${slug}`;
};

function addSheet(workbook: ExcelJS.Workbook, name: string, headers: string[], rows: Cells[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? ''));
  headers.forEach((header, i) => {
    const longest = Math.max(header.length, ...rows.map((r) => (r[header] ?? '').length));
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, longest + 2));
  });
}

/** The definition as an XLSForm .xlsx (survey, choices, settings). */
export async function exportXlsForm(
  definition: FormDefinition,
  options: XlsFormExportOptions = {},
): Promise<Buffer> {
  const languages = languagesOf(definition);
  const workbook = new ExcelJS.Workbook();
  const survey = surveyRows(definition.questions, languages);
  addSheet(workbook, 'survey', surveyHeaders(survey, languages), survey);
  const choices = choiceRows(definition, languages);
  addSheet(workbook, 'choices', choices.headers, choices.rows);

  const settings: Cells = {
    form_title: definition.title,
    form_id: options.formId ?? formIdFrom(definition.title),
  };
  if (options.version !== undefined) settings.version = options.version;
  // Text without a language is read as default_language's, so it is named only for a real language.
  if (languages[0] !== DEFAULT_LANGUAGE) settings.default_language = languages[0]!;
  if (definition.instanceName !== undefined) settings.instance_name = definition.instanceName;
  addSheet(workbook, 'settings', Object.keys(settings), [settings]);

  const out = await workbook.xlsx.writeBuffer();
  return Buffer.isBuffer(out) ? out : Buffer.from(out);
}
