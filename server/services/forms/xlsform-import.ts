import ExcelJS from 'exceljs';
import {
  type Choice,
  DEFAULT_LANGUAGE,
  type FormDefinition,
  type Localized,
  type Question,
  walkQuestions,
  XML_NAME,
} from '../../../contract/forms/definition';
import { formDefinition } from '../../../contract/forms/definition-schema';
import { checkDefinition } from '../../../contract/forms/engine/expressions';
import { nodeXPathHost } from './node-xpath-host';
import {
  FROM_FILE_EXTENSION,
  parseParameters,
  type ParsedType,
  parseType,
  settingsColumns,
  SUPPORTED_FROM_FILE,
  type SurveyColumn,
  surveyColumns,
  type TypeAlias,
  unsupportedChoiceColumn,
  unsupportedSettings,
  unsupportedSurveyColumn,
  YES,
  yesOrExpression,
} from './xlsform-columns';

/*
 * XLSForm import (issue 14): an .xlsx with survey, choices and settings sheets, as xlsform.org describes
 * and pyxform accepts, becomes the product's form definition. Nothing is dropped quietly: what the
 * product cannot honour refuses the import with every problem at once (sheet, row, column), and what
 * is harmless to drop is named in `ignored`. The form is built first, then each expression is checked
 * by the engine against it, then the whole definition by its schema.
 */

export interface XlsFormIssue {
  /** The sheet's name as written in the workbook; '' when the file is not a workbook. */
  sheet: string;
  /** The spreadsheet's 1-based row number; 0 when the issue is about the whole sheet. */
  row: number;
  /** The column's header as written (`constraint`, `label::French (fr)`); '' for a whole row or sheet. */
  column: string;
  message: string;
}

/** Settings the definition has no field for yet, given back so the caller may keep them. */
export interface XlsFormSettings {
  formId?: string;
  version?: string;
}

export type XlsFormImport =
  | { ok: true; definition: FormDefinition; ignored: string[]; settings: XlsFormSettings }
  | { ok: false; issues: XlsFormIssue[] };

export const MAX_SURVEY_ROWS = 2_000;
/** The definition allows 20,000 choices per list; a bigger sheet is refused before it is read. */
export const MAX_CHOICE_ROWS = 20_000;
/** Beyond this the list stops helping the author; the rest is counted in a last issue. */
const MAX_ISSUES = 500;

interface Column {
  index: number;
  /** As written (trimmed). */
  header: string;
  /** Lower-cased part before `::` (or `:`). */
  base: string;
  language?: string;
}
interface Row {
  number: number;
  cells: Map<number, string>;
}
interface Sheet {
  name: string;
  columns: Column[];
  rows: Row[];
}

/** Where a question or choice came from: its row and the header that filled each field. */
interface Place {
  sheet: string;
  row: number;
  /** Field (`label` or `label\u0000French`) → header. */
  columns: Map<string, string>;
}

const placeKey = (field: string, language?: string) =>
  language === undefined ? field : `${field}\u0000${language}`;

const headerAliases = new Set(['jr:count', 'jr:constraintmsg', 'jr:requiredmsg']);

function parseHeader(index: number, header: string): Column {
  const lower = header.toLowerCase();
  if (headerAliases.has(lower)) return { index, header, base: lower };
  // pyxform reads `::` and, in older forms, `:` between a column and its language.
  const at = header.indexOf('::') >= 0 ? header.indexOf('::') : header.indexOf(':');
  if (at < 0) return { index, header, base: lower };
  const width = header.startsWith('::', at) ? 2 : 1;
  return {
    index,
    header,
    base: header.slice(0, at).trim().toLowerCase(),
    language: header.slice(at + width).trim(),
  };
}

