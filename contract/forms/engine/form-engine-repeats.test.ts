import { describe, expect, it } from 'vitest';
import type { Answers } from '../answers';
import type { FormDefinition } from '../definition';
import { createFormEngine } from './form-engine';
import { jsdomTestHost } from './jsdom-test-host';
import { form, NOW } from './test-forms';

const host = await jsdomTestHost();

const run = (definition: FormDefinition, answers: Answers) =>
  createFormEngine(definition, host).evaluate(answers, { now: NOW });
const node = (state: ReturnType<typeof run>, path: string) => state.nodes.find((n) => n.path === path);

const household = form([
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
]);

describe('repeats', () => {
  it('give each instance its own siblings (relevant, position)', () => {
    const state = run(household, {
      size: '2',
      member: [
        { name: 'Ada', age: '40' },
        { name: 'Bo', age: '9' },
      ],
    });
    expect(node(state, 'member[1]/job')!.relevant).toBe(true);
    expect(node(state, 'member[2]/job')!.relevant).toBe(false);
    expect(state.answers.member).toEqual([
      { name: 'Ada', age: '40', job: '', n: '1', older: 'false' },
      { name: 'Bo', age: '9', job: '', n: '2', older: 'false' },
    ]);
    expect(state.submission.member).toEqual([
      { name: 'Ada', age: '40', job: '', n: '1', older: 'false' },
      { name: 'Bo', age: '9', n: '2', older: 'false' },
    ]);
  });

  it('sum(), count() and indexed-repeat() read across instances', () => {
    const state = run(household, {
      size: '3',
      member: [
        { name: 'Ada', age: '40' },
        { name: 'Bo', age: '9' },
        { name: 'Cy', age: '51' },
      ],
    });
    expect(state.answers).toMatchObject({ total_age: '100', members: '3', head_age: '40', second: 'Bo' });
    expect((state.answers.member as Answers[]).map((m) => m.older)).toEqual(['false', 'false', 'true']);
  });

  it('follow repeat_count: new instances take defaults, extra answers are dropped', () => {
    const state = run(household, { size: '3', member: [{ name: 'Ada', age: '40' }] });
    expect((state.answers.member as Answers[]).map((m) => m.name)).toEqual(['Ada', 'someone', 'someone']);
    expect(state.errors.map((e) => e.path)).toEqual(['member[2]/age', 'member[3]/age']);
    const fewer = run(household, { size: '1', member: [{ age: '1' }, { age: '2' }] });
    expect(fewer.answers.member).toHaveLength(1);
    expect(run(household, { size: 'many' }).answers.member).toBeUndefined();
  });

  it('without repeat_count, have as many instances as the answers', () => {
    const definition = form([{ name: 'visit', type: 'repeat', children: [{ name: 'day', type: 'date' }] }]);
    expect(run(definition, {}).nodes).toEqual([]);
    const state = run(definition, { visit: [{ day: '2026-01-01' }, { day: 'soon' }] });
    expect(state.nodes.map((n) => n.path)).toEqual(['visit[1]', 'visit[1]/day', 'visit[2]', 'visit[2]/day']);
    expect(state.errors).toEqual([
      { path: 'visit[2]/day', kind: 'type', message: 'Enter a date as YYYY-MM-DD.' },
    ]);
  });

  it('stop at 1,000 instances', () => {
    expect(run(household, { size: '5000' }).answers.member).toHaveLength(1_000);
  });

  it('nest, each inner repeat counted from its own instance', () => {
    const definition = form([
      {
        name: 'hh',
        type: 'repeat',
        children: [
          { name: 'kids', type: 'integer' },
          {
            name: 'child',
            type: 'repeat',
            repeatCount: '${kids}',
            children: [
              { name: 'cage', type: 'integer' },
              { name: 'twin', type: 'calculate', calculation: 'count(../../child)' },
            ],
          },
          { name: 'kid_ages', type: 'calculate', calculation: 'sum(${cage})' },
        ],
      },
      { name: 'all_kids', type: 'calculate', calculation: 'count(${child})' },
      { name: 'pick', type: 'calculate', calculation: 'indexed-repeat(${cage}, ${hh}, 2, ${child}, 1)' },
    ]);
    const state = run(definition, {
      hh: [
        { kids: '2', child: [{ cage: '3' }, { cage: '5' }] },
        { kids: '1', child: [{ cage: '7' }, { cage: '99' }] },
      ],
    });
    expect(state.answers).toEqual({
      hh: [
        {
          kids: '2',
          child: [
            { cage: '3', twin: '2' },
            { cage: '5', twin: '2' },
          ],
          kid_ages: '8',
        },
        { kids: '1', child: [{ cage: '7', twin: '1' }], kid_ages: '7' },
      ],
      all_kids: '3',
      pick: '7',
    });
    expect(node(state, 'hh[2]/child[1]/cage')!.value).toBe('7');
  });

  it('read a path after a predicate', () => {
    const definition = form([
      { name: 'r', type: 'repeat', children: [{ name: 'x', type: 'text' }] },
      { name: 'second', type: 'calculate', calculation: '${r}[2]/x' },
    ]);
    expect(run(definition, { r: [{ x: 'a' }, { x: 'b' }] }).answers.second).toBe('b');
  });

  it('drop a non-relevant instance from the submission', () => {
    const definition = form([
      { name: 'r', type: 'repeat', relevant: "${keep} = 'yes'", children: [{ name: 'keep', type: 'text' }] },
    ]);
    const state = run(definition, { r: [{ keep: 'yes' }, { keep: 'no' }] });
    expect(state.submission).toEqual({ r: [{ keep: 'yes' }] });
    expect(node(state, 'r[2]/keep')!.relevant).toBe(false);
  });
});

describe('repeat states', () => {
  const visits = form([
    { name: 'has_children', type: 'text' },
    {
      name: 'child',
      type: 'repeat',
      relevant: "${has_children} = 'yes'",
      children: [
        { name: 'child_name', type: 'text' },
        {
          name: 'toy',
          type: 'repeat',
          relevant: "${child_name} != ''",
          children: [{ name: 't', type: 'text' }],
        },
      ],
    },
  ]);

  it('say whether an empty repeat is shown, as the page offers to add its first instance', () => {
    expect(run(visits, {}).repeats).toEqual([{ path: 'child', count: 0, relevant: false }]);
    expect(run(visits, { has_children: 'yes' }).repeats).toEqual([
      { path: 'child', count: 0, relevant: true },
    ]);
  });

  it('give each instance’s nested repeat its own state, read in that instance', () => {
    const state = run(visits, { has_children: 'yes', child: [{ child_name: 'Aline' }, { child_name: '' }] });
    expect(state.repeats).toEqual([
      { path: 'child', count: 2, relevant: true },
      { path: 'child[1]/toy', count: 0, relevant: true },
      { path: 'child[2]/toy', count: 0, relevant: false },
    ]);
  });
});
