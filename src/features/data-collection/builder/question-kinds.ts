import {
  DEFAULT_LANGUAGE,
  isMetadataType,
  isSelectType,
  questionTypes,
  type Choice,
  type FormDefinition,
  type Question,
  type QuestionType,
} from '@contract/forms/definition';
import { questionNames, uniqueName } from './tree';

/*
 * What the 'Add question' picker offers: every question type of the contract under a friendly name,
 * plus a Signature, which XLSForm writes as a photo with the `signature` appearance.
 */

export type QuestionKindId = QuestionType | 'signature';

export interface QuestionKind {
  id: QuestionKindId;
  type: QuestionType;
  label: string;
  /** Said under the name in the picker. */
  description: string;
  appearance?: string;
}

const kinds: Record<QuestionType, Omit<QuestionKind, 'id' | 'type'>> = {
  text: { label: 'Text', description: 'A word, a name, a sentence.' },
  integer: { label: 'Integer', description: 'A whole number.' },
  decimal: { label: 'Decimal', description: 'A number with decimals.' },
  range: { label: 'Range', description: 'A number picked on a scale.' },
  date: { label: 'Date', description: 'A day of the calendar.' },
  time: { label: 'Time', description: 'A time of day.' },
  dateTime: { label: 'Date and time', description: 'A day and a time.' },
  select_one: { label: 'Select one', description: 'One choice from a list.' },
  select_multiple: { label: 'Select multiple', description: 'Several choices from a list.' },
  rank: { label: 'Rank', description: 'The choices put in order.' },
  select_one_from_file: { label: 'Select one from file', description: 'One choice from an attached file.' },
  select_multiple_from_file: {
    label: 'Select multiple from file',
    description: 'Several choices from an attached file.',
  },
  note: { label: 'Note', description: 'Text to read; no answer.' },
  acknowledge: { label: 'Acknowledge', description: 'A box to tick to agree.' },
  geopoint: { label: 'GPS point', description: 'One location.' },
  geotrace: { label: 'GPS trace', description: 'A line of locations.' },
  geoshape: { label: 'GPS area', description: 'An area drawn with locations.' },
  image: { label: 'Photo', description: 'A picture taken or chosen.' },
  audio: { label: 'Audio', description: 'A sound recording.' },
  video: { label: 'Video', description: 'A video recording.' },
  file: { label: 'File', description: 'Any file.' },
  barcode: { label: 'Barcode', description: 'A barcode or QR code scanned.' },
  calculate: { label: 'Calculate', description: 'A value worked out from other answers; hidden.' },
  hidden: { label: 'Hidden', description: 'A value kept with the response; never shown.' },
  start: { label: 'Start time', description: 'When the form was opened (filled in by the device).' },
  end: { label: 'End time', description: 'When the form was finished (filled in by the device).' },
  today: { label: 'Today', description: 'The day of filling (filled in by the device).' },
  deviceid: { label: 'Device id', description: 'The device’s id (filled in by the device).' },
  username: { label: 'Username', description: 'Who filled the form (filled in by the device).' },
  phonenumber: { label: 'Phone number', description: 'The device’s phone number, if known.' },
  email: { label: 'Email', description: 'The filler’s email, if known.' },
  group: { label: 'Group', description: 'Questions kept together, shown indented.' },
  repeat: { label: 'Repeat', description: 'Questions asked again for each member, visit…' },
};

const signature: QuestionKind = {
  id: 'signature',
  type: 'image',
  appearance: 'signature',
  label: 'Signature',
  description: 'A signature drawn on the screen.',
};

/** The picker's entries in the contract's order, the Signature after the Photo. */
export const questionKinds: readonly QuestionKind[] = questionTypes.flatMap((type) => {
  const kind: QuestionKind = { id: type, type, ...kinds[type] };
  return type === 'image' ? [kind, signature] : [kind];
});

export const questionKind = (id: QuestionKindId): QuestionKind =>
  questionKinds.find((k) => k.id === id) ?? questionKinds[0]!;

/** The picker entry a question is shown as (a photo with the signature appearance is a Signature). */
export function kindOf(question: Pick<Question, 'type' | 'appearance'>): QuestionKind {
  if (question.type === 'image' && hasAppearance(question.appearance, 'signature')) return signature;
  return questionKind(question.type);
}

