import type { Answers } from '../../../../contract/forms/answers';
import { isMediaType, textIn } from '../../../../contract/forms/definition';
import type { ColumnPart, ExportColumn, RowScope } from './export-types';
import type { MergedQuestion } from './merged-questions';

export interface ColumnOptions {
  /** Question labels as headers and choice labels as values, instead of names. */
  labels: boolean;
  language: string;
  /** `${origin}/api/forms/{formId}/submissions`: a media answer's link is `${base}/{submissionId}/media/{name}`. */
  mediaBase: string;
}

/** The text answer at `path` (names through groups) in `answers`; '' when absent or not text. */
export function answerAt(answers: Answers, path: readonly string[]): string {
  let node: Answers | Answers[] | string | undefined = answers;
  for (const name of path) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return '';
    node = node[name];
  }
  return typeof node === 'string' ? node : '';
}

/** The space-separated parts of an answer: a select_multiple's choices, a geopoint's numbers. */
const words = (value: string) => value.split(/\s+/).filter(Boolean);

/*
 * Several choice labels in one cell are joined with '; ', not the instance's space: labels hold spaces
 * ("Clean water; Latrine" stays readable where "Clean water Latrine" does not).
 */
const LABEL_SEPARATOR = '; ';

const GEO_PARTS = ['latitude', 'longitude', 'altitude', 'precision'] as const;

/** The columns of one answered question (not a group, repeat or note), as the options write them. */
export function questionColumns(
  node: MergedQuestion,
  relPath: readonly string[],
  fullPath: readonly string[],
  options: ColumnOptions,
): ExportColumn[] {
  const q = node.question;
  const key = fullPath.join('/');
  const title = options.labels ? textIn(q.label, options.language) || q.name : key;
  const raw = (row: RowScope) => answerAt(row.answers, relPath);
  const column = (
    header: string,
    part: ColumnPart,
    value: (row: RowScope) => string,
    numeric = false,
  ): ExportColumn => ({ header, numeric, question: key, part, value });

  const labelOf = new Map(node.choices.map((c) => [c.name, textIn(c.label, options.language) || c.name]));
  const label = (name: string) => labelOf.get(name) ?? name;

  switch (q.type) {
    case 'integer':
    case 'decimal':
    case 'range':
      return [column(title, 'value', raw, true)];
    case 'select_one':
    case 'select_one_from_file':
      return [column(title, 'value', options.labels ? (row) => label(raw(row)) : raw)];
    case 'rank':
      return [
        column(
          title,
          'value',
          options.labels ? (row) => words(raw(row)).map(label).join(LABEL_SEPARATOR) : raw,
        ),
      ];
    case 'select_multiple':
    case 'select_multiple_from_file': {
      const rawColumn = column(
        title,
        'value',
        options.labels ? (row) => words(raw(row)).map(label).join(LABEL_SEPARATOR) : raw,
      );
      // Kobo's convention: one column per choice, 1 when chosen, 0 when not, empty when unanswered.
      const perChoice = node.choices.map((choice) =>
        column(
          `${title}/${options.labels ? label(choice.name) : choice.name}`,
          'choice',
          (row) => {
            const value = raw(row);
            if (value.trim() === '') return '';
            return words(value).includes(choice.name) ? '1' : '0';
          },
          true,
        ),
      );
      return [rawColumn, ...perChoice];
    }
    case 'geopoint': {
      // ODK's geopoint is `latitude longitude altitude accuracy`, separated by spaces.
      const parts = GEO_PARTS.map((part, at) =>
        column(`${title}/${part}`, part, (row) => words(raw(row))[at] ?? '', true),
      );
      return [column(title, 'value', raw), ...parts];
    }
    default:
      if (isMediaType(q.type))
        return [
          column(title, 'value', (row) => {
            const name = raw(row);
            return name === ''
              ? ''
              : `${options.mediaBase}/${encodeURIComponent(row.submission.id)}/media/${encodeURIComponent(name)}`;
          }),
        ];
      return [column(title, 'value', raw)];
  }
}
