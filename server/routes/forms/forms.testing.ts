import { expect } from 'vitest';
import type { FormDefinition } from '../../../contract/forms/definition';
import { call, type TestApp } from '../../testing/test-app';
import { tusClient } from '../../testing/tus';
import type { TestUser } from '../../testing/users';

/** A small form with the logic the API tests exercise: required, constraint, skip logic, a repeat. */
export const householdSurvey = {
  title: 'Household survey',
  languages: ['default'],
  questions: [
    {
      name: 'village',
      type: 'text',
      label: { default: 'Village' },
      required: 'true()',
      requiredMessage: { default: 'Say which village.' },
    },
    { name: 'visit_date', type: 'date', label: { default: 'Date of the visit' } },
    {
      name: 'age',
      type: 'integer',
      label: { default: 'Age of the head of household' },
      constraint: '. >= 18 and . < 120',
      constraintMessage: { default: 'The head of household is an adult.' },
    },
    { name: 'has_children', type: 'select_one', listName: 'yesno', label: { default: 'Children?' } },
    {
      name: 'children',
      type: 'integer',
      label: { default: 'How many children?' },
      relevant: "${has_children} = 'yes'",
      required: 'true()',
    },
    {
      name: 'member',
      type: 'repeat',
      label: { default: 'Members' },
      children: [{ name: 'member_name', type: 'text', label: { default: 'Name' }, required: 'true()' }],
    },
  ],
  choices: {
    yesno: [
      { name: 'yes', label: { default: 'Yes' } },
      { name: 'no', label: { default: 'No' } },
    ],
  },
} satisfies FormDefinition;

/** A form whose answers name files: a photo, a signature, a group's document and a repeat's clips. */
export const photoSurvey = {
  title: 'Borehole check',
  languages: ['default'],
  questions: [
    { name: 'site', type: 'text', label: { default: 'Site' }, required: 'true()' },
    { name: 'photo', type: 'image', label: { default: 'Photo' } },
    { name: 'signature', type: 'image', appearance: 'signature', label: { default: 'Signature' } },
    {
      name: 'paperwork',
      type: 'group',
      label: { default: 'Paperwork' },
      children: [{ name: 'permit', type: 'file', label: { default: 'Permit' } }],
    },
    {
      name: 'visit',
      type: 'repeat',
      label: { default: 'Visits' },
      children: [
        { name: 'clip', type: 'audio', label: { default: 'Voice note' } },
        { name: 'note', type: 'text', label: { default: 'Note' } },
      ],
    },
  ],
  choices: {},
} satisfies FormDefinition;

/** A published photoSurvey (version 1) of `owner`'s NGO, under `title`; its id. */
export async function openForm(t: TestApp, owner: TestUser, title = photoSurvey.title): Promise<string> {
  const id = (await call(t.app, 'POST', '/api/forms', { definition: { ...photoSurvey, title } }, owner.token))
    .body.id as string;
  expect((await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, owner.token)).status).toBe(200);
  return id;
}

/**
 * Starts a response's file as the public fill link does, without a token; with `body`, the whole file
 * in the creation request.
 */
export const sendMedia = (
  t: TestApp,
  form: string,
  instanceId: string,
  filename: string,
  length: number,
  body?: Uint8Array,
) =>
  tusClient(t).create(
    undefined,
    length,
    { filename, formId: form, instanceId },
    body ? { 'content-type': 'application/offset+octet-stream' } : {},
    body,
  );

/** Sends a response's answers (version 1) as the public fill link does, without a token. */
export const sendResponse = (
  t: TestApp,
  form: string,
  instanceId: string,
  answers: Record<string, unknown>,
) => call(t.app, 'POST', `/api/forms/${form}/submissions`, { instanceId, version: 1, answers });