export const typeLabel = (question: Pick<Question, 'type' | 'appearance'>) => kindOf(question).label;

/** Appearances are space-separated words (`minimal quick`). */
export const hasAppearance = (appearance: string | undefined, word: string) =>
  (appearance ?? '').split(/\s+/).includes(word);

export function withAppearance(
  appearance: string | undefined,
  word: string,
  on: boolean,
): string | undefined {
  const words = (appearance ?? '').split(/\s+/).filter((w) => w && w !== word);
  if (on) words.push(word);
  return words.length ? words.join(' ') : undefined;
}

/** The conventional names of the device-filled questions, and a type-based stem for the rest. */
const nameStem = (kind: QuestionKind) => (isMetadataType(kind.type) ? kind.id : `${kind.id}_1`);

/** Lists whose choices are typed in the builder (not read from an attached file). */
export const hasChoiceList = (type: QuestionType) => isSelectType(type) && !type.endsWith('_from_file');

/**
 * A new question of `kind` with a free name, and, for a select, a new choice list of two choices
 * named after it (the question may then be pointed at a list another question uses).
 */
export function createQuestion(
  kindId: QuestionKindId,
  definition: Pick<FormDefinition, 'questions' | 'choices' | 'languages'>,
): { question: Question; choices?: { listName: string; list: Choice[] } } {
  const kind = questionKind(kindId);
  const name = uniqueName(nameStem(kind), questionNames(definition.questions));
  const question: Question = { name, type: kind.type };
  if (kind.appearance) question.appearance = kind.appearance;
  if (kind.type === 'range') question.parameters = { start: '0', end: '10', step: '1' };
  if (kind.type === 'group' || kind.type === 'repeat') question.children = [];
  if (kind.type.endsWith('_from_file')) question.listName = `${name}.csv`;
  if (!hasChoiceList(kind.type)) return { question };
  const listName = uniqueName(name, new Set(Object.keys(definition.choices)));
  question.listName = listName;
  const language = definition.languages[0] ?? DEFAULT_LANGUAGE;
  const list = [1, 2].map((n) => ({ name: `option_${n}`, label: { [language]: `Option ${n}` } }));
  return { question, choices: { listName, list } };
}

const notAnswered = new Set<QuestionType>(['note', 'group', 'repeat', 'calculate', 'hidden']);

/** A question the person filling the form answers (required, read only, constraint and default apply). */
export const isAnswered = (type: QuestionType) => !notAnswered.has(type) && !isMetadataType(type);

/** A question shown with a label and hint. */
export const isLabelled = (type: QuestionType) =>
  !isMetadataType(type) && type !== 'calculate' && type !== 'hidden';

/** A question holding a value other questions' rules can read. */
export const holdsValue = (type: QuestionType) => type !== 'note' && type !== 'group' && type !== 'repeat';

/** The kinds a question may change into: a group into a repeat and back, any other among the others. */
export const kindsFor = (question: Pick<Question, 'type'>) =>
  questionKinds.filter((k) =>
    question.type === 'group' || question.type === 'repeat'
      ? k.type === 'group' || k.type === 'repeat'
      : k.type !== 'group' && k.type !== 'repeat',
  );

/** Appearance words people use for each type, offered as suggestions (XLSForm's appearance column). */
export function appearanceSuggestions(type: QuestionType): string[] {
  switch (type) {
    case 'text':
      return ['multiline', 'numbers', 'url'];
    case 'integer':
    case 'decimal':
      return ['thousands-sep', 'counter'];
    case 'range':
      return ['vertical', 'picker', 'rating', 'no-ticks'];
    case 'date':
      return [
        'no-calendar',
        'month-year',
        'year',
        'ethiopian',
        'coptic',
        'islamic',
        'bikram-sambat',
        'myanmar',
        'persian',
      ];
    case 'select_one':
    case 'select_multiple':
    case 'select_one_from_file':
    case 'select_multiple_from_file':
      return [
        'minimal',
        'columns',
        'columns-pack',
        'likert',
        'autocomplete',
        'quick',
        'label',
        'list-nolabel',
        'map',
      ];
    case 'image':
      return ['signature', 'draw', 'annotate', 'new', 'new-front'];
    case 'geopoint':
      return ['maps', 'placement-map'];
    case 'group':
      return ['field-list', 'table-list'];
    case 'repeat':
      return ['field-list'];
    default:
      return [];
  }
}
