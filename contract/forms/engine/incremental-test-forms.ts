import { bigForm } from '../../../tests/perf/forms-bench-forms';
import type { FormDefinition } from '../definition';
import { form } from './test-forms';

/*
 * Test support only (incremental.test.ts): the engine tests' forms put together, so that each feature
 * the memo and the refilled instance must respect (references within and across repeats, nested
 * repeats, `.`, today(), jr:choice-name() per language, choice filters, cyclic calculations, defaults,
 * metadata) is driven by random answers, and bench:forms' generated form.
 */

const FR = 'Français (fr)';

const choices = {
  yn: [
    { name: 'yes', label: { default: 'Yes', [FR]: 'Oui' } },
    { name: 'no', label: { default: 'No', [FR]: 'Non' } },
  ],
  countries: [
    { name: 'ke', label: { default: 'Kenya' } },
    { name: 'ug', label: { default: 'Uganda' } },
  ],
  states: [
    { name: 'nb', label: { default: 'Nairobi' }, extra: { country: 'ke' } },
    { name: 'ms', label: { default: 'Mombasa' }, extra: { country: 'ke' } },
    { name: 'kp', label: { default: 'Kampala' }, extra: { country: 'ug' } },
  ],
};

/** The engine tests' forms, put together. */
export const incrementalForms: Record<string, FormDefinition> = {
  binds: form(
    [
      { name: 'works', type: 'select_one', listName: 'yn' },
      { name: 'job', type: 'text', relevant: "${works} = 'yes'" },
      {
        name: 'employer',
        type: 'group',
        relevant: "${works} = 'yes'",
        readOnly: "${job} = 'a'",
        children: [
          { name: 'company', type: 'text', required: 'yes' },
          { name: 'since', type: 'date', constraint: '. <= today()', default: 'today()' },
        ],
      },
      {
        name: 'summary',
        type: 'calculate',
        calculation: "concat('job:', ${job}, jr:choice-name(${works}, '${works}'))",
      },
      { name: 'employer_text', type: 'calculate', calculation: "concat('[', ${employer}, ']')" },
      {
        name: 'name',
        type: 'text',
        required: 'true()',
        requiredMessage: { default: 'Name?', [FR]: 'Nom ?' },
      },
      { name: 'age', type: 'integer', required: "${name} != ''", constraint: '. >= 0 and . <= ${max}' },
      { name: 'max', type: 'integer', default: '120' },
      { name: 'code', type: 'text', constraint: "regex(., '^[A-Z]{3}$') and string-length() = 3" },
      { name: 'total', type: 'calculate', calculation: '${subtotal} + ${tax}' },
      { name: 'tax', type: 'calculate', calculation: 'round(${subtotal} * 0.1, 2)' },
      { name: 'subtotal', type: 'calculate', calculation: '${max} * ${age}' },
      { name: 'a', type: 'calculate', calculation: "if(${b} = '', 1, ${b} + 1)" },
      { name: 'b', type: 'calculate', calculation: "if(${a} = '', 1, if(${age} > 50, 5, 2))" },
      { name: 'copy', type: 'text', default: "concat(${name}, '!')" },
      { name: 'days', type: 'calculate', calculation: 'today() - ${since}' },
      { name: 'clock', type: 'calculate', calculation: "format-date(now(), '%H:%M')" },
      { name: 'kids', type: 'calculate', calculation: 'count(*) + string-length(${name})' },
      {
        name: 'g',
        type: 'group',
        readOnly: 'yes',
        relevant: "* != 'skip'",
        children: [{ name: 'gb', type: 'text' }],
      },
      { name: 'note', type: 'note', required: 'yes' },
      { name: 'start', type: 'start' },
      { name: 'today', type: 'today' },
      { name: 'user', type: 'username' },
      { name: 'stamp', type: 'calculate', calculation: "concat(${today}, ${user}, ${start} != '')" },
    ],
    { languages: ['default', FR], choices: { yn: choices.yn } },
  ),
  household: form([
    { name: 'size', type: 'integer' },
    {
      name: 'member',
      type: 'repeat',
      repeatCount: '${size}',
      children: [
        { name: 'name', type: 'text', default: 'someone' },
        { name: 'age', type: 'integer', required: 'yes' },
        { name: 'job', type: 'text', relevant: '${age} >= 18' },
        { name: 'n', type: 'calculate', calculation: 'position(..)' },
        { name: 'older', type: 'calculate', calculation: '${age} > ${head_age}' },
      ],
    },
    { name: 'head_age', type: 'calculate', calculation: 'indexed-repeat(${age}, ${member}, 1)' },
    { name: 'total_age', type: 'calculate', calculation: 'sum(${age})' },
    { name: 'members', type: 'calculate', calculation: 'count(${member})' },
    { name: 'second', type: 'calculate', calculation: 'indexed-repeat(${name}, ${member}, 2)' },
  ]),
  nested: form([
    {
      name: 'hh',
      type: 'repeat',
      children: [
        { name: 'kids', type: 'integer' },
        {
          name: 'child',
          type: 'repeat',
          repeatCount: '${kids}',
          relevant: "${kids} != '3'",
          children: [
            { name: 'cage', type: 'integer', constraint: '. < ${kids} * 10' },
            { name: 'twin', type: 'calculate', calculation: 'count(../../child)' },
            { name: 'named', type: 'text', relevant: '${cage} > 2' },
          ],
        },
        { name: 'kid_ages', type: 'calculate', calculation: 'sum(${cage})' },
        { name: 'named_kids', type: 'calculate', calculation: 'count-non-empty(${named})' },
      ],
    },
    { name: 'all_ages', type: 'calculate', calculation: "join(',', ${cage})" },
    { name: 'pick', type: 'calculate', calculation: 'indexed-repeat(${cage}, ${hh}, 2, ${child}, 1)' },
    { name: 'has_children', type: 'text' },
    {
      name: 'visit',
      type: 'repeat',
      relevant: "${has_children} = 'yes'",
      children: [
        { name: 'child_name', type: 'text' },
        {
          name: 'toy',
          type: 'repeat',
          relevant: "${child_name} != ''",
          children: [{ name: 't', type: 'text', relevant: 'max(${kid_ages}) > 4' }],
        },
      ],
    },
  ]),
  choices: form(
    [
      { name: 'country', type: 'select_one', listName: 'countries' },
      { name: 'state', type: 'select_one', listName: 'states', choiceFilter: 'country = ${country}' },
      { name: 'region', type: 'text' },
      {
        name: 'town',
        type: 'select_one_from_file',
        listName: 'towns.csv',
        choiceFilter: 'region = ${region}',
      },
      { name: 'town_name', type: 'calculate', calculation: "jr:choice-name(${town}, '${town}')" },
      { name: 'price', type: 'calculate', calculation: "pulldata('towns', 'label', 'name', ${town})" },
      {
        name: 'late',
        type: 'select_one',
        listName: 'states',
        choiceFilter: "${region} != 'north' or today() > '2026-11-27'",
      },
      // Last, so that an instance removed at the end leaves no node after it.
      {
        name: 'trip',
        type: 'repeat',
        children: [
          { name: 'tcountry', type: 'select_one', listName: 'countries' },
          { name: 'tstate', type: 'select_one', listName: 'states', choiceFilter: 'country = ${tcountry}' },
          { name: 'tstate_name', type: 'calculate', calculation: "jr:choice-name(${tstate}, '${tstate}')" },
          { name: 'home', type: 'select_one', listName: 'states', choiceFilter: 'country = ${country}' },
        ],
      },
    ],
    {
      languages: ['default', FR],
      choices: { countries: choices.countries, states: choices.states },
      attachments: {
        'towns.csv': {
          columns: ['name', 'label', `label::${FR}`, 'region'],
          rows: [
            ['t1', 'Riverside', 'Bord-de-rivière', 'north'],
            ['t2', 'Hilltop', 'Colline', 'south'],
          ],
        },
      },
    },
  ),
  // A filter that reads the instance when choices are listed: each state keeps its own instance.
  'indexed filter': form(
    [
      {
        name: 'trip',
        type: 'repeat',
        children: [{ name: 'where', type: 'select_one', listName: 'countries' }],
      },
      {
        name: 'state',
        type: 'select_one',
        listName: 'states',
        choiceFilter: 'country = indexed-repeat(${where}, ${trip}, 1)',
      },
    ],
    { choices: { countries: choices.countries, states: choices.states } },
  ),
};