/** A cell as text, the way pyxform reads it (trimmed; numbers and booleans as written). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return String(value.text).trim();
  if ('error' in value) return value.error;
  if ('formula' in value || 'sharedFormula' in value)
    return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  return '';
}

const placeId = (place: Omit<XlsFormIssue, 'message'>) =>
  `${place.sheet}\u0000${place.row}\u0000${place.column}`;

class Reader {
  readonly issues: XlsFormIssue[] = [];
  readonly ignored: string[] = [];
  readonly places = new Map<object, Place>();
  private readonly placed = new Set<string>();
  private readonly said = new Set<string>();

  issue(sheet: string, row: number, column: string, message: string) {
    const place = placeId({ sheet, row, column });
    if (this.said.has(`${place}\u0000${message}`)) return;
    this.said.add(`${place}\u0000${message}`);
    this.placed.add(place);
    this.issues.push({ sheet, row, column, message });
  }

  /** For the later checks: a cell already refused says why more precisely than a second look at it. */
  issueUnlessPlaced(place: Omit<XlsFormIssue, 'message'>, message: string) {
    if (!this.placed.has(placeId(place))) this.issue(place.sheet, place.row, place.column, message);
  }

  readSheet(ws: ExcelJS.Worksheet): Sheet {
    const columns: Column[] = [];
    const rows: Row[] = [];
    const seen = new Map<string, string>();
    ws.eachRow((row, number) => {
      if (number === 1) {
        row.eachCell((cell, index) => {
          const header = cellText(cell.value);
          if (!header) return;
          const duplicate = seen.get(header.toLowerCase());
          if (duplicate !== undefined)
            this.issue(ws.name, 1, header, `The column '${header}' appears twice on this sheet.`);
          else columns.push(parseHeader(index, header));
          seen.set(header.toLowerCase(), header);
        });
        return;
      }
      const cells = new Map<number, string>();
      row.eachCell((cell, index) => {
        const text = cellText(cell.value);
        if (text) cells.set(index, text);
      });
      if (cells.size > 0) rows.push({ number, cells });
    });
    const headed = new Set(columns.map((c) => c.index));
    const stray = rows.filter((r) => [...r.cells.keys()].some((i) => !headed.has(i)));
    if (stray.length > 0)
      this.ignored.push(
        `Sheet '${ws.name}': cells in columns without a header are ignored (rows ${stray
          .slice(0, 5)
          .map((r) => r.number)
          .join(', ')}${stray.length > 5 ? ', …' : ''}).`,
      );
    return { name: ws.name, columns, rows };
  }
}

const cell = (row: Row, column: Column | undefined) => (column ? (row.cells.get(column.index) ?? '') : '');

async function loadWorkbook(data: Buffer | ArrayBuffer): Promise<ExcelJS.Workbook | string> {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
  // The old binary .xls (an OLE compound file) is a common mistake worth naming.
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))
    return 'This is an old .xls workbook; save it as .xlsx (Excel Workbook) and import it again.';
  const notWorkbook =
    'This file is not an .xlsx workbook (or it is damaged); save the XLSForm as .xlsx and import it again.';
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    return notWorkbook;
  }
  // Any zip loads (a .docx, an .ods); a workbook has at least one sheet.
  return workbook.worksheets.length > 0 ? workbook : notWorkbook;
}

const sheetNamed = (workbook: ExcelJS.Workbook, name: string) =>
  workbook.worksheets.find((ws) => ws.name.trim().toLowerCase() === name);

interface Settings extends XlsFormSettings {
  title?: string;
  defaultLanguage?: string;
  instanceName?: string;
}

function readSettings(reader: Reader, sheet: Sheet | undefined): Settings {
  const settings: Settings = {};
  const row = sheet?.rows[0];
  if (!sheet || !row) return settings;
  if (sheet.rows.length > 1)
    reader.ignored.push(`Sheet '${sheet.name}': only the first row of settings is read (row ${row.number}).`);
  const place: Place = { sheet: sheet.name, row: row.number, columns: new Map() };
  reader.places.set(settings, place);
  for (const column of sheet.columns) {
    const value = cell(row, column);
    const lower = column.header.toLowerCase();
    const known = settingsColumns.get(lower);
    const unsupported = unsupportedSettings.get(lower);
    if (known) {
      if (value) settings[known] = value;
      place.columns.set(known, column.header);
    } else if (
      unsupported &&
      value &&
      (lower !== 'allow_choice_duplicates' || YES.has(value.toLowerCase()))
    ) {
      reader.issue(sheet.name, row.number, column.header, `Not supported: ${unsupported}.`);
    } else if (value) {
      reader.ignored.push(`Setting '${column.header}' is ignored.`);
    }
  }
  return settings;
}

/** Survey columns by header and pyxform's other spellings (lower-cased). */
const surveyColumnNamed = new Map(
  surveyColumns.flatMap((c) => [c.header, ...(c.aliases ?? [])].map((name) => [name, c] as const)),
);

