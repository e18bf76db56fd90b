import type { Answers } from '@contract/forms/answers';
import {
  DEFAULT_LANGUAGE,
  isContainerType,
  isMetadataType,
  textIn,
  walkQuestions,
  type Choice,
  type FormDefinition,
  type Question,
} from '@contract/forms/definition';

/*
 * What the responses screen reads from a form's published definition: its questions by path with
 * their labels in a language, how an answer reads (a choice's label, not its name), which questions
 * make the table's columns and the filter's picker, and the export's repeat tables.
 */

export interface QuestionInfo {
  /** Names from the form's root, '/'-separated: 'household/age'. */
  path: string;
  question: Question;
  /** The groups and repeats it sits in, outermost first. */
  parents: readonly Question[];
  /** Inside a repeat: one answer per instance, not per response. */
  inRepeat: boolean;
  /** Its choice list (selects). */
  choices: readonly Choice[];
}

/** The languages a reader may pick from: the form's own, or none when it has only unnamed text. */
export const labelLanguages = (definition: FormDefinition) =>
  definition.languages.filter((l) => l !== DEFAULT_LANGUAGE);

/** Every question holding an answer (not groups, repeats or notes), in form order. */
export function answerQuestions(definition: FormDefinition): QuestionInfo[] {
  const out: QuestionInfo[] = [];
  for (const { question, parents } of walkQuestions(definition.questions)) {
    if (isContainerType(question.type) || question.type === 'note') continue;
    out.push({
      path: [...parents.map((p) => p.name), question.name].join('/'),
      question,
      parents,
      inRepeat: parents.some((p) => p.type === 'repeat'),
      choices: (question.listName && definition.choices[question.listName]) || [],
    });
  }
  return out;
}

/** A question's label in `language`, else its name. */
export const questionLabel = (question: Question, language?: string) =>
  textIn(question.label, language) || question.name;

/** One answer per response, shown to people (device metadata is not): the table's columns and the filter's picker. */
export const responseLevelQuestions = (definition: FormDefinition) =>
  answerQuestions(definition).filter(
    (q) => !q.inRepeat && !isMetadataType(q.question.type) && q.question.type !== 'calculate',
  );

/** The table's question columns: the first few questions a person answered. */
export const TABLE_QUESTION_COLUMNS = 8;
export const tableQuestions = (definition: FormDefinition) =>
  responseLevelQuestions(definition).slice(0, TABLE_QUESTION_COLUMNS);

const isMultiple = (q: Question) => q.type === 'select_multiple' || q.type === 'select_multiple_from_file';

/** A choice's label, or its name when the list does not hold it ('other' answers, older versions). */
export function choiceLabel(choices: readonly Choice[], name: string, language?: string): string {
  const choice = choices.find((c) => c.name === name);
  return (choice && textIn(choice.label, language)) || name;
}

/** How an answer reads: choices by label, a GPS point as 'lat, lon', anything else as written. */
export function displayValue(
  info: Pick<QuestionInfo, 'question' | 'choices'>,
  raw: string,
  language?: string,
) {
  const value = raw.trim();
  if (!value) return '';
  const { question, choices } = info;
  if (isMultiple(question))
    return value
      .split(/\s+/)
      .map((name) => choiceLabel(choices, name, language))
      .join(', ');
  if (question.type === 'select_one' || question.type === 'select_one_from_file')
    return choiceLabel(choices, value, language);
  if (question.type === 'geopoint') {
    const [lat, lon] = value.split(/\s+/);
    return lon === undefined ? value : `${lat}, ${lon}`;
  }
  return value;
}

const isAnswers = (v: unknown): v is Answers => !!v && typeof v === 'object' && !Array.isArray(v);

/** The answer at a path of names outside any repeat ('' when unanswered or not text). */
export function answerAtPath(answers: Answers, path: string): string {
  let node: unknown = answers;
  for (const name of path.split('/')) {
    if (!isAnswers(node)) return '';
    node = node[name];
  }
  return typeof node === 'string' ? node : '';
}

/** Whether the form asks for a GPS point anywhere (GeoJSON export). */
export const hasGeopoint = (definition: FormDefinition) =>
  answerQuestions(definition).some((q) => q.question.type === 'geopoint');

/**
 * The repeat tables a CSV export takes (`?repeat=`): a repeat by its name, or by its path when two
 * repeats share a name, as the server names them (X-Repeat-Tables).
 */
export function repeatTables(
  definition: FormDefinition,
): { key: string; label: (language?: string) => string }[] {
  const repeats: { path: string[]; question: Question }[] = [];
  for (const { question, parents } of walkQuestions(definition.questions))
    if (question.type === 'repeat')
      repeats.push({ path: [...parents.map((p) => p.name), question.name], question });
  const named = new Map<string, number>();
  for (const r of repeats) named.set(r.question.name, (named.get(r.question.name) ?? 0) + 1);
  return repeats.map((r) => ({
    key: named.get(r.question.name) === 1 ? r.question.name : r.path.join('/'),
    label: (language) => questionLabel(r.question, language),
  }));
}
