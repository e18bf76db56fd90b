import { describe, expect, it } from 'vitest';
import type { Answers } from '../answers';
import type { FormDefinition } from '../definition';
import { createFormEngine } from './form-engine';
import { jsdomTestHost } from './jsdom-test-host';
import { form, NOW } from './test-forms';

const host = await jsdomTestHost();
const FR = 'Français (fr)';

const places = form(
  [
    { name: 'country', type: 'select_one', listName: 'countries' },
    { name: 'state', type: 'select_one', listName: 'states', choiceFilter: 'country = ${country}' },
    {
      name: 'city',
      type: 'select_multiple',
      listName: 'cities',
      choiceFilter: 'state = ${state} and order <= ${max}',
    },
    { name: 'max', type: 'integer', default: '9' },
    { name: 'fav', type: 'select_one', listName: 'countries', orOther: true },
  ],
  {
    languages: ['default', FR],
    choices: {
      countries: [
        { name: 'ke', label: { default: 'Kenya' } },
        { name: 'ug', label: { default: 'Uganda' } },
      ],
      states: [
        { name: 'nb', label: { default: 'Nairobi' }, extra: { country: 'ke' } },
        { name: 'ms', label: { default: 'Mombasa' }, extra: { country: 'ke' } },
        { name: 'kp', label: { default: 'Kampala' }, extra: { country: 'ug' } },
      ],
      cities: [
        { name: 'c1', label: { default: 'One' }, extra: { state: 'nb', order: '1' } },
        { name: 'c2', label: { default: 'Two' }, extra: { state: 'nb', order: '2' } },
        { name: 'c3', label: { default: 'Three' }, extra: { state: 'ms', order: '3' } },
      ],
    },
  },
);

const run = (definition: FormDefinition, answers: Answers) =>
  createFormEngine(definition, host).evaluate(answers, { now: NOW });
const names = (state: ReturnType<typeof run>, path: string) => state.choicesFor(path).map((c) => c.name);

describe('choice_filter', () => {
  it('cascades: each list filtered by the answers before it', () => {
    expect(names(run(places, {}), 'state')).toEqual([]);
    expect(names(run(places, { country: 'ke' }), 'state')).toEqual(['nb', 'ms']);
    expect(names(run(places, { country: 'ug' }), 'state')).toEqual(['kp']);
    expect(names(run(places, { country: 'ke', state: 'nb' }), 'city')).toEqual(['c1', 'c2']);
    // A column named like an operator (`order`) reads as the column.
    expect(names(run(places, { country: 'ke', state: 'nb', max: '1' }), 'city')).toEqual(['c1']);
  });

  it('refuses a value its filter hides, and each value of a select_multiple', () => {
    expect(run(places, { country: 'ug', state: 'nb' }).errors).toEqual([
      { path: 'state', kind: 'type', message: 'Choose from the listed choices ("nb" is not one of them).' },
    ]);
    expect(run(places, { country: 'ke', state: 'nb', city: 'c1 c3' }).errors).toEqual([
      { path: 'city', kind: 'type', message: 'Choose from the listed choices ("c3" is not one of them).' },
    ]);
    expect(run(places, { country: 'ke', state: 'nb', city: 'c2 c1' }).errors).toEqual([]);
  });

  it('accepts `other` when the select allows it, and nothing else that is not listed', () => {
    expect(run(places, { fav: 'other' }).errors).toEqual([]);
    expect(run(places, { fav: 'tz' }).errors[0]!.message).toBe(
      'Choose from the listed choices ("tz" is not one of them).',
    );
  });

  it('filters per repeat instance, from its own sibling', () => {
    const definition = form(
      [
        {
          name: 'trip',
          type: 'repeat',
          children: [
            { name: 'country', type: 'select_one', listName: 'countries' },
            { name: 'state', type: 'select_one', listName: 'states', choiceFilter: 'country = ${country}' },
          ],
        },
      ],
      { choices: places.choices },
    );
    const state = run(definition, { trip: [{ country: 'ug' }, { country: 'ke' }] });
    expect(names(state, 'trip[1]/state')).toEqual(['kp']);
    expect(names(state, 'trip[2]/state')).toEqual(['nb', 'ms']);
    expect(names(state, 'trip[1]/country')).toEqual(['ke', 'ug']);
    expect(state.choicesFor('trip[9]/state')).toEqual([]);
  });

  it('keeps each state its own: a later evaluation does not change an earlier one', () => {
    const engine = createFormEngine(places, host);
    const first = engine.evaluate({ country: 'ke' }, { now: NOW });
    engine.evaluate({ country: 'ug' }, { now: NOW });
    expect(names(first, 'state')).toEqual(['nb', 'ms']);
  });

  it('gives [] for a path that is not a select', () => {
    expect(run(places, {}).choicesFor('max')).toEqual([]);
  });
});

describe('_from_file selects', () => {
  const definition = form(
    [
      { name: 'region', type: 'text' },
      {
        name: 'town',
        type: 'select_one_from_file',
        listName: 'towns.csv',
        choiceFilter: 'region = ${region}',
      },
      { name: 'towns', type: 'select_multiple_from_file', listName: 'towns.csv' },
      { name: 'town_name', type: 'calculate', calculation: "jr:choice-name(${town}, '${town}')" },
    ],
    {
      languages: ['default', FR],
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
  );

  it("reads the attached table's rows as choices, labels per language, other columns for filters", () => {
    const state = run(definition, { region: 'south', town: 't2' });
    expect(state.choicesFor('town')).toEqual([
      { name: 't2', label: { default: 'Hilltop', [FR]: 'Colline' }, extra: { region: 'south' } },
    ]);
    expect(state.answers.town_name).toBe('Hilltop');
    expect(
      createFormEngine(definition, host).evaluate({ town: 't2', region: 'south' }, { now: NOW, language: FR })
        .answers.town_name,
    ).toBe('Colline');
    expect(run(definition, { towns: 't1 t9' }).errors).toEqual([
      { path: 'towns', kind: 'type', message: 'Choose from the listed choices ("t9" is not one of them).' },
    ]);
  });
});
