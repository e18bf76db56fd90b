import type { FormDefinition } from '../../../contract/forms/definition';

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
