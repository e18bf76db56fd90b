import { DEFAULT_LANGUAGE, type FormDefinition, type Question } from '../definition';

/* Test support only: a definition around some questions, and a fixed moment. */

export const form = (questions: Question[], rest: Partial<FormDefinition> = {}): FormDefinition => ({
  title: 'Test form',
  languages: [DEFAULT_LANGUAGE],
  choices: {},
  questions,
  ...rest,
});

/** 27 November 2026, 10:30 local time. */
export const NOW = new Date(2026, 10, 27, 10, 30);
