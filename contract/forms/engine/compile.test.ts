import { describe, expect, it } from 'vitest';
import { compileExpression, xpathOf } from './compile';
import { indexForm, referencePath } from './form-index';
import { form } from './test-forms';
import { ExpressionError, stringLiteral, tokenize } from './xpath-text';

const index = indexForm(
  form([
    { name: 'age', type: 'integer' },
    { name: 'hh', type: 'group', children: [{ name: 'head', type: 'text' }] },
    {
      name: 'member',
      type: 'repeat',
      children: [
        { name: 'name', type: 'text' },
        { name: 'g', type: 'group', children: [{ name: 'job', type: 'text' }] },
        { name: 'child', type: 'repeat', children: [{ name: 'cage', type: 'integer' }] },
      ],
    },
    { name: 'state', type: 'select_one', listName: 'states' },
  ]),
);

const xpath = (expression: string, at: string[]) =>
  xpathOf(compileExpression(expression, index, at))
    .replace(/\s+/g, ' ')
    .trim();

describe('${name} → XPath', () => {
  it('is absolute outside a shared repeat, groups included', () => {
    expect(xpath('${age} >= 18', ['hh', 'head'])).toBe('/data/age >= 18');
    expect(xpath("${head} != ''", ['age'])).toBe("/data/hh/head != ''");
    expect(xpath('count(${name})', ['age'])).toBe('count( /data/member/name )');
  });

  it('is relative from the context node within a shared repeat (pyxform)', () => {
    expect(xpath("${name} != ''", ['member', 'g', 'job'])).toBe("../../name != ''");
    expect(xpath("${job} != ''", ['member', 'name'])).toBe("../g/job != ''");
    expect(xpath('${name}', ['member', 'child', 'cage'])).toBe('../../name');
    expect(xpath('${cage}', ['member', 'child', 'cage'])).toBe('../cage');
    // From the repeat itself (its relevant), and to the repeat (counted as a whole).
    expect(xpath("${name} != ''", ['member'])).toBe("./name != ''");
    expect(xpath('count(${member})', ['member', 'name'])).toBe('count( /data/member )');
  });

  it('keeps references apart from the operators around them', () => {
    expect(xpath('${age}-${age}', ['hh'])).toBe('/data/age - /data/age');
  });

  it('replaces references inside quotes by the absolute path (jr:choice-name)', () => {
    expect(xpath("jr:choice-name(${state}, '${state}')", ['age'])).toBe(
      "jr:choice-name( /data/state , '/data/state')",
    );
  });

  it('lists the names referenced', () => {
    expect([...compileExpression('${age} + ${head}', index, []).refs]).toEqual(['age', 'head']);
  });

  it('refuses an unknown name with the message the importer shows', () => {
    expect(() => compileExpression('${nope} = 1', index, [])).toThrow(
      new ExpressionError('${nope} names no question.', 'reference'),
    );
  });
});

describe('rewrites', () => {
  it("sends today() and now() to the evaluation's clock, not a question named so", () => {
    expect(xpath('today() - now()', ['age'])).toBe('engine-today() - engine-now()');
    expect(xpath('/data/today', ['age'])).toBe('/data/today');
  });

  it('turns indexed-repeat() into a call with paths and positions', () => {
    expect(xpath('indexed-repeat(${name}, ${member}, 2)', ['age'])).toBe(
      "engine-indexed-repeat-1('member/name', 'member', 2)",
    );
    expect(xpath('indexed-repeat(${cage}, ${member}, 1, ${child}, ${age})', ['age'])).toBe(
      "engine-indexed-repeat-2('member/child/cage', 'member', 1, 'member/child', /data/age )",
    );
  });

  it('refuses indexed-repeat() over what is not a repeat holding the question', () => {
    expect(() => compileExpression('indexed-repeat(${name}, ${hh}, 1)', index, [])).toThrow(
      'is not a repeat',
    );
    expect(() => compileExpression('indexed-repeat(${age}, ${member}, 1)', index, [])).toThrow('must hold');
    expect(() => compileExpression('indexed-repeat(${name}, ${member})', index, [])).toThrow(
      'takes a question',
    );
  });

  it('reads bare names of a choice filter as the choice item\'s children, even "order"', () => {
    const compiled = compileExpression('order = 1 and state = ${state}', index, ['age'], true);
    expect(compiled.parts).toEqual(['./order = 1 and ./state = ', { xpath: '/data/state' }]);
  });
});

describe('lexing', () => {
  it('finds strings, references, prefixed names and operators', () => {
    expect(tokenize("jr:choice-name(${a},'x y')!=.").map((t) => `${t.kind}:${t.text}`)).toEqual([
      'name:jr:choice-name',
      'op:(',
      'ref:${a}',
      'op:,',
      "string:'x y'",
      'op:)',
      'op:!=',
      'op:.',
    ]);
  });

  it('says what is malformed', () => {
    expect(() => tokenize("'open")).toThrow('the text in quotes starting at character 1 is not closed');
    expect(() => tokenize('${a')).toThrow('has no closing }');
    expect(() => tokenize('1 # 2')).toThrow('"#" (character 3) is not allowed outside quotes');
  });

  it('writes any text as an XPath literal', () => {
    expect(stringLiteral('plain')).toBe("'plain'");
    expect(stringLiteral("it's")).toBe(`"it's"`);
    expect(stringLiteral(`it's "x"`)).toBe(`concat('it', "'", 's "x"')`);
  });
});

describe('referencePath', () => {
  it('climbs to the deepest repeat both share', () => {
    const repeats = new Set(['a', 'a/b']);
    expect(referencePath(['a', 'b', 'c'], ['a', 'b', 'd'], repeats)).toBe('../c');
    expect(referencePath(['a', 'x'], ['a', 'b', 'd'], repeats)).toBe('../../x');
    expect(referencePath(['z'], ['a', 'b', 'd'], repeats)).toBe('/data/z');
  });
});
