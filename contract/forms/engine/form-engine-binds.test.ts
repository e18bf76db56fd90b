import { describe, expect, it } from 'vitest';
import type { Answers } from '../answers';
import type { FormDefinition } from '../definition';
import { createFormEngine } from './form-engine';
import { jsdomTestHost } from './jsdom-test-host';
import { localDate, localDateTime, writtenOffset } from './metadata';
import { form, NOW } from './test-forms';

const host = await jsdomTestHost();
const FR = 'Français (fr)';

const run = (definition: FormDefinition, answers: Answers, language?: string) =>
  createFormEngine(definition, host).evaluate(answers, { now: NOW, ...(language && { language }) });
const node = (state: ReturnType<typeof run>, path: string) => state.nodes.find((n) => n.path === path)!;

describe('relevant', () => {
  const definition = form(
    [
      { name: 'works', type: 'select_one', listName: 'yn' },
      { name: 'job', type: 'text', relevant: "${works} = 'yes'" },
      {
        name: 'employer',
        type: 'group',
        relevant: "${works} = 'yes'",
        children: [{ name: 'company', type: 'text', required: 'yes' }],
      },
      { name: 'summary', type: 'calculate', calculation: "concat('job:', ${job})" },
    ],
    {
      choices: {
        yn: [
          { name: 'yes', label: {} },
          { name: 'no', label: {} },
        ],
      },
    },
  );

  it('follows the answers, a group taking its questions with it', () => {
    const shown = run(definition, { works: 'yes', job: 'nurse' });
    expect(node(shown, 'job').relevant).toBe(true);
    expect(node(shown, 'employer/company').relevant).toBe(true);
    const hidden = run(definition, { works: 'no', job: 'nurse', employer: { company: 'Acme' } });
    expect(node(hidden, 'job').relevant).toBe(false);
    expect(node(hidden, 'employer').relevant).toBe(false);
    expect(node(hidden, 'employer/company').relevant).toBe(false);
    // Not relevant, so not required either.
    expect(hidden.errors).toEqual([]);
  });

  it('keeps non-relevant answers in `answers` but not in `submission`, and reads them as blank', () => {
    const state = run(definition, { works: 'no', job: 'nurse', employer: { company: 'Acme' } });
    expect(state.answers).toEqual({
      works: 'no',
      job: 'nurse',
      employer: { company: 'Acme' },
      summary: 'job:',
    });
    expect(state.submission).toEqual({ works: 'no', summary: 'job:' });
    expect(run(definition, { works: 'yes', job: 'nurse' }).submission.summary).toBe('job:nurse');
  });
});

describe('required', () => {
  const definition = form(
    [
      {
        name: 'name',
        type: 'text',
        required: 'true()',
        requiredMessage: { default: 'Say your name.', [FR]: 'Dites votre nom.' },
      },
      { name: 'age', type: 'integer', required: "${name} != ''" },
      { name: 'note', type: 'note', required: 'yes' },
    ],
    { languages: ['default', FR] },
  );

  it("gives the question's message in the language, else the default text", () => {
    expect(run(definition, {}).errors).toEqual([
      { path: 'name', kind: 'required', message: 'Say your name.' },
    ]);
    expect(run(definition, {}, FR).errors[0]!.message).toBe('Dites votre nom.');
    expect(run(definition, { name: '  ' }, 'Deutsch (de)').errors[0]!.message).toBe('Say your name.');
    expect(run(definition, { name: 'Ada' }).errors).toEqual([
      { path: 'age', kind: 'required', message: 'This question is required.' },
    ]);
    expect(node(run(definition, { name: 'Ada' }), 'age')).toMatchObject({
      required: true,
      error: 'This question is required.',
    });
    expect(node(run(definition, {}), 'age').required).toBe(false);
  });

  it('never asks a note for a value', () => {
    const state = run(definition, { name: 'Ada', age: '3', note: 'typed' });
    expect(state.errors).toEqual([]);
    expect(state.answers).toEqual({ name: 'Ada', age: '3' });
  });
});