/**
 * The form's languages: default_language first, then in the order columns name them. Text without a
 * language is in default_language when no column names that language explicitly (pyxform's rule),
 * else under DEFAULT_LANGUAGE.
 */
function readLanguages(settings: Settings, localizedColumns: Column[]) {
  const defaultLanguage =
    settings.defaultLanguage && settings.defaultLanguage !== DEFAULT_LANGUAGE
      ? settings.defaultLanguage
      : undefined;
  const explicit = new Set(localizedColumns.flatMap((c) => (c.language ? [c.language] : [])));
  const plain = defaultLanguage && !explicit.has(defaultLanguage) ? defaultLanguage : DEFAULT_LANGUAGE;
  const languages = defaultLanguage ? [defaultLanguage] : [];
  for (const column of localizedColumns) {
    const language = column.language || plain;
    if (!languages.includes(language)) languages.push(language);
  }
  return { languages: languages.length > 0 ? languages : [DEFAULT_LANGUAGE], plain };
}

interface ChoiceColumns {
  listName?: Column;
  name?: Column;
  labels: Column[];
  extra: Column[];
}

function choiceColumns(reader: Reader, sheet: Sheet): ChoiceColumns {
  const columns: ChoiceColumns = { labels: [], extra: [] };
  for (const column of sheet.columns) {
    const unsupported = unsupportedChoiceColumn(column.base);
    if (['list_name', 'list name'].includes(column.base) && !column.language) columns.listName = column;
    else if (column.base === 'name' && !column.language) columns.name = column;
    else if (column.base === 'label') columns.labels.push(column);
    else if (unsupported) {
      for (const row of sheet.rows)
        if (cell(row, column))
          reader.issue(sheet.name, row.number, column.header, `Not supported: ${unsupported}.`);
    } else columns.extra.push(column);
  }
  return columns;
}

function readChoices(reader: Reader, sheet: Sheet | undefined, columns: ChoiceColumns, plain: string) {
  const choices: Record<string, Choice[]> = {};
  if (!sheet) return choices;
  if (!columns.listName || !columns.name) {
    if (sheet.rows.length > 0)
      reader.issue(sheet.name, 1, '', "The choices sheet needs a 'list_name' and a 'name' column.");
    return choices;
  }
  const seen = new Map<string, number>();
  for (const row of sheet.rows) {
    const listName = cell(row, columns.listName);
    const name = cell(row, columns.name);
    if (!listName)
      reader.issue(sheet.name, row.number, columns.listName.header, 'This choice has no list_name.');
    if (!name) reader.issue(sheet.name, row.number, columns.name.header, 'This choice has no name.');
    if (!listName || !name) continue;
    const key = `${listName}\u0000${name}`;
    const first = seen.get(key);
    if (first !== undefined)
      reader.issue(
        sheet.name,
        row.number,
        columns.name.header,
        `The choice name '${name}' is already used in list '${listName}' (row ${first}).`,
      );
    seen.set(key, row.number);
    const place: Place = {
      sheet: sheet.name,
      row: row.number,
      columns: new Map([['name', columns.name.header]]),
    };
    const label: Localized = {};
    for (const column of columns.labels) {
      const language = column.language || plain;
      place.columns.set(placeKey('label', language), column.header);
      const text = cell(row, column);
      if (text) label[language] = text;
    }
    const choice: Choice = { name, label };
    const extra: Record<string, string> = {};
    for (const column of columns.extra) {
      const text = cell(row, column);
      if (text) extra[column.header] = text;
      place.columns.set(placeKey('extra', column.header), column.header);
    }
    if (Object.keys(extra).length > 0) choice.extra = extra;
    reader.places.set(choice, place);
    (choices[listName] ??= []).push(choice);
  }
  return choices;
}

type SurveyRole =
  | { role: 'type' | 'name' }
  | { role: 'field'; column: SurveyColumn; language?: string }
  | { role: 'unsupported'; message: string };

