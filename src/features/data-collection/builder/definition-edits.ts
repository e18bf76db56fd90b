import {
  DEFAULT_LANGUAGE,
  type AttachedTable,
  type Choice,
  type FormDefinition,
  type Localized,
  type Question,
} from '@contract/forms/definition';
import { flattenQuestions } from './tree';

/*
 * Form-wide edits: languages, choice lists and renaming a question in the expressions that name it.
 * Pure functions over the definition, like tree.ts.
 */

/** How a language is shown: XLSForm's text without a language is 'Default'. */
export const languageLabel = (language: string) => (language === DEFAULT_LANGUAGE ? 'Default' : language);

function mapQuestions(questions: readonly Question[], edit: (q: Question) => Question): Question[] {
  return questions.map((q) => {
    const edited = edit(q);
    return edited.children ? { ...edited, children: mapQuestions(edited.children, edit) } : edited;
  });
}

function mapLocalized(definition: FormDefinition, edit: (text: Localized) => Localized): FormDefinition {
  const localizedFields = ['label', 'hint', 'requiredMessage', 'constraintMessage'] as const;
  return {
    ...definition,
    questions: mapQuestions(definition.questions, (q) => {
      const copy = { ...q };
      for (const field of localizedFields) if (copy[field]) copy[field] = edit(copy[field]);
      return copy;
    }),
    choices: Object.fromEntries(
      Object.entries(definition.choices).map(([list, choices]) => [
        list,
        choices.map((c) => ({ ...c, label: edit(c.label) })),
      ]),
    ),
  };
}

export function addLanguage(definition: FormDefinition, language: string): FormDefinition {
  const name = language.trim();
  if (!name || definition.languages.includes(name)) return definition;
  return { ...definition, languages: [...definition.languages, name] };
}

/** Renames a language everywhere its texts are (turning 'Default' into 'English (en)', say). */
export function renameLanguage(definition: FormDefinition, from: string, to: string): FormDefinition {
  const name = to.trim();
  if (!name || name === from || definition.languages.includes(name)) return definition;
  const renamed = mapLocalized(definition, (text) =>
    Object.fromEntries(Object.entries(text).map(([lang, value]) => [lang === from ? name : lang, value])),
  );
  return { ...renamed, languages: definition.languages.map((l) => (l === from ? name : l)) };
}

/** Removes a language and its texts; the last language stays. */
export function removeLanguage(definition: FormDefinition, language: string): FormDefinition {
  if (definition.languages.length <= 1 || !definition.languages.includes(language)) return definition;
  const removed = mapLocalized(definition, (text) =>
    Object.fromEntries(Object.entries(text).filter(([lang]) => lang !== language)),
  );
  return { ...removed, languages: definition.languages.filter((l) => l !== language) };
}

/** Makes `language` the first, XLSForm's default language. */
export function makeDefaultLanguage(definition: FormDefinition, language: string): FormDefinition {
  if (!definition.languages.includes(language)) return definition;
  return { ...definition, languages: [language, ...definition.languages.filter((l) => l !== language)] };
}

const expressionFields = [
  'required',
  'relevant',
  'constraint',
  'calculation',
  'default',
  'readOnly',
  'choiceFilter',
  'repeatCount',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `${from}` becomes `${to}` in every expression of the form, so renaming a question keeps its logic. */
export function renameReferences(definition: FormDefinition, from: string, to: string): FormDefinition {
  if (from === to) return definition;
  const pattern = new RegExp(`\\$\\{\\s*${escapeRegExp(from)}\\s*\\}`, 'g');
  const replace = (text: string) => text.replace(pattern, `\${${to}}`);
  return {
    ...definition,
    ...(definition.instanceName && { instanceName: replace(definition.instanceName) }),
    questions: mapQuestions(definition.questions, (q) => {
      const copy = { ...q };
      for (const field of expressionFields) {
        const value = copy[field];
        if (value) copy[field] = replace(value);
      }
      return copy;
    }),
  };
}

/** The questions whose `${name}` appears in one of the form's expressions (what a rename would touch). */
export function questionsReferring(definition: FormDefinition, name: string): string[] {
  const pattern = new RegExp(`\\$\\{\\s*${escapeRegExp(name)}\\s*\\}`);
  return flattenQuestions(definition.questions)
    .filter(({ question }) => expressionFields.some((f) => pattern.test(question[f] ?? '')))
    .map(({ question }) => question.name);
}

/** The names of the questions reading the list `listName`. */
export function listUsers(definition: FormDefinition, listName: string): string[] {
  return flattenQuestions(definition.questions)
    .filter(({ question }) => question.listName === listName)
    .map(({ question }) => question.name);
}

export function setChoices(definition: FormDefinition, listName: string, list: Choice[]): FormDefinition {
  return { ...definition, choices: { ...definition.choices, [listName]: list } };
}

/** Attaches a CSV's table under its file name (replacing one of that name). */
export function attachTable(
  definition: FormDefinition,
  fileName: string,
  table: AttachedTable,
): FormDefinition {
  return { ...definition, attachments: { ...definition.attachments, [fileName]: table } };
}

/** Renames a choice list for every question reading it. */
export function renameList(definition: FormDefinition, from: string, to: string): FormDefinition {
  const name = to.trim();
  if (!name || name === from || name in definition.choices) return definition;
  const choices = Object.fromEntries(
    Object.entries(definition.choices).map(([list, items]) => [list === from ? name : list, items]),
  );
  return {
    ...definition,
    choices,
    questions: mapQuestions(definition.questions, (q) =>
      q.listName === from ? { ...q, listName: name } : q,
    ),
  };
}

/** Drops the lists no question reads any more (after a select question is deleted). */
export function withoutUnusedLists(definition: FormDefinition, lists: readonly string[]): FormDefinition {
  const unused = lists.filter((list) => listUsers(definition, list).length === 0);
  if (!unused.length) return definition;
  return {
    ...definition,
    choices: Object.fromEntries(
      Object.entries(definition.choices).filter(([list]) => !unused.includes(list)),
    ),
  };
}
