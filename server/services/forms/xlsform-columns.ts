import type { Question, QuestionType } from '../../../contract/forms/definition';

/*
 * The XLSForm vocabulary shared by the import and the export (issue 14): question types with pyxform's
 * aliases (pyxform/aliases.py and question_type_dictionary.py), the survey, choices and settings
 * columns of xlsform.org, and what the product does not support. The import reads every alias; the
 * export writes the canonical spelling, so a form moves to Kobo/ODK and back unchanged.
 */

/** A plain question type: the product's type, plus the defaults pyxform's type dictionary adds. */
export interface TypeAlias {
  type: QuestionType;
  /** pyxform's dictionary gives a few aliases a constraint and hint (`phone number`, `percentage`). */
  constraint?: string;
  hint?: string;
}

const aliasesOf = (type: QuestionType, names: string[], extra: Omit<TypeAlias, 'type'> = {}) =>
  names.map((name) => [name.toLowerCase(), { type, ...extra }] as const);

/** Lower-cased type → product type. pyxform spells some both ways (`datetime`, `dateTime`). */
export const typeAliases: ReadonlyMap<string, TypeAlias> = new Map([
  ...aliasesOf('text', ['text', 'string', 'q string', 'add text prompt']),
  ...aliasesOf('integer', ['integer', 'int', 'q int', 'add integer prompt']),
  ...aliasesOf('integer', ['percentage'], { constraint: '0 <= . and . <= 100' }),
  ...aliasesOf('integer', ['number of days in last month'], {
    constraint: '0 <= . and . <= 31',
    hint: 'Enter a number 0-31.',
  }),
  ...aliasesOf('integer', ['number of days in last six months'], {
    constraint: '0 <= . and . <= 183',
    hint: 'Enter a number 0-183.',
  }),
  ...aliasesOf('integer', ['number of days in last year'], {
    constraint: '0 <= . and . <= 365',
    hint: 'Enter a number 0-365.',
  }),
  ...aliasesOf('decimal', ['decimal', 'q decimal', 'add decimal prompt']),
  ...aliasesOf('range', ['range']),
  ...aliasesOf('date', ['date', 'q date', 'add date prompt']),
  ...aliasesOf('time', ['time']),
  ...aliasesOf('dateTime', [
    'dateTime',
    'date time',
    'q date time',
    'q dateTime',
    'add date time prompt',
    'add dateTime prompt',
  ]),
  ...aliasesOf('note', ['note', 'q note', 'add note prompt']),
  ...aliasesOf('acknowledge', ['acknowledge', 'q acknowledge', 'add acknowledge prompt', 'trigger']),
  ...aliasesOf('geopoint', [
    'geopoint',
    'gps',
    'location',
    'q location',
    'q geopoint',
    'add location prompt',
  ]),
  ...aliasesOf('geotrace', ['geotrace', 'q geotrace']),
  ...aliasesOf('geoshape', ['geoshape', 'q geoshape']),
  ...aliasesOf('image', ['image', 'photo', 'q picture', 'q image', 'add image prompt', 'add photo prompt']),
  ...aliasesOf('audio', ['audio', 'q audio', 'add audio prompt']),
  ...aliasesOf('video', ['video', 'q video', 'add video prompt']),
  ...aliasesOf('file', ['file', 'add file prompt']),
  ...aliasesOf('barcode', ['barcode', 'q barcode', 'add barcode prompt']),
  ...aliasesOf('calculate', ['calculate', 'q calculate', 'add calculate prompt']),
  ...aliasesOf('hidden', ['hidden']),
  ...aliasesOf('start', ['start', 'start time', 'get start time']),
  ...aliasesOf('end', ['end', 'end time', 'get end time']),
  ...aliasesOf('today', ['today', 'get today']),
  ...aliasesOf('deviceid', ['deviceid', 'device id', 'get device id', 'imei']),
  ...aliasesOf('username', ['username']),
  ...aliasesOf('phonenumber', ['phonenumber', 'get phone number']),
  ...aliasesOf('email', ['email']),
  // Not the metadata `phonenumber`: pyxform's `phone number` is a text question taking digits only.
  ...aliasesOf('text', ['phone number'], { constraint: "regex(., '^\\d*$')", hint: 'Enter numbers only.' }),
]);

