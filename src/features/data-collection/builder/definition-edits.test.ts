import type { FormDefinition } from '@contract/forms/definition';
import { describe, expect, it } from 'vitest';
import {
  addLanguage,
  listUsers,
  makeDefaultLanguage,
  questionsReferring,
  removeLanguage,
  renameLanguage,
  renameList,
  renameReferences,
} from './definition-edits';

const definition = (): FormDefinition => ({
  title: 'Household',
  languages: ['default'],
  questions: [
    { name: 'age', type: 'integer', label: { default: 'Age' }, constraint: '. >= 0' },
    {
      name: 'hh',
      type: 'group',
      relevant: '${age} >= 18',
      children: [
        {
          name: 'crops',
          type: 'select_multiple',
          listName: 'crops',
          label: { default: 'Crops' },
          hint: { default: 'All you grow' },
          relevant: "${ age } > 1 and ${agent} = 'x'",
        },
      ],
    },
    { name: 'crop2', type: 'select_one', listName: 'crops' },
  ],
  choices: { crops: [{ name: 'maize', label: { default: 'Maize' } }] },
  instanceName: "concat('HH ', ${age})",
});

describe('languages', () => {
  it('renames a language in every label, hint and choice', () => {
    const renamed = renameLanguage(definition(), 'default', 'English (en)');
    expect(renamed.languages).toEqual(['English (en)']);
    expect(renamed.questions[0]?.label).toEqual({ 'English (en)': 'Age' });
    expect(renamed.questions[1]?.children?.[0]?.hint).toEqual({ 'English (en)': 'All you grow' });
    expect(renamed.choices.crops?.[0]?.label).toEqual({ 'English (en)': 'Maize' });
  });

  it('adds, reorders and removes languages, never the last one', () => {
    let d = addLanguage(definition(), ' French (fr) ');
    expect(d.languages).toEqual(['default', 'French (fr)']);
    expect(addLanguage(d, 'French (fr)')).toBe(d);
    d = makeDefaultLanguage(d, 'French (fr)');
    expect(d.languages).toEqual(['French (fr)', 'default']);
    d = removeLanguage(d, 'default');
    expect(d.languages).toEqual(['French (fr)']);
    expect(d.questions[0]?.label).toEqual({});
    expect(removeLanguage(d, 'French (fr)')).toBe(d);
  });
});

describe('references and lists', () => {
  it('renames ${name} in every expression, and only that name', () => {
    const renamed = renameReferences(definition(), 'age', 'years');
    expect(renamed.questions[1]?.relevant).toBe('${years} >= 18');
    expect(renamed.questions[1]?.children?.[0]?.relevant).toBe("${years} > 1 and ${agent} = 'x'");
    expect(renamed.instanceName).toBe("concat('HH ', ${years})");
    expect(questionsReferring(definition(), 'age')).toEqual(['hh', 'crops']);
  });

  it('renames a shared list for every question reading it', () => {
    const renamed = renameList(definition(), 'crops', 'crop_list');
    expect(Object.keys(renamed.choices)).toEqual(['crop_list']);
    expect(listUsers(renamed, 'crop_list')).toEqual(['crops', 'crop2']);
  });
});
