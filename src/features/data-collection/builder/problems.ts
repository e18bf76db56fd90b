import { XML_NAME, type FormDefinition } from '@contract/forms/definition';
import { formDefinition } from '@contract/forms/definition-schema';
import { attachedTableNamed } from '@contract/forms/engine/choice-lists';
import { hasChoiceList } from './question-kinds';
import { flattenQuestions, pathKey } from './tree';

/*
 * What is wrong with a definition, placed where the builder shows it: on the form's own fields, on a
 * question's field (by the question's path of indexes), or, when no place fits, in a general list.
 * The same shape holds the client's checks (the contract's zod schema plus the rules a builder can
 * see without the engine) and the server's refusals (a 400 on save, `form_invalid` on publish).
 */

export interface Problems {
  /** The form's own fields: title, languages, instanceName. */
  form: Record<string, string>;
  /** pathKey(question path) → field (a Question key, or 'choices') → message. */
  questions: Record<string, Record<string, string>>;
  /** Messages no field of the builder shows. */
  other: string[];
}

export const noProblems = (): Problems => ({ form: {}, questions: {}, other: [] });

export const problemCount = (p: Problems) =>
  Object.keys(p.form).length +
  Object.values(p.questions).reduce((n, fields) => n + Object.keys(fields).length, 0) +
  p.other.length;

function addQuestionProblem(problems: Problems, key: string, field: string, message: string) {
  const fields = (problems.questions[key] ??= {});
  fields[field] ??= message;
}

function usersOfList(definition: FormDefinition, list: string) {
  return flattenQuestions(definition.questions).filter(({ question }) => question.listName === list);
}

/**
 * Places a problem given by its path in the definition (a zod issue's path, or a server field name
 * split on dots): `questions.0.children.2.label.default` lands on the label of question [0, 2].
 */
function placeByDefinitionPath(
  problems: Problems,
  definition: FormDefinition,
  path: readonly PropertyKey[],
  message: string,
) {
  const [root, ...rest] = path;
  if (root === 'questions') {
    const indexes: number[] = [];
    let i = 0;
    while (i < rest.length) {
      const index = Number(rest[i]);
      if (!Number.isInteger(index)) break;
      indexes.push(index);
      i++;
      if (rest[i] === 'children') i++;
      else break;
    }
    if (indexes.length) {
      addQuestionProblem(problems, pathKey(indexes), String(rest[i] ?? 'name'), message);
      return;
    }
  }
  if (root === 'choices' && rest.length > 0) {
    // A choice list's key may hold dots; its choice's index is the first number after it.
    const at = rest.findIndex((part, i) => i > 0 && Number.isInteger(Number(part)));
    const list = (at > 0 ? rest.slice(0, at) : rest.slice(0, 1)).join('.');
    const index = at > 0 ? Number(rest[at]) : undefined;
    const text = index !== undefined ? `Choice ${index + 1}: ${message}` : message;
    const users = usersOfList(definition, list);
    if (users.length) {
      for (const { path: qPath } of users) addQuestionProblem(problems, pathKey(qPath), 'choices', text);
      return;
    }
  }
  if (typeof root === 'string' && ['title', 'languages', 'instanceName'].includes(root)) {
    problems.form[root] ??= message;
    return;
  }
  problems.other.push(message);
}

const numeric = (value: string | undefined) =>
  value !== undefined && value !== '' && Number.isFinite(Number(value));

