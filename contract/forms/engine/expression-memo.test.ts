import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile';
import { expressionInputs } from './expression-inputs';
import { createExpressionMemo, FAILED } from './expression-memo';
import { indexForm } from './form-index';
import { buildInstance } from './instance';
import { jsdomTestHost } from './jsdom-test-host';
import { form, NOW } from './test-forms';

const host = await jsdomTestHost();

const definition = form([
  { name: 'age', type: 'integer' },
  { name: 'g', type: 'group', children: [{ name: 'city', type: 'text' }] },
  {
    name: 'hh',
    type: 'repeat',
    children: [
      { name: 'size', type: 'integer' },
      { name: 'kid', type: 'repeat', children: [{ name: 'kage', type: 'integer' }] },
      { name: 'note', type: 'text' },
    ],
  },
]);
const index = indexForm(definition);
const at = (key: string) => index.all.find((i) => i.key === key)!.path;

/** The inputs of `expression` written for the question at `key`. */
const inputsOf = (expression: string, key = 'age') =>
  expressionInputs(expression, compileExpression(expression, index, at(key)).refs, index, at(key));

describe('expression inputs', () => {
  it('are the references, `.` and today() of expressions built of values and pure functions', () => {
    expect(inputsOf("${age} >= 18 and selected(${city}, 'x')")).toEqual({
      inputs: [
        { kind: 'all', key: 'age', paths: false },
        { kind: 'all', key: 'g/city', paths: false },
      ],
      self: false,
      today: false,
    });
    expect(inputsOf('. <= today() and . * 2 > 1')).toEqual({ inputs: [], self: true, today: true });
    expect(inputsOf('string-length() < 3')?.self).toBe(true);
    expect(inputsOf('string-length(${age}) < 3')?.self).toBe(false);
    expect(inputsOf("jr:choice-name(${age}, '${age}')")?.inputs).toHaveLength(1);
  });

  it('tell a sibling in the same repeat instance from nodes across instances', () => {
    expect(inputsOf('${size} > ${age}', 'hh/note')?.inputs).toEqual([
      { kind: 'sibling', depth: 1, rest: 'size' },
      { kind: 'all', key: 'age', paths: false },
    ]);
    // From an instance of hh, its kids' ages are read through another repeat: where each stands matters.
    expect(inputsOf('sum(${kage})', 'hh/note')?.inputs).toEqual([
      { kind: 'all', key: 'hh/kid/kage', paths: true },
    ]);
    expect(inputsOf('sum(${kage})')?.inputs).toEqual([{ kind: 'all', key: 'hh/kid/kage', paths: false }]);
  });

  it('are unknown (null) for what is volatile or read through paths the references do not show', () => {
    for (const expression of [
      'now()',
      'random() > 0.5',
      'uuid()',
      'once(${age})',
      'position(..)',
      'count(../kid)',
      '/data/age > 1',
      'age > 1',
      '${age}[1] > 1',
      '${age} | ${city}',
      'count(*)',
      'indexed-repeat(${kage}, ${hh}, 1, ${kid}, 1)',
      'count(${hh})',
      "${g} != ''",
      'string-length(name()) > 1',
    ]) {
      expect(inputsOf(expression), expression).toBeNull();
    }
  });
});

describe('the expression memo', () => {
  const instanceOf = (age: string) =>
    buildInstance(host, definition.questions, {
      answers: { age, hh: [{ size: '2' }] },
      initial: (_, raw) => ({ value: raw ?? '', pendingDefault: false }),
    });
  const b = { inputs: inputsOf('${age} > 1') };

  it('reuses a result while its inputs read the same, in any instance', () => {
    const memo = createExpressionMemo();
    let runs = 0;
    const run = (age: string) => {
      const instance = instanceOf(age);
      memo.use(instance, { now: NOW });
      return memo.result(b, 'boolean', instance.byPath.get('age')!, () => (++runs, Number(age) > 1));
    };
    expect([run('5'), run('5'), run('0'), run('5')]).toEqual([true, true, false, true]);
    expect(runs).toBe(3);
  });

  it('keeps a failure as such, and never stores what has no known inputs', () => {
    const memo = createExpressionMemo();
    const instance = instanceOf('5');
    memo.use(instance, { now: NOW });
    const node = instance.byPath.get('age')!;
    const fail = () => {
      throw new Error('no');
    };
    expect(memo.result(b, 'boolean', node, fail)).toBe(FAILED);
    expect(memo.result(b, 'boolean', node, () => true)).toBe(FAILED);
    let runs = 0;
    for (let k = 0; k < 3; k++) memo.result({ inputs: null }, 'string', node, () => String(++runs));
    expect(runs).toBe(3);
  });

  it('starts again empty past its bound', () => {
    const memo = createExpressionMemo(true, { entries: 2, chars: 1_000 });
    const instance = instanceOf('5');
    memo.use(instance, { now: NOW });
    const binds = [0, 1, 2].map(() => ({ inputs: inputsOf('${age} > 1') }));
    let runs = 0;
    const all = () =>
      binds.map((x) => memo.result(x, 'boolean', instance.byPath.get('age')!, () => (++runs, true)));
    all();
    all();
    // Never more than two kept: the third cleared the first two, and so on in the second pass.
    expect(runs).toBe(6);
  });
});
