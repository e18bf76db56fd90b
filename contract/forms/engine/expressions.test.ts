import { describe, expect, it } from 'vitest';
import { checkChoiceFilter, checkExpression } from './expressions';
import { jsdomTestHost } from './jsdom-test-host';
import { form } from './test-forms';

const host = await jsdomTestHost();

const definition = form(
  [
    { name: 'age', type: 'integer', required: 'yes' },
    { name: 'country', type: 'select_one', listName: 'countries' },
    { name: 'state', type: 'select_one', listName: 'states', choiceFilter: 'country = ${country}' },
    { name: 'n', type: 'integer' },
    {
      name: 'member',
      type: 'repeat',
      repeatCount: '${n}',
      children: [
        { name: 'name', type: 'text' },
        { name: 'works', type: 'text', relevant: "${name} != ''" },
      ],
    },
  ],
  {
    choices: {
      countries: [{ name: 'ke', label: { default: 'Kenya' } }],
      states: [{ name: 'nb', label: { default: 'Nairobi' }, extra: { country: 'ke' } }],
    },
  },
);

const check = (expression: string, at: string[] = ['age']) =>
  checkExpression(expression, definition, at, host);

describe('checkExpression', () => {
  it('accepts valid expressions, empty ones, and OpenRosa functions', () => {
    for (const ok of [
      '${age} >= 18',
      '',
      '   ',
      ". > 0 and regex(., '^[0-9]+$')",
      "format-date(today(), '%Y') != '' or count-selected(${country}) = 1",
      "if(selected(${country}, 'ke'), 1, 0)",
      'indexed-repeat(${name}, ${member}, 1)',
      "pulldata('prices', 'price', 'item', ${country})",
      "jr:choice-name(${country}, '${country}')",
      'sum(${member}/name) + count(${member})',
    ]) {
      expect(check(ok), ok).toBeNull();
    }
  });

  it('names an unknown reference', () => {
    expect(check('${agee} > 3')).toBe('${agee} names no question.');
    expect(check("jr:choice-name(${country}, '${nope}')")).toBe('${nope} names no question.');
  });

  it("gives the evaluator's reason for a syntax error, in words", () => {
    expect(check('${age} >> 3')).toBe(
      '${age} >> 3 is not a valid expression: an operator or a value is missing.',
    );
    expect(check('${age} +')).toBe('${age} + is not a valid expression: an operator or a value is missing.');
    expect(check("regex(., '[')")).toMatch(
      /^regex\(\., '\['\) is not a valid expression: Invalid regular expression/,
    );
  });

  it('finds what the evaluator would skip or misread: brackets, quotes, functions', () => {
    expect(check("concat('a', 'b'")).toBe("concat('a', 'b' is not a valid expression: a ( is not closed.");
    expect(check('(1 + 2))')).toBe('(1 + 2)) is not a valid expression: a ) has no matching (.');
    expect(check("'open")).toBe(
      "'open is not a valid expression: the text in quotes starting at character 1 is not closed.",
    );
    // The evaluator never evaluates the right of a false `and`; the check reads all of it.
    expect(check('${age} = 1 and ${age}[1')).toBe(
      '${age} = 1 and ${age}[1 is not a valid expression: a [ is not closed.',
    );
    expect(check('${age} = 1 and frobnicate(2)')).toBe(
      '${age} = 1 and frobnicate(2) is not a valid expression: unknown function frobnicate().',
    );
    expect(check("count(instance('x')/root/item)")).toMatch(
      /instance\(\) \(secondary instances\) is not supported/,
    );
  });

  it('points out a name written without ${}', () => {
    expect(check('age > 3')).toBe(
      'age > 3 is not a valid expression: write ${age} to use the answer to age.',
    );
    expect(check('three')).toBe(
      'three is not a valid expression: "three" is neither a reference (${name}) nor text in quotes.',
    );
  });

  it('reads a reference within a shared repeat from the question at `at`', () => {
    expect(check("${name} != ''", ['member', 'works'])).toBeNull();
    expect(check('count(${member}) > 1', ['member', 'name'])).toBeNull();
    // A question not yet in the form (the importer checks before adding it).
    expect(check('${name}', ['member', 'new_one'])).toBeNull();
  });

  it("recognises the question's own choice filter, repeat count and yes/no", () => {
    expect(check('country = ${country}', ['state'])).toBeNull();
    expect(check('${n}', ['member'])).toBeNull();
    expect(check('yes', ['age'])).toBeNull();
    // The same text as another field is an expression.
    expect(check('country = ${country}', ['age'])).toMatch(/write \$\{country\}/);
  });

  it("checks choice filters against the list's columns", () => {
    expect(
      checkChoiceFilter('country = ${country} and name != ""', definition, ['state'], 'states', host),
    ).toBeNull();
    expect(checkChoiceFilter('country = ${nope}', definition, ['state'], 'states', host)).toBe(
      '${nope} names no question.',
    );
  });

  it('uses the default host when given none', () => {
    expect(checkExpression('${age} > 1', definition, ['age'])).toBeNull();
    expect(checkExpression('${x}', definition)).toBe('${x} names no question.');
  });
});