/** The checks a builder can make by itself; the server's publish adds the engine's (references, syntax). */
export function definitionProblems(definition: FormDefinition): Problems {
  const problems = noProblems();
  const parsed = formDefinition.safeParse(definition);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      placeByDefinitionPath(problems, definition, issue.path, issue.message);

  const all = flattenQuestions(definition.questions);
  const seen = new Map<string, number>();
  for (const { question } of all) seen.set(question.name, (seen.get(question.name) ?? 0) + 1);
  for (const { question, path } of all) {
    const key = pathKey(path);
    if ((seen.get(question.name) ?? 0) > 1)
      addQuestionProblem(problems, key, 'name', `Another question is also named “${question.name}”.`);
    if (question.type.endsWith('_from_file') && !question.listName)
      addQuestionProblem(problems, key, 'listName', 'Name the attached file the choices come from.');
    else if (question.type.endsWith('_from_file') && !attachedTableNamed(definition, question.listName!))
      addQuestionProblem(
        problems,
        key,
        'listName',
        `Attach the file “${question.listName}” (a CSV of choices).`,
      );
    if (hasChoiceList(question.type)) {
      const list = question.listName ? definition.choices[question.listName] : undefined;
      if (!question.listName) addQuestionProblem(problems, key, 'listName', 'Pick a choice list.');
      else if (!list || list.length === 0)
        addQuestionProblem(problems, key, 'choices', 'Add at least one choice.');
      else {
        const names = list.map((c) => c.name);
        const twice = names.find((n, i) => n && names.indexOf(n) !== i);
        const spaced = names.find((n) => /\s/.test(n));
        if (twice) addQuestionProblem(problems, key, 'choices', `Two choices are named “${twice}”.`);
        else if (spaced)
          addQuestionProblem(problems, key, 'choices', `A choice name cannot hold spaces (“${spaced}”).`);
      }
    }
    if (question.type === 'range') {
      const { start, end, step } = question.parameters ?? {};
      if (![start, end, step].every(numeric))
        addQuestionProblem(problems, key, 'parameters', 'Start, end and step must be numbers.');
      else if (Number(step) <= 0)
        addQuestionProblem(problems, key, 'parameters', 'Step must be more than 0.');
      else if (Number(start) === Number(end))
        addQuestionProblem(problems, key, 'parameters', 'Start and end must differ.');
    }
    if (question.listName && hasChoiceList(question.type) && !XML_NAME.test(question.listName))
      addQuestionProblem(
        problems,
        key,
        'listName',
        'A list name must start with a letter or _ and hold only letters, digits, _, - and .',
      );
  }
  return problems;
}

const questionFields = new Set([
  'name',
  'type',
  'label',
  'hint',
  'required',
  'requiredMessage',
  'relevant',
  'constraint',
  'constraintMessage',
  'calculation',
  'default',
  'readOnly',
  'choiceFilter',
  'appearance',
  'listName',
  'orOther',
  'parameters',
  'children',
  'repeatCount',
  'choices',
]);

function namedPaths(
  questions: FormDefinition['questions'],
  parentNames: string[] = [],
  parentPath: number[] = [],
): { joined: string; path: number[] }[] {
  return questions.flatMap((q, i) => {
    const names = [...parentNames, q.name];
    const path = [...parentPath, i];
    return [{ joined: names.join('.'), path }, ...namedPaths(q.children ?? [], names, path)];
  });
}

/**
 * A server refusal's `fields` placed on the builder: a save's zod paths
 * (`definition.questions.0.name`) or a publish's question paths of names and the field
 * (`household.member.age.relevant`, from the engine).
 */
export function problemsFromServer(definition: FormDefinition, fields: Record<string, string>): Problems {
  const problems = noProblems();
  const byNames = namedPaths(definition.questions);
  for (const [key, message] of Object.entries(fields)) {
    const bare = key.startsWith('definition.') ? key.slice('definition.'.length) : key;
    const parts = bare.split('.');
    if (
      parts[0] === 'questions' ||
      parts[0] === 'choices' ||
      ['title', 'languages', 'instanceName'].includes(bare)
    ) {
      placeByDefinitionPath(problems, definition, parts, message);
      continue;
    }
    // The longest question path of names the key starts with; what follows is the field.
    const match = byNames
      .filter(({ joined }) => bare === joined || bare.startsWith(`${joined}.`))
      .sort((a, b) => b.joined.length - a.joined.length)[0];
    if (match) {
      const field = bare.slice(match.joined.length + 1).split('.')[0] || 'name';
      addQuestionProblem(problems, pathKey(match.path), questionFields.has(field) ? field : 'name', message);
    } else problems.other.push(message);
  }
  return problems;
}

/** Both sets of problems, the first's message kept where both have one for the same field. */
export function mergeProblems(a: Problems, b: Problems): Problems {
  const questions: Problems['questions'] = { ...b.questions };
  for (const [key, fields] of Object.entries(a.questions))
    questions[key] = { ...b.questions[key], ...fields };
  return {
    form: { ...b.form, ...a.form },
    questions,
    other: [...a.other, ...b.other.filter((m) => !a.other.includes(m))],
  };
}

/** The problems without those of one question (edited since), or of the form's own fields. */
export function withoutProblemsOf(problems: Problems, place: string | 'form'): Problems {
  if (place === 'form') return { ...problems, form: {} };
  const { [place]: _dropped, ...questions } = problems.questions;
  return { ...problems, questions };
}
