import type { z } from 'zod';
import type { attachedTable, choice, formDefinition, localized } from './definition-schema';

/*
 * One JSON form definition (issue 14): what the builder edits, the XLSForm import makes and the export
 * writes back, the fill page renders and the server validates submissions against. It mirrors XLSForm's
 * survey and choices sheets so forms move to and from KoboToolbox and ODK without loss: expressions are
 * written as in XLSForm (`${name}` references, ODK's XPath functions) and the engine
 * (contract/forms/engine) turns them into XPath over the answers' XML instance.
 */

/** Every question type of XLSForm's type table that the product fills (pyxform's aliases map onto these). */
export const questionTypes = [
  'text',
  'integer',
  'decimal',
  'range',
  'date',
  'time',
  'dateTime',
  'select_one',
  'select_multiple',
  'rank',
  'select_one_from_file',
  'select_multiple_from_file',
  'note',
  'acknowledge',
  'geopoint',
  'geotrace',
  'geoshape',
  'image',
  'audio',
  'video',
  'file',
  'barcode',
  'calculate',
  'hidden',
  'start',
  'end',
  'today',
  'deviceid',
  'username',
  'phonenumber',
  'email',
  'group',
  'repeat',
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** Filled in by the device, never shown (XLSForm's metadata types). */
export const metadataTypes = [
  'start',
  'end',
  'today',
  'deviceid',
  'username',
  'phonenumber',
  'email',
] as const satisfies readonly QuestionType[];
export const selectTypes = [
  'select_one',
  'select_multiple',
  'rank',
  'select_one_from_file',
  'select_multiple_from_file',
] as const satisfies readonly QuestionType[];
/** Answers that are files (uploaded through the file layer; the answer holds the file's name). */
export const mediaTypes = ['image', 'audio', 'video', 'file'] as const satisfies readonly QuestionType[];
export const containerTypes = ['group', 'repeat'] as const satisfies readonly QuestionType[];

export const isMetadataType = (t: QuestionType) => (metadataTypes as readonly string[]).includes(t);
export const isSelectType = (t: QuestionType) => (selectTypes as readonly string[]).includes(t);
export const isMediaType = (t: QuestionType) => (mediaTypes as readonly string[]).includes(t);
export const isContainerType = (t: QuestionType) => (containerTypes as readonly string[]).includes(t);

/** The key of text written without a language (XLSForm's plain `label` column). */
export const DEFAULT_LANGUAGE = 'default';

/**
 * Text in several languages: language name as XLSForm writes it (`English (en)`) → text; text without a
 * language is under DEFAULT_LANGUAGE.
 */
export type Localized = z.infer<typeof localized>;

/** An XML element name, as XLSForm requires of question and choice-list names. */
export const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
export interface Question {
  name: string;
  type: QuestionType;
  label?: Localized;
  hint?: Localized;
  /** `true()` for XLSForm's `yes`, or an expression. */
  required?: string;
  requiredMessage?: Localized;
  relevant?: string;
  constraint?: string;
  constraintMessage?: Localized;
  calculation?: string;
  default?: string;
  /** `true()` for XLSForm's `yes`, or an expression. */
  readOnly?: string;
  choiceFilter?: string;
  appearance?: string;
  /** Selects: the choice list; `_from_file` selects: the attached file's name. */
  listName?: string;
  orOther?: boolean;
  /** XLSForm's `parameters` column (range start/end/step, image max-pixels, …). */
  parameters?: Record<string, string>;
  /** Groups and repeats. */
  children?: Question[];
  repeatCount?: string;
}

/** One choice of a list (the choices sheet's row). */
export type Choice = z.infer<typeof choice>;
/** A CSV file attached to the form (`select_one_from_file`): its rows, `name` and `label` columns required. */
export type AttachedTable = z.infer<typeof attachedTable>;
export type FormDefinition = z.infer<typeof formDefinition>;

/** Each question with its path of names from the form's root (`['household', 'member', 'age']`). */
export function* walkQuestions(
  questions: readonly Question[],
  parents: readonly Question[] = [],
): Generator<{ question: Question; parents: readonly Question[] }> {
  for (const q of questions) {
    yield { question: q, parents };
    if (q.children) yield* walkQuestions(q.children, [...parents, q]);
  }
}

/** The text in `language`, else the default language's, else any. */
export function textIn(value: Localized | undefined, language?: string): string {
  if (!value) return '';
  return (
    (language !== undefined ? value[language] : undefined) ??
    value[DEFAULT_LANGUAGE] ??
    Object.values(value)[0] ??
    ''
  );
}