type SelectType =
  'select_one' | 'select_multiple' | 'rank' | 'select_one_from_file' | 'select_multiple_from_file';

/** pyxform's select aliases (`<alias> <list> [or_other]`), longest first so `select one from` wins. */
export const selectAliases: readonly (readonly [string, SelectType])[] = (
  [
    ['add select one prompt using', 'select_one'],
    ['add select multiple prompt using', 'select_multiple'],
    ['select all that apply from', 'select_multiple'],
    ['select one from', 'select_one'],
    ['select1', 'select_one'],
    ['select_one', 'select_one'],
    ['select one', 'select_one'],
    ['select_multiple', 'select_multiple'],
    ['select all that apply', 'select_multiple'],
    ['select_one_from_file', 'select_one_from_file'],
    ['select_multiple_from_file', 'select_multiple_from_file'],
    ['select one from file', 'select_one_from_file'],
    ['select multiple from file', 'select_multiple_from_file'],
    ['rank', 'rank'],
  ] as const
).toSorted((a, b) => b[0].length - a[0].length);

/** The words after a select's list name that add an "other" choice. */
export const orOtherSuffixes = ['or specify other', 'or_other', 'or other'];

/** The files a `_from_file` select may name, and the one kind the product reads (its attachments are CSV). */
export const FROM_FILE_EXTENSION = /\.(csv|xml|geojson)$/i;
export const SUPPORTED_FROM_FILE = /\.csv$/i;

/** `begin`/`end` + control (space or underscore between, as pyxform's regex allows). */
export const controlAliases: ReadonlyMap<string, 'group' | 'repeat' | 'loop'> = new Map([
  ['group', 'group'],
  ['lgroup', 'repeat'],
  ['repeat', 'repeat'],
  ['looped group', 'repeat'],
  ['loop', 'loop'],
]);

/** Types pyxform accepts that the product does not fill, with why (lower-cased). */
export const unsupportedTypes: ReadonlyMap<string, string> = new Map([
  ['background-audio', 'recording audio in the background is not supported'],
  ['background-geopoint', 'recording a location in the background is not supported'],
  ['start-geopoint', 'recording the location when the form opens is not supported'],
  ['audit', 'audit logs are not supported'],
  ['xml-external', 'external XML data is not supported'],
  ['csv-external', 'external CSV data (pulldata) is not supported'],
  ['osm', 'OpenStreetMap questions are not supported'],
  ['select_one_external', 'external selects (external_choices) are not supported'],
  ['select one external', 'external selects (external_choices) are not supported'],
  ['cascading select', 'cascading selects of the old syntax are not supported; use choice_filter'],
  ['cascading_select', 'cascading selects of the old syntax are not supported; use choice_filter'],
  ['simserial', 'the SIM serial is not available to the product'],
  ['sim id', 'the SIM serial is not available to the product'],
  ['get sim id', 'the SIM serial is not available to the product'],
  ['subscriberid', 'the subscriber id is not available to the product'],
  ['subscriber id', 'the subscriber id is not available to the product'],
  ['get subscriber id', 'the subscriber id is not available to the product'],
  ['uri:subscriberid', 'the subscriber id is not available to the product'],
  ['uri:simserial', 'the SIM serial is not available to the product'],
  ['uri:deviceid', 'URI-formatted metadata is not supported; use deviceid'],
  ['uri:phonenumber', 'URI-formatted metadata is not supported; use phonenumber'],
  ['uri:username', 'URI-formatted metadata is not supported; use username'],
  ['uri:email', 'URI-formatted metadata is not supported; use email'],
]);

/** How a survey column's cells become a question field. */
export type ColumnKind = 'localized' | 'yesOrExpression' | 'expression' | 'text' | 'parameters';

