import type { FormDefinition, Question } from '../../contract/forms/definition';

/*
 * The forms bench:forms fills (issue 14's budgets), generated deterministically: the same definition
 * on every run and every machine, so figures of different days compare.
 */

export const BIG_FORM_QUESTIONS = 200;

const TYPES = ['integer', 'text', 'select_one', 'select_multiple', 'date'] as const;
type BigType = (typeof TYPES)[number];

export const questionName = (i: number) => `q${String(i).padStart(3, '0')}`;
export const typeOf = (i: number): BigType => TYPES[(i - 1) % TYPES.length]!;

/**
 * Shown unless an earlier answer says otherwise: true on an empty form, so all 200 questions render
 * on the first load (the heavier case), and flipped by some answers the bench types.
 */
function relevantOn(j: number): string {
  const ref = `\${${questionName(j)}}`;
  switch (typeOf(j)) {
    case 'integer':
      return `not(${ref} >= 900)`;
    case 'text':
      return `${ref} != 'skip'`;
    case 'select_one':
      return `${ref} != 'c5'`;
    case 'select_multiple':
      return `not(selected(${ref}, 'c5'))`;
    case 'date':
      return `${ref} != '1900-01-01'`;
  }
}

function constraintOf(type: BigType): Pick<Question, 'constraint' | 'constraintMessage'> {
  const rule: Record<BigType, [string, string]> = {
    integer: ['. >= 0 and . <= 1000', 'Between 0 and 1,000.'],
    text: ['string-length(.) <= 100', 'At most 100 characters.'],
    select_one: [". != 'c4'", 'Option 4 is not accepted here.'],
    select_multiple: ['count-selected(.) <= 3', 'Three options at most.'],
    date: ['. <= today()', 'Not a date in the future.'],
  };
  const [constraint, message] = rule[type];
  return { constraint, constraintMessage: { default: message } };
}

/**
 * 200 questions, types mixed (integer, text, select one, select multiple, date in turn); every other
 * question (the even ones: 100) is `relevant` on an earlier, always-shown answer, and every fourth (50)
 * has a `constraint`.
 */
export function bigForm(title: string): FormDefinition {
  const questions: Question[] = [];
  for (let i = 1; i <= BIG_FORM_QUESTIONS; i++) {
    const type = typeOf(i);
    const question: Question = {
      name: questionName(i),
      type,
      label: { default: `Question ${i} (${type.replace('_', ' ')})` },
      ...(i % 7 === 0 && { hint: { default: `A hint for question ${i}.` } }),
      ...(type.startsWith('select') && { listName: 'options' }),
    };
    if (i % 2 === 0) {
      // An earlier odd question (never hidden itself): the one before, or three or five before.
      const j = Math.max(1, i - 1 - 2 * ((i / 2) % 3));
      question.relevant = relevantOn(j);
    }
    if (i % 4 === 0) Object.assign(question, constraintOf(type));
    questions.push(question);
  }
  return {
    title,
    languages: ['default'],
    questions,
    choices: {
      options: Array.from({ length: 5 }, (_, k) => ({
        name: `c${k + 1}`,
        label: { default: `Option ${k + 1}` },
      })),
    },
  };
}

/** Counts of the generated form's rules, written beside the figures. */
export function rulesOf(form: FormDefinition) {
  return {
    questions: form.questions.length,
    relevant: form.questions.filter((q) => q.relevant).length,
    constraint: form.questions.filter((q) => q.constraint).length,
  };
}

/**
 * What the typing measure types: 20 always-shown answers spread over the form (10 integers, 10
 * texts), a few keystrokes each (each keystroke is an answer change, so one evaluation). "950" passes
 * 900 on its third key and hides a later question; "skip" hides one on its fourth.
 */
export function typingPlan(): { name: string; keys: string }[] {
  const plan: { name: string; keys: string }[] = [];
  for (let i = 1; i <= BIG_FORM_QUESTIONS && plan.length < 20; i += 2) {
    const type = typeOf(i);
    if (type === 'integer') plan.push({ name: questionName(i), keys: '950' });
    else if (type === 'text') plan.push({ name: questionName(i), keys: 'skip' });
  }
  return plan;
}

export const REPEAT_LABEL = 'Member';
export const REPEAT_NAME = 'member';
export const REPEAT_FIRST_CHILD = 'member_name';

/** A household form whose repeat holds five questions (a rule on a sibling, a constraint, selects, a date). */
export function repeatForm(title: string): FormDefinition {
  return {
    title,
    languages: ['default'],
    questions: [
      { name: 'household', type: 'text', label: { default: 'Household' } },
      {
        name: REPEAT_NAME,
        type: 'repeat',
        label: { default: REPEAT_LABEL },
        children: [
          { name: REPEAT_FIRST_CHILD, type: 'text', label: { default: 'Name' } },
          {
            name: 'age',
            type: 'integer',
            label: { default: 'Age' },
            constraint: '. >= 0 and . <= 120',
            constraintMessage: { default: 'An age between 0 and 120.' },
          },
          { name: 'sex', type: 'select_one', listName: 'sex', label: { default: 'Sex' } },
          {
            name: 'in_school',
            type: 'select_one',
            listName: 'yesno',
            label: { default: 'In school?' },
            relevant: '${age} < 18',
          },
          { name: 'born', type: 'date', label: { default: 'Date of birth' } },
        ],
      },
    ],
    choices: {
      sex: [
        { name: 'f', label: { default: 'Female' } },
        { name: 'm', label: { default: 'Male' } },
      ],
      yesno: [
        { name: 'yes', label: { default: 'Yes' } },
        { name: 'no', label: { default: 'No' } },
      ],
    },
  };
}

/** The same id the page gives a control (src/features/data-collection/components/fill/question-input.tsx). */
export const controlIdOf = (path: string) => `q-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