function surveyRoles(reader: Reader, sheet: Sheet, plain: string) {
  const roles = new Map<Column, SurveyRole>();
  const taken = new Map<string, string>();
  for (const column of sheet.columns) {
    const surveyColumn = surveyColumnNamed.get(column.base);
    let role: SurveyRole | undefined;
    if ((column.base === 'type' || column.base === 'name') && !column.language) role = { role: column.base };
    else if (surveyColumn && (surveyColumn.kind === 'localized' || !column.language))
      role = {
        role: 'field',
        column: surveyColumn,
        language: surveyColumn.kind === 'localized' ? column.language || plain : undefined,
      };
    else if (surveyColumn)
      role = { role: 'unsupported', message: `'${surveyColumn.header}' cannot differ by language` };
    else {
      const unsupported = unsupportedSurveyColumn(column.base);
      if (unsupported) role = { role: 'unsupported', message: unsupported };
    }
    if (!role) {
      if (sheet.rows.some((row) => cell(row, column)))
        reader.ignored.push(
          `Survey column '${column.header}' is not an XLSForm column the product reads; ignored.`,
        );
      continue;
    }
    const key = role.role === 'field' ? placeKey(role.column.field, role.language) : role.role;
    const other = taken.get(key);
    if (role.role !== 'unsupported' && other !== undefined) {
      reader.issue(sheet.name, 1, column.header, `The column '${column.header}' repeats '${other}'.`);
      continue;
    }
    taken.set(key, column.header);
    roles.set(column, role);
  }
  return roles;
}

interface Frame {
  question?: Question;
  control: 'group' | 'repeat' | 'loop' | 'root';
  row: number;
  children: Question[];
}

interface SurveyContext {
  reader: Reader;
  sheet: Sheet;
  roles: Map<Column, SurveyRole>;
  typeColumn: Column;
  choices: Record<string, Choice[]>;
  firstLanguage: string;
  /** Question name → the row that first used it. */
  names: Map<string, number>;
}

/** The question a row describes (fields and their columns), without its type-specific checks. */
function rowQuestion(ctx: SurveyContext, row: Row, type: Question['type']): Question {
  const { reader, sheet, typeColumn } = ctx;
  const question: Question = { name: '', type };
  const place: Place = {
    sheet: sheet.name,
    row: row.number,
    columns: new Map([['type', typeColumn.header]]),
  };
  for (const [column, role] of ctx.roles) {
    const value = cell(row, column);
    if (role.role === 'name') {
      question.name = value;
      place.columns.set('name', column.header);
    }
    if (role.role === 'unsupported' && value)
      reader.issue(sheet.name, row.number, column.header, `Not supported: ${role.message}.`);
    if (role.role !== 'field') continue;
    const { field, kind } = role.column;
    place.columns.set(placeKey(field, role.language), column.header);
    if (!place.columns.has(field)) place.columns.set(field, column.header);
    if (!value) continue;
    if (kind === 'localized') {
      const localized = ((question[field] as Localized | undefined) ??= {}) as Localized;
      localized[role.language!] = value;
    } else if (kind === 'parameters') {
      const parameters = parseParameters(value);
      if (parameters) question.parameters = parameters;
      else
        reader.issue(
          sheet.name,
          row.number,
          column.header,
          "Write parameters as 'name=value' pairs separated by spaces.",
        );
    } else if (kind === 'yesOrExpression') {
      const expression = yesOrExpression(value);
      if (expression !== undefined) (question[field] as string) = expression;
    } else (question[field] as string) = value;
  }
  reader.places.set(question, place);
  return question;
}

/** pyxform's dictionary gives a few aliases a constraint and a hint, which the row's own replace. */
function applyAlias(ctx: SurveyContext, question: Question, alias: TypeAlias) {
  if (alias.constraint && question.constraint === undefined) question.constraint = alias.constraint;
  if (alias.hint && question.hint === undefined) question.hint = { [ctx.firstLanguage]: alias.hint };
}

function applySelect(
  ctx: SurveyContext,
  row: Row,
  question: Question,
  parsed: Extract<ParsedType, { kind: 'select' }>,
) {
  const fail = (message: string) =>
    ctx.reader.issue(ctx.sheet.name, row.number, ctx.typeColumn.header, message);
  question.listName = parsed.listName;
  if (parsed.orOther) {
    if (parsed.type === 'select_one' || parsed.type === 'select_multiple') question.orOther = true;
    else fail("'or_other' works only with select_one and select_multiple.");
  }
  if (parsed.type === 'select_one_from_file' || parsed.type === 'select_multiple_from_file') {
    if (!FROM_FILE_EXTENSION.test(parsed.listName))
      fail(`'${parsed.listName}' must be a .csv, .xml or .geojson file name.`);
    else if (!SUPPORTED_FROM_FILE.test(parsed.listName))
      fail(`Not supported: choices from '${parsed.listName}'; only .csv files can be attached.`);
  } else if (!ctx.choices[parsed.listName]) {
    fail(`The choice list '${parsed.listName}' is not on the choices sheet.`);
  }
}