describe('constraint', () => {
  const definition = form(
    [
      {
        name: 'age',
        type: 'integer',
        constraint: '. >= 0 and . <= ${max}',
        constraintMessage: { default: 'Between 0 and the maximum.', [FR]: 'Entre 0 et le maximum.' },
      },
      { name: 'max', type: 'integer', default: '120' },
      { name: 'code', type: 'text', constraint: "regex(., '^[A-Z]{3}$')" },
    ],
    { languages: ['default', FR] },
  );

  it('tests the value as `.`, with its message in the language', () => {
    expect(run(definition, { age: '30' }).errors).toEqual([]);
    expect(run(definition, { age: '130' }).errors).toEqual([
      { path: 'age', kind: 'constraint', message: 'Between 0 and the maximum.' },
    ]);
    expect(run(definition, { age: '-1' }, FR).errors[0]!.message).toBe('Entre 0 et le maximum.');
    expect(run(definition, { age: '130', max: '200' }).errors).toEqual([]);
    expect(run(definition, { code: 'abc' }).errors).toEqual([
      { path: 'code', kind: 'constraint', message: 'This answer is not allowed.' },
    ]);
  });

  it('is not tested on an empty answer, and a type error comes first', () => {
    expect(run(definition, { age: '' }).errors).toEqual([]);
    expect(run(definition, { age: 'old' }).errors).toEqual([
      { path: 'age', kind: 'type', message: 'Enter a whole number (like 42).' },
    ]);
  });
});

describe('calculation', () => {
  it('runs a chain in dependency order, whatever the form order', () => {
    const definition = form([
      { name: 'total', type: 'calculate', calculation: '${subtotal} + ${tax}' },
      { name: 'tax', type: 'calculate', calculation: 'round(${subtotal} * 0.1, 2)' },
      { name: 'subtotal', type: 'calculate', calculation: '${price} * ${qty}' },
      { name: 'price', type: 'decimal' },
      { name: 'qty', type: 'integer' },
      { name: 'label', type: 'text', calculation: "if(${total} > 100, 'big', 'small')" },
    ]);
    const state = run(definition, { price: '12.5', qty: '10', total: '1' });
    expect(state.answers).toMatchObject({ subtotal: '125', tax: '12.5', total: '137.5', label: 'big' });
    expect(node(state, 'label').readOnly).toBe(true);
    // Blank inputs make NaN, which a value shows as blank.
    expect(run(definition, {}).answers).toMatchObject({ subtotal: '', total: '', label: 'small' });
  });

  it('settles calculations that read each other within a cap', () => {
    const definition = form([
      { name: 'a', type: 'calculate', calculation: "if(${b} = '', 1, ${b} + 1)" },
      { name: 'b', type: 'calculate', calculation: "if(${a} = '', 1, 5)" },
    ]);
    expect(run(definition, {}).answers).toEqual({ a: '6', b: '5' });
  });
});

describe('default', () => {
  const definition = form([
    { name: 'country', type: 'text', default: 'Kenya' },
    { name: 'visit', type: 'date', default: 'today()' },
    { name: 'copy', type: 'text', default: "concat(${country}, '!')" },
  ]);

  it('fills an absent answer, not one cleared to ""', () => {
    expect(run(definition, {}).answers).toEqual({ country: 'Kenya', visit: '2026-11-27', copy: 'Kenya!' });
    expect(run(definition, { country: '', visit: '2020-01-01', copy: 'x' }).answers).toEqual({
      country: '',
      visit: '2020-01-01',
      copy: 'x',
    });
  });
});