export interface SurveyColumn {
  field: keyof Question;
  /** The header the export writes. */
  header: string;
  kind: ColumnKind;
  /** Other spellings pyxform reads (survey_header in aliases.py), lower-cased. */
  aliases?: string[];
}

/** The survey columns after `type` and `name`, in the order the export writes them. */
export const surveyColumns: readonly SurveyColumn[] = [
  { field: 'label', header: 'label', kind: 'localized', aliases: ['caption'] },
  { field: 'hint', header: 'hint', kind: 'localized' },
  { field: 'required', header: 'required', kind: 'yesOrExpression' },
  {
    field: 'requiredMessage',
    header: 'required_message',
    kind: 'localized',
    aliases: ['required message', 'requiredmsg', 'jr:requiredmsg'],
  },
  { field: 'relevant', header: 'relevant', kind: 'expression', aliases: ['relevance'] },
  { field: 'constraint', header: 'constraint', kind: 'expression' },
  {
    field: 'constraintMessage',
    header: 'constraint_message',
    kind: 'localized',
    aliases: ['constraint message', 'constraining message', 'jr:constraintmsg'],
  },
  { field: 'calculation', header: 'calculation', kind: 'expression', aliases: ['calculate'] },
  { field: 'default', header: 'default', kind: 'text' },
  { field: 'readOnly', header: 'read_only', kind: 'yesOrExpression', aliases: ['readonly'] },
  { field: 'choiceFilter', header: 'choice_filter', kind: 'expression' },
  { field: 'appearance', header: 'appearance', kind: 'text' },
  { field: 'parameters', header: 'parameters', kind: 'parameters' },
  { field: 'repeatCount', header: 'repeat_count', kind: 'expression', aliases: ['count', 'jr:count'] },
];

/** pyxform's yes_no table (case-insensitive here): `yes` is `true()`, `no` is the same as empty. */
export const YES = new Set(['yes', 'true', 'true()']);
export const NO = new Set(['no', 'false', 'false()']);

/** Survey columns whose cells the product cannot honour (media, custom attributes, triggers …). */
export function unsupportedSurveyColumn(base: string): string | null {
  if (['image', 'big-image', 'audio', 'video', 'media'].includes(base))
    return 'media (images, audio, video) in labels is not supported';
  if (base === 'guidance_hint') return 'guidance hints are not supported';
  if (base === 'trigger') return 'triggers (setting a value when another question changes) are not supported';
  if (['body', 'control', 'autoplay', 'rows'].includes(base))
    return 'custom control attributes are not supported';
  if (base === 'bind') return 'custom bind attributes are not supported';
  if (base === 'instance') return 'custom instance attributes are not supported';
  if (base === 'save_to') return 'entities (save_to) are not supported';
  if (['no_app_error_string', 'noapperrorstring'].includes(base))
    return 'no_app_error_string is not supported';
  if (base === 'disabled') return 'the disabled column is not supported';
  if (base.startsWith('sms') || base === 'compact_tag') return 'SMS columns are not supported';
  return null;
}

/** Choices columns that are not `extra` data but media the product does not show. */
export const unsupportedChoiceColumn = (base: string) =>
  ['image', 'big-image', 'audio', 'video', 'media'].includes(base)
    ? 'media (images, audio, video) in choices is not supported'
    : null;

/** The settings the product keeps (with pyxform's aliases), lower-cased. */
export const settingsColumns: ReadonlyMap<
  string,
  'title' | 'formId' | 'version' | 'defaultLanguage' | 'instanceName'
> = new Map([
  ['form_title', 'title'],
  ['set form title', 'title'],
  ['form_id', 'formId'],
  ['set form id', 'formId'],
  ['version', 'version'],
  ['default_language', 'defaultLanguage'],
  ['instance_name', 'instanceName'],
]);

/**
 * Settings that would change what the form does (where data goes, how it is encrypted, what a list
 * may hold): refused. allow_choice_duplicates only when it says yes.
 */
export const unsupportedSettings: ReadonlyMap<string, string> = new Map([
  ['submission_url', 'sending submissions to another server is not supported'],
  ['public_key', 'encrypted forms are not supported'],
  ['allow_choice_duplicates', 'duplicate choice names in a list are not supported'],
]);