function closeFrame(
  ctx: SurveyContext,
  stack: Frame[],
  row: Row,
  written: string,
  control: Frame['control'],
) {
  const top = stack.at(-1)!;
  if (top.control === control) stack.pop();
  else
    ctx.reader.issue(
      ctx.sheet.name,
      row.number,
      ctx.typeColumn.header,
      top.control === 'root'
        ? `'${written}' has no matching begin ${control}.`
        : `'${written}' cannot close the ${top.control} begun on row ${top.row}.`,
    );
}

/** Names are unique in the whole form: `${name}` and the engine find a question by its name alone. */
function checkName(ctx: SurveyContext, row: Row, question: Question) {
  const column = ctx.reader.places.get(question)?.columns.get('name') ?? 'name';
  if (!question.name)
    return ctx.reader.issue(ctx.sheet.name, row.number, column, 'This question has no name.');
  const first = ctx.names.get(question.name);
  if (first === undefined) ctx.names.set(question.name, row.number);
  else
    ctx.reader.issue(
      ctx.sheet.name,
      row.number,
      column,
      `The name '${question.name}' is already used on row ${first}; each question needs its own.`,
    );
}

function readSurvey(ctx: SurveyContext): Question[] {
  const { reader, sheet, typeColumn } = ctx;
  const root: Frame = { control: 'root', row: 0, children: [] };
  const stack: Frame[] = [root];
  for (const row of sheet.rows) {
    const written = cell(row, typeColumn);
    if (!written) {
      reader.issue(sheet.name, row.number, typeColumn.header, 'This row has no type.');
      continue;
    }
    const parsed = parseType(written);
    if (parsed.kind === 'end') {
      closeFrame(ctx, stack, row, written, parsed.control);
      continue;
    }
    // A refused row still becomes a question, so its other cells are checked and nesting stays right.
    const type =
      parsed.kind === 'plain'
        ? parsed.alias.type
        : parsed.kind === 'select'
          ? parsed.type
          : parsed.kind === 'begin'
            ? parsed.control === 'loop'
              ? 'group'
              : parsed.control
            : 'text';
    const question = rowQuestion(ctx, row, type);
    if (parsed.kind === 'refused') reader.issue(sheet.name, row.number, typeColumn.header, parsed.message);
    if (parsed.kind === 'plain') applyAlias(ctx, question, parsed.alias);
    if (parsed.kind === 'select') applySelect(ctx, row, question, parsed);
    checkName(ctx, row, question);
    stack.at(-1)!.children.push(question);
    if (parsed.kind === 'begin') {
      if (parsed.control === 'loop')
        reader.issue(
          sheet.name,
          row.number,
          typeColumn.header,
          `The type '${written}' is not supported: loops over a list are not supported.`,
        );
      question.children = [];
      stack.push({ question, control: parsed.control, row: row.number, children: question.children });
    }
  }
  for (const open of stack.slice(1))
    reader.issue(
      sheet.name,
      open.row,
      typeColumn.header,
      `This ${open.control} is never closed (no 'end ${open.control}' row).`,
    );
  return root.children;
}

/** Lists a select_multiple or a rank uses: their answers separate choice names by spaces. */
function checkMultipleChoiceNames(reader: Reader, questions: Question[], choices: Record<string, Choice[]>) {
  const lists = new Set<string>();
  for (const { question } of walkQuestions(questions))
    if ((question.type === 'select_multiple' || question.type === 'rank') && question.listName)
      lists.add(question.listName);
  for (const list of lists)
    for (const choice of choices[list] ?? []) {
      const place = reader.places.get(choice);
      if (place && /\s/.test(choice.name))
        reader.issue(
          place.sheet,
          place.row,
          place.columns.get('name')!,
          `The choice name '${choice.name}' has a space, which select_multiple and rank answers cannot hold.`,
        );
    }
}

