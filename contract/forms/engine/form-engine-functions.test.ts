import { describe, expect, it } from 'vitest';
import type { Answers } from '../answers';
import type { FormDefinition } from '../definition';
import { createFormEngine } from './form-engine';
import { jsdomTestHost } from './jsdom-test-host';
import { form, NOW } from './test-forms';

const host = await jsdomTestHost();
const FR = 'Français (fr)';

const calc = (
  calculation: string,
  definition: Partial<FormDefinition> = {},
  answers: Answers = {},
  language?: string,
) => {
  const questions = [
    ...(definition.questions ?? []),
    { name: 'out', type: 'calculate' as const, calculation },
  ];
  const engine = createFormEngine(form(questions, { ...definition, questions }), host);
  return engine.evaluate(answers, { now: NOW, ...(language && { language }) }).answers.out;
};

const fruit: Partial<FormDefinition> = {
  languages: ['default', FR],
  questions: [
    { name: 'fruit', type: 'select_multiple', listName: 'fruits' },
    { name: 'best', type: 'select_one', listName: 'fruits' },
  ],
  choices: {
    fruits: [
      { name: 'apple', label: { default: 'Apple', [FR]: 'Pomme' } },
      { name: 'pear', label: { default: 'Pear', [FR]: 'Poire' } },
    ],
  },
};

describe('OpenRosa functions', () => {
  it('selected() and count-selected()', () => {
    const answers = { fruit: 'apple pear' };
    expect(calc("selected(${fruit}, 'pear')", fruit, answers)).toBe('true');
    expect(calc("selected(${fruit}, 'plum')", fruit, answers)).toBe('false');
    expect(calc('count-selected(${fruit})', fruit, answers)).toBe('2');
    expect(calc('count-selected(${fruit})', fruit, {})).toBe('0');
  });

  it('if() and regex()', () => {
    expect(calc("if(${best} = 'apple', 'red', 'green')", fruit, { best: 'apple' })).toBe('red');
    expect(calc("if(${best} = 'apple', 'red', 'green')", fruit, { best: 'pear' })).toBe('green');
    expect(calc("regex(${best}, '^p[a-z]+r$')", fruit, { best: 'pear' })).toBe('true');
  });

  it("today(), now() and format-date() read the evaluation's clock", () => {
    expect(calc('today()')).toBe('2026-11-27');
    expect(calc("format-date(today(), '%d/%m/%Y')")).toBe('27/11/2026');
    expect(calc("format-date(now(), '%H:%M')")).toBe('10:30');
    expect(
      calc('today() - ${born}', { questions: [{ name: 'born', type: 'date' }] }, { born: '2026-11-20' }),
    ).toBe('7');
    expect(
      calc(
        "format-date(${born}, '%Y')",
        { questions: [{ name: 'born', type: 'date' }] },
        { born: '1990-05-02' },
      ),
    ).toBe('1990');
  });

  it("jr:choice-name() gives the choice's label in the language", () => {
    const expression = "jr:choice-name(${best}, '${best}')";
    expect(calc(expression, fruit, { best: 'pear' })).toBe('Pear');
    expect(calc(expression, fruit, { best: 'pear' }, FR)).toBe('Poire');
    expect(calc(expression, fruit, { best: 'plum' })).toBe('');
    expect(calc("jr:choice-name('apple', '${fruit}')", fruit, {}, FR)).toBe('Pomme');
  });

  it('pulldata() looks a value up in an attached table', () => {
    const shop: Partial<FormDefinition> = {
      questions: [{ name: 'item', type: 'text' }],
      attachments: {
        'prices.csv': {
          columns: ['item', 'price'],
          rows: [
            ['rice', '2.5'],
            ['beans', '4'],
          ],
        },
      },
    };
    expect(calc("pulldata('prices', 'price', 'item', ${item})", shop, { item: 'beans' })).toBe('4');
    expect(calc("pulldata('prices', 'price', 'item', ${item}) * 2", shop, { item: 'rice' })).toBe('5');
    expect(calc("pulldata('prices', 'price', 'item', ${item})", shop, { item: 'salt' })).toBe('');
    expect(calc("pulldata('nofile', 'price', 'item', 'rice')", shop)).toBe('');
  });

  it('string and number functions of XPath 1.0 still work', () => {
    expect(calc("concat(substring('abcdef', 2, 3), '-', string-length('abc'))")).toBe('bcd-3');
    expect(calc('round(2.456, 1) + floor(1.9)')).toBe('3.5');
    expect(calc("coalesce('', 'fallback')")).toBe('fallback');
  });
});

describe('dependents', () => {
  it('lists the questions an answer affects, through calculations', () => {
    const engine = createFormEngine(
      form([
        { name: 'age', type: 'integer' },
        { name: 'adult', type: 'calculate', calculation: '${age} >= 18' },
        { name: 'job', type: 'text', relevant: "${adult} = 'true'" },
        { name: 'other', type: 'text' },
      ]),
      host,
    );
    expect(engine.dependents('age').sort()).toEqual(['adult', 'job']);
    expect(engine.dependents('other')).toEqual([]);
  });
});