describe('read_only', () => {
  it('is an expression, and a read-only group makes its questions read-only', () => {
    const definition = form([
      { name: 'locked', type: 'text' },
      { name: 'a', type: 'text', readOnly: "${locked} = 'yes'" },
      { name: 'g', type: 'group', readOnly: 'yes', children: [{ name: 'b', type: 'text' }] },
    ]);
    expect(node(run(definition, {}), 'a').readOnly).toBe(false);
    expect(node(run(definition, { locked: 'yes' }), 'a').readOnly).toBe(true);
    expect(node(run(definition, {}), 'g/b').readOnly).toBe(true);
  });
});

describe('metadata', () => {
  const definition = form([
    { name: 'start', type: 'start' },
    { name: 'end', type: 'end' },
    { name: 'today', type: 'today' },
    { name: 'deviceid', type: 'deviceid' },
    { name: 'username', type: 'username' },
    { name: 'email', type: 'email' },
  ]);

  it('is filled from the context when absent, and kept when present', () => {
    const state = createFormEngine(definition, host).evaluate(
      { start: '2026-11-27T09:00:00.000+00:00' },
      { now: NOW, metadata: { username: 'ada', deviceid: 'dev-1' } },
    );
    expect(state.answers).toEqual({
      start: '2026-11-27T09:00:00.000+00:00',
      end: localDateTime(NOW),
      today: '2026-11-27',
      deviceid: 'dev-1',
      username: 'ada',
      email: '',
    });
    expect(localDateTime(NOW)).toMatch(/^2026-11-27T10:30:00\.000[+-]\d\d:\d\d$/);
    const started = createFormEngine(definition, host).evaluate(
      {},
      { now: NOW, startedAt: '2026-11-27T08:00' },
    );
    expect(started.answers.start).toBe('2026-11-27T08:00');
  });

  it('reads today(), today, end and start where the person filling is, when the context says where', () => {
    // 23:00 UTC on the 27th is 01:00 on the 28th in Kigali and 18:00 on the 27th in New York.
    const lateUtc = new Date(Date.UTC(2026, 10, 27, 23, 0));
    const withToday = form([
      ...definition.questions,
      { name: 'is_today', type: 'calculate', calculation: '${visit} = today()' },
      { name: 'visit', type: 'date' },
    ]);
    const at = (utcOffset: number) =>
      createFormEngine(withToday, host).evaluate({ visit: '2026-11-28' }, { now: lateUtc, utcOffset })
        .answers;
    expect(at(120)).toMatchObject({
      today: '2026-11-28',
      end: '2026-11-28T01:00:00.000+02:00',
      start: '2026-11-28T01:00:00.000+02:00',
      is_today: 'true',
    });
    expect(at(-300)).toMatchObject({
      today: '2026-11-27',
      end: '2026-11-27T18:00:00.000-05:00',
      is_today: 'false',
    });
    expect(at(0)).toMatchObject({ today: '2026-11-27', end: '2026-11-27T23:00:00.000+00:00' });
  });

  it('reads the offset a device wrote its time with, and none from a time in UTC', () => {
    expect(writtenOffset('2026-11-28T01:00:00.000+02:00')).toBe(120);
    expect(writtenOffset('2026-11-27T18:00:00.000-05:00')).toBe(-300);
    expect(writtenOffset('2026-11-27T18:00:00.000+0530')).toBe(330);
    expect(writtenOffset('2026-11-27T23:00:00.000Z')).toBeUndefined();
    expect(localDate(new Date(Date.UTC(2026, 0, 1, 0, 30)), -60)).toBe('2025-12-31');
  });
});

describe('nodes', () => {
  it('lists groups and questions in form order with their values', () => {
    const definition = form([
      { name: 'g', type: 'group', children: [{ name: 'a', type: 'text' }] },
      { name: 'b', type: 'integer' },
    ]);
    const state = run(definition, { g: { a: 'x' }, b: '1' });
    expect(state.nodes.map((n) => [n.path, n.value, n.relevant])).toEqual([
      ['g', '', true],
      ['g/a', 'x', true],
      ['b', '1', true],
    ]);
  });
});