/**
 * The engine's checks of the built form (ADR 0036), each problem put back on its cell: expressions (with
 * a choice filter's columns and a repeat count's context as the fill page runs them), calculations,
 * ranges, repeat counts. Names, lists and duplicate choices were checked while reading, and a
 * `_from_file` select's CSV cannot be in the workbook: it is attached after the import.
 */
function checkWithEngine(reader: Reader, definition: FormDefinition, sheets: SheetNames) {
  nodeXPathHost();
  const questions = withXmlNames(reader, definition.questions);
  const byPath = new Map<string, Question>();
  for (const { question, parents } of walkQuestions(questions)) {
    const key = [...parents.map((p) => p.name), question.name].join('/');
    if (!byPath.has(key)) byPath.set(key, question);
  }
  for (const problem of checkDefinition({ ...definition, questions })) {
    if (problem.field === 'name' || problem.field === 'listName' || problem.field.startsWith('choices.'))
      continue;
    if (problem.field === 'instanceName') {
      reader.issueUnlessPlaced(placeOfPath(reader, definition, ['instanceName'], sheets), problem.message);
      continue;
    }
    const place = reader.places.get(byPath.get(problem.path.join('/')) ?? {});
    reader.issueUnlessPlaced(
      {
        sheet: place?.sheet ?? sheets.survey,
        row: place?.row ?? 0,
        column: place?.columns.get(problem.field) ?? surveyHeader(problem.field),
      },
      problem.message,
    );
  }
}

/**
 * The questions with a stand-in for each name XML refuses (the schema's check reports those names): the
 * engine makes an XML element per question, and the other rows' problems are still worth listing.
 */
function withXmlNames(reader: Reader, questions: readonly Question[]): Question[] {
  let standIns = 0;
  const copy = (list: readonly Question[]): Question[] =>
    list.map((question) => {
      const name = XML_NAME.test(question.name) ? question.name : `_invalid_name_${++standIns}`;
      const copied = {
        ...question,
        name,
        ...(question.children ? { children: copy(question.children) } : {}),
      };
      reader.places.set(copied, reader.places.get(question)!);
      return copied;
    });
  return copy(questions);
}

/** The header the export writes for a question field (a problem on a column the sheet lacks). */
const surveyHeader = (field: string) => surveyColumns.find((c) => c.field === field)?.header ?? field;

/** The cell a schema issue's path points at: the nearest question or choice on it, and its field's column. */
function placeOfPath(
  reader: Reader,
  definition: FormDefinition,
  path: readonly PropertyKey[],
  sheets: SheetNames,
) {
  const [first] = path;
  if (first === 'title' || first === 'languages' || first === 'instanceName') {
    const field = first === 'title' ? 'title' : first === 'languages' ? 'defaultLanguage' : 'instanceName';
    const place = reader.places.get(sheets.settingsValues);
    const header = {
      title: 'form_title',
      defaultLanguage: 'default_language',
      instanceName: 'instance_name',
    }[field];
    return { sheet: sheets.settings, row: place?.row ?? 0, column: place?.columns.get(field) ?? header };
  }
  let node: unknown = definition;
  let found: Place | undefined;
  let fieldAt = path.length;
  path.forEach((key, i) => {
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    const place = node && typeof node === 'object' ? reader.places.get(node) : undefined;
    if (place) [found, fieldAt] = [place, i + 1];
  });
  if (!found) return { sheet: first === 'choices' ? sheets.choices : sheets.survey, row: 0, column: '' };
  const field = String(path[fieldAt] ?? '');
  const language = path[fieldAt + 1];
  const column =
    (typeof language === 'string' ? found.columns.get(placeKey(field, language)) : undefined) ??
    found.columns.get(field) ??
    field;
  return { sheet: found.sheet, row: found.row, column };
}

interface SheetNames {
  survey: string;
  choices: string;
  settings: string;
  settingsValues: Settings;
}

function sortedIssues(issues: XlsFormIssue[], sheets: SheetNames): XlsFormIssue[] {
  const order = ['', sheets.survey, sheets.choices, sheets.settings];
  const rank = (sheet: string) => (order.includes(sheet) ? order.indexOf(sheet) : order.length);
  const sorted = issues.toSorted((a, b) => rank(a.sheet) - rank(b.sheet) || a.row - b.row);
  if (sorted.length <= MAX_ISSUES) return sorted;
  return [
    ...sorted.slice(0, MAX_ISSUES),
    { sheet: '', row: 0, column: '', message: `… and ${sorted.length - MAX_ISSUES} more problems.` },
  ];
}

