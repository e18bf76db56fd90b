import { describe, expect, it } from 'vitest';
import { checkDefinition } from './expressions';
import { jsdomTestHost } from './jsdom-test-host';
import { form } from './test-forms';

const host = await jsdomTestHost();

describe('checkDefinition', () => {
  it('finds nothing wrong with a sound form', () => {
    const definition = form(
      [
        {
          name: 'age',
          type: 'integer',
          required: 'yes',
          constraint: '. >= 0',
          constraintMessage: { default: 'No.' },
        },
        { name: 'when', type: 'date', default: 'today()' },
        {
          name: 'color',
          type: 'select_one',
          listName: 'colors',
          choiceFilter: "name != 'red' or ${age} > 3",
        },
        { name: 'town', type: 'select_one_from_file', listName: 'towns.csv' },
        {
          name: 'rep',
          type: 'repeat',
          repeatCount: '${age}',
          children: [{ name: 'x', type: 'text', relevant: "${x} = ''" }],
        },
        { name: 'c', type: 'calculate', calculation: 'sum(${x})' },
        { name: 'r', type: 'range', parameters: { start: '0', end: '5', step: '0.5' } },
      ],
      {
        instanceName: "concat('Age ', ${age})",
        choices: { colors: [{ name: 'red', label: { default: 'Red' } }] },
        attachments: { 'towns.csv': { columns: ['name', 'label'], rows: [['a', 'A']] } },
      },
    );
    expect(checkDefinition(definition, host)).toEqual([]);
  });

  it('reports each problem with its path and field', () => {
    const definition = form(
      [
        { name: 'age', type: 'integer', relevant: '${nope} = 1', required: '${age} >', readOnly: 'maybe' },
        {
          name: 'g',
          type: 'group',
          children: [
            { name: 'age', type: 'text', constraint: 'frob(.)', calculation: 'concat(' },
            { name: 'color', type: 'select_one', listName: 'missing', choiceFilter: '${age} = ' },
          ],
        },
        { name: 'town', type: 'select_one_from_file', listName: 'towns.csv' },
        { name: 'place', type: 'select_multiple_from_file', listName: 'places.csv' },
        { name: 'list', type: 'select_one' },
        { name: 'rep', type: 'repeat', repeatCount: 'three', children: [{ name: 'x', type: 'text' }] },
        { name: 'notrep', type: 'text', repeatCount: '2' },
        { name: 'calc', type: 'calculate' },
        { name: 'd', type: 'date', default: 'today(' },
        { name: 'r', type: 'range', parameters: { step: '0' } },
      ],
      {
        instanceName: '${missing}',
        choices: {
          dup: [
            { name: 'a', label: {} },
            { name: 'a', label: {} },
            { name: 'a', label: {} },
          ],
        },
        attachments: { 'places.csv': { columns: ['label'], rows: [] } },
      },
    );
    const problems = checkDefinition(definition, host);
    const at = (path: string, field: string) =>
      problems.find((p) => p.path.join('/') === path && p.field === field)?.message;
    expect(at('g/age', 'name')).toBe('The name "age" is used by more than one question; each needs its own.');
    expect(at('age', 'relevant')).toBe('${nope} names no question.');
    expect(at('age', 'required')).toBe(
      '${age} > is not a valid expression: an operator or a value is missing.',
    );
    expect(at('age', 'readOnly')).toMatch(/^maybe is not a valid expression/);
    expect(at('g/age', 'constraint')).toBe('frob(.) is not a valid expression: unknown function frob().');
    expect(at('g/age', 'calculation')).toBe('concat( is not a valid expression: a ( is not closed.');
    expect(at('g/color', 'listName')).toBe('The choice list "missing" does not exist.');
    expect(at('g/color', 'choiceFilter')).toMatch(/^\$\{age\} = is not a valid expression/);
    expect(at('town', 'listName')).toBe('The file "towns.csv" is not attached.');
    expect(at('place', 'listName')).toBe('The file "places.csv" has no "name" column.');
    expect(at('list', 'listName')).toBe('A select question needs a choice list.');
    expect(at('rep', 'repeatCount')).toMatch(/^three is not a valid expression/);
    expect(at('notrep', 'repeatCount')).toBe('Only a repeat has a repeat count.');
    expect(at('calc', 'calculation')).toBe('A calculate question needs a calculation.');
    expect(at('d', 'default')).toBe('today( is not a valid expression: a ( is not closed.');
    expect(at('r', 'parameters')).toBe('A range needs numbers for start, end and step, the step above 0.');
    expect(at('', 'instanceName')).toBe('${missing} names no question.');
    expect(problems.filter((p) => p.field === 'choices.dup').map((p) => p.message)).toEqual([
      'The choice list "dup" has the choice "a" more than once.',
    ]);
    expect(problems).toHaveLength(18);
  });

  it('treats a default without references or functions as plain text', () => {
    expect(
      checkDefinition(form([{ name: 'note', type: 'text', default: 'Hello (world) & co' }]), host),
    ).toEqual([]);
  });
});
