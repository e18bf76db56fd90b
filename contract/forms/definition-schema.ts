import { z } from 'zod';
import { text } from '../storable';
import { DEFAULT_LANGUAGE, questionTypes, XML_NAME, type Question } from './definition';

/*
 * The form definition's schemas (contract/forms/definition.ts has its types and helpers): what the
 * server checks a saved or imported definition with, and the builder before saving. Apart, so the fill
 * page, which renders a definition the server already checked, loads no zod (ADR 0039).
 */

export const localized = z.record(text('Language').max(100), text('Text').max(10_000));

const xmlName = (label: string) =>
  text(label)
    .min(1, `${label} is required.`)
    .max(100, `${label} is too long (100 characters at most).`)
    .regex(XML_NAME, `${label} must start with a letter or _ and hold only letters, digits, _, - and .`);

const expression = (label: string) => text(label).max(5_000, `${label} is too long.`);

export const question: z.ZodType<Question> = z.lazy(() =>
  z.object({
    name: xmlName('Question name'),
    type: z.enum(questionTypes, { error: 'Question type is not one this product knows.' }),
    label: localized.optional(),
    hint: localized.optional(),
    required: expression('Required').optional(),
    requiredMessage: localized.optional(),
    relevant: expression('Relevant').optional(),
    constraint: expression('Constraint').optional(),
    constraintMessage: localized.optional(),
    calculation: expression('Calculation').optional(),
    default: text('Default').max(5_000).optional(),
    readOnly: expression('Read only').optional(),
    choiceFilter: expression('Choice filter').optional(),
    appearance: text('Appearance').max(200).optional(),
    listName: text('List name').min(1).max(200).optional(),
    orOther: z.boolean().optional(),
    parameters: z.record(text('Parameter').max(100), text('Parameter value').max(1_000)).optional(),
    children: z.array(question).max(2_000).optional(),
    repeatCount: expression('Repeat count').optional(),
  }),
);

export const choice = z.object({
  name: text('Choice name').min(1, 'Choice name is required.').max(200),
  label: localized,
  /** Other columns of the choices sheet (what `choice_filter` expressions read). */
  extra: z.record(text('Column').max(100), text('Value').max(1_000)).optional(),
});

export const attachedTable = z.object({
  columns: z.array(text('Column').max(100)).max(50),
  rows: z.array(z.array(text('Cell').max(1_000))).max(20_000),
});

export const formDefinition = z.object({
  title: text('Title')
    .trim()
    .min(1, 'Title is required.')
    .max(200, 'Title is too long (200 characters at most).'),
  /** The languages labels are written in, the first being the default (XLSForm's default_language). */
  languages: z.array(text('Language').max(100)).max(20).default([DEFAULT_LANGUAGE]),
  /** XLSForm's settings sheet `instance_name`: an expression naming each response. */
  instanceName: expression('Instance name').optional(),
  questions: z.array(question).max(2_000),
  choices: z.record(text('List name').max(200), z.array(choice).max(20_000)).default({}),
  attachments: z.record(text('File name').max(200), attachedTable).optional(),
});