const refuse = (sheet: string, row: number, column: string, message: string): XlsFormImport => ({
  ok: false,
  issues: [{ sheet, row, column, message }],
});

/** Reads an XLSForm workbook into a form definition, or every reason it cannot. */
export async function importXlsForm(data: Buffer | ArrayBuffer): Promise<XlsFormImport> {
  const workbook = await loadWorkbook(data);
  if (typeof workbook === 'string') return refuse('', 0, '', workbook);
  const surveyWs = sheetNamed(workbook, 'survey');
  if (!surveyWs) return refuse('survey', 0, '', "The workbook has no 'survey' sheet.");
  const choicesWs = sheetNamed(workbook, 'choices');
  const settingsWs = sheetNamed(workbook, 'settings');
  // Counted before reading, so a huge sheet costs nothing more than its parsing.
  if (surveyWs.actualRowCount - 1 > MAX_SURVEY_ROWS)
    return refuse(
      surveyWs.name,
      0,
      '',
      `The survey sheet has more than ${MAX_SURVEY_ROWS.toLocaleString('en')} rows.`,
    );
  if (choicesWs && choicesWs.actualRowCount - 1 > MAX_CHOICE_ROWS)
    return refuse(
      choicesWs.name,
      0,
      '',
      `The choices sheet has more than ${MAX_CHOICE_ROWS.toLocaleString('en')} rows.`,
    );

  const reader = new Reader();
  for (const ws of workbook.worksheets) {
    if ([surveyWs, choicesWs, settingsWs].includes(ws) || ws.actualRowCount === 0) continue;
    if (ws.name.trim().toLowerCase() === 'entities') reader.issue(ws.name, 0, '', 'Not supported: entities.');
    else reader.ignored.push(`Sheet '${ws.name}' is not part of an XLSForm the product reads; ignored.`);
  }
  const survey = reader.readSheet(surveyWs);
  const choicesSheet = choicesWs && reader.readSheet(choicesWs);
  const settingsSheet = settingsWs && reader.readSheet(settingsWs);
  const settings = readSettings(reader, settingsSheet);
  const sheets: SheetNames = {
    survey: survey.name,
    choices: choicesSheet?.name ?? 'choices',
    settings: settingsSheet?.name ?? 'settings',
    settingsValues: settings,
  };

  const columnsOfChoices = choicesSheet ? choiceColumns(reader, choicesSheet) : { labels: [], extra: [] };
  const { languages, plain } = readLanguages(settings, [
    ...survey.columns.filter((c) => surveyColumnNamed.get(c.base)?.kind === 'localized'),
    ...columnsOfChoices.labels,
  ]);
  const choices = readChoices(reader, choicesSheet, columnsOfChoices, plain);
  const roles = surveyRoles(reader, survey, plain);
  const typeColumn = [...roles].find(([, r]) => r.role === 'type')?.[0];
  if (!typeColumn) reader.issue(survey.name, 1, '', "The survey sheet has no 'type' column.");
  const questions = typeColumn
    ? readSurvey({
        reader,
        sheet: survey,
        roles,
        typeColumn,
        choices,
        firstLanguage: languages[0]!,
        names: new Map(),
      })
    : [];
  checkMultipleChoiceNames(reader, questions, choices);

  const definition: FormDefinition = {
    title: settings.title ?? settings.formId ?? 'Untitled form',
    languages,
    ...(settings.instanceName !== undefined ? { instanceName: settings.instanceName } : {}),
    questions,
    choices,
  };
  checkWithEngine(reader, definition, sheets);
  const parsed = formDefinition.safeParse(definition);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      reader.issueUnlessPlaced(placeOfPath(reader, definition, issue.path, sheets), issue.message);
  if (reader.issues.length > 0 || !parsed.success)
    return { ok: false, issues: sortedIssues(reader.issues, sheets) };
  const kept: XlsFormSettings = {};
  if (settings.formId !== undefined) kept.formId = settings.formId;
  if (settings.version !== undefined) kept.version = settings.version;
  return { ok: true, definition: parsed.data, ignored: [...new Set(reader.ignored)], settings: kept };
}