/*
 * Every other setting is ignored and named in the import's `ignored` list. Those pyxform knows are
 * harmless here: `style` (Enketo's theme and pages), `name` (the XML root's name), `namespaces` (only
 * for the bind::/instance:: columns, refused on their own), `auto_send`/`auto_delete` (ODK Collect's
 * device behaviour), `clean_text_values` (whitespace in labels), `sms_*`, `prefix` and `delimiter`
 * (SMS submission, which the product does not offer).
 */

export type ParsedType =
  | { kind: 'plain'; alias: TypeAlias }
  | { kind: 'select'; type: (typeof selectAliases)[number][1]; listName: string; orOther: boolean }
  | { kind: 'begin' | 'end'; control: 'group' | 'repeat' | 'loop' }
  | { kind: 'refused'; message: string };

/** A survey row's type, read as pyxform reads it (aliases, `begin`/`end` with a space or `_`). */
export function parseType(written: string): ParsedType {
  const text = written.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  // Alone or before a list name (`osm buildings`, `select_one_external list`).
  const unsupported = [...unsupportedTypes].find(([name]) => lower === name || lower.startsWith(`${name} `));
  if (unsupported)
    return { kind: 'refused', message: `The type '${text}' is not supported: ${unsupported[1]}.` };
  const alias = typeAliases.get(lower);
  if (alias) return { kind: 'plain', alias };
  const control = /^(begin|end)[ _](.+)$/.exec(lower);
  if (control) {
    const [, kind, rest = ''] = control;
    const name = kind === 'begin' && /^loop( |$)/.test(rest) ? 'loop' : controlAliases.get(rest);
    if (name === 'loop')
      return kind === 'begin' ? { kind: 'begin', control: 'loop' } : { kind: 'end', control: 'loop' };
    if (name) return { kind: kind as 'begin' | 'end', control: name };
  }
  for (const [selectAlias, type] of selectAliases) {
    if (lower === selectAlias)
      return { kind: 'refused', message: `The type '${text}' needs a choice list name after it.` };
    if (!lower.startsWith(`${selectAlias} `)) continue;
    const [listName = '', ...words] = text.slice(selectAlias.length + 1).split(' ');
    const suffix = words.join(' ').toLowerCase();
    if (suffix && !orOtherSuffixes.includes(suffix))
      return {
        kind: 'refused',
        message: `The type '${text}' is not one XLSForm knows: only 'or_other' may follow the list name.`,
      };
    return { kind: 'select', type, listName, orOther: suffix !== '' };
  }
  return { kind: 'refused', message: `The type '${text}' is not one XLSForm knows.` };
}

/** The yes/no-or-expression columns: `yes` is `true()`, `no` and empty are absent. */
export function yesOrExpression(value: string): string | undefined {
  const lower = value.toLowerCase();
  if (YES.has(lower)) return 'true()';
  if (NO.has(lower) || !value) return undefined;
  return value;
}

/** pyxform's parameter grammar: `key=value` pairs split by spaces, commas or semicolons. */
export function parseParameters(value: string): Record<string, string> | null {
  const parts = value
    .replace(/\s*=\s*/g, '=')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const parameters: Record<string, string> = {};
  for (const part of parts) {
    const pair = /^([^=]+)=([^=]+)$/.exec(part);
    if (!pair) return null;
    const key = pair[1]!.toLowerCase();
    // pyxform lower-cases values except these, which name files and columns.
    parameters[key] = ['value', 'label', 'reference-geometry'].includes(key)
      ? pair[2]!
      : pair[2]!.toLowerCase();
  }
  return parameters;
}

/** The export's spelling of the yes/no-or-expression columns. */
export const writeYesOrExpression = (value: string) => (value === 'true()' ? 'yes' : value);

/** The export's spelling of parameters, which parseParameters reads back. */
export const writeParameters = (parameters: Record<string, string>) =>
  Object.entries(parameters)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