/** bench:forms' 200-question form, with a counted repeat and calculations over it, in two languages. */
export function generatedForm(): FormDefinition {
  const big = bigForm('Generated');
  const options = big.choices.options!.map((c, k) => ({
    ...c,
    label: { ...c.label, [FR]: `Choix ${k + 1}` },
  }));
  return {
    ...big,
    languages: ['default', FR],
    choices: { options },
    questions: [
      ...big.questions,
      { name: 'size', type: 'integer' },
      {
        name: 'member',
        type: 'repeat',
        repeatCount: '${size}',
        relevant: "${q002} != 'skip'",
        children: [
          { name: 'who', type: 'text', default: 'someone' },
          { name: 'age', type: 'integer', constraint: '. >= 0 and . <= ${q001}' },
          { name: 'job', type: 'text', relevant: "${age} >= 18 and ${q003} != 'c5'" },
          { name: 'pick', type: 'select_one', listName: 'options', choiceFilter: 'name != ${q003}' },
          { name: 'older', type: 'calculate', calculation: '${age} > ${head_age}' },
          { name: 'n', type: 'calculate', calculation: 'position(..)' },
        ],
      },
      { name: 'head_age', type: 'calculate', calculation: 'indexed-repeat(${age}, ${member}, 1)' },
      { name: 'total_age', type: 'calculate', calculation: 'sum(${age}) * 2' },
      { name: 'label3', type: 'calculate', calculation: "jr:choice-name(${q003}, '${q003}')" },
      { name: 'late', type: 'calculate', calculation: "if(${q005} > today(), 'later', 'earlier')" },
    ],
  };
}
