import { describe, expect, it } from 'vitest';
import { createFormEngine } from './form-engine';
import { jsdomTestHost } from './jsdom-test-host';
import { form, NOW } from './test-forms';
import { validateAnswers } from './validate';

const host = await jsdomTestHost();

const engine = createFormEngine(
  form(
    [
      { name: 'name', type: 'text', required: 'yes', requiredMessage: { default: 'Who are you?' } },
      { name: 'age', type: 'integer', constraint: '. < 130', constraintMessage: { default: 'Too old.' } },
      { name: 'smoker', type: 'select_one', listName: 'yn' },
      { name: 'packs', type: 'integer', relevant: "${smoker} = 'yes'" },
      { name: 'g', type: 'group', children: [{ name: 'city', type: 'text' }] },
      { name: 'kid', type: 'repeat', children: [{ name: 'kage', type: 'integer' }] },
      { name: 'kids', type: 'calculate', calculation: 'count(${kid})' },
      { name: 'username', type: 'username' },
    ],
    {
      choices: {
        yn: [
          { name: 'yes', label: {} },
          { name: 'no', label: {} },
        ],
      },
    },
  ),
  host,
);
const context = { now: NOW, metadata: { username: 'server-user' } };
const validate = (answers: Parameters<typeof validateAnswers>[1]) =>
  validateAnswers(engine, answers, context);

describe('validateAnswers', () => {
  it('accepts a valid response, storing relevant answers with calculations recomputed', () => {
    expect(validate({ name: 'Ada', smoker: 'no', packs: '20', kid: [{ kage: '3' }], kids: '99' })).toEqual({
      ok: true,
      answers: {
        name: 'Ada',
        age: '',
        smoker: 'no',
        g: { city: '' },
        kid: [{ kage: '3' }],
        kids: '1',
        username: 'server-user',
      },
    });
  });

  it('refuses unknown names, saying which and where', () => {
    expect(
      validate({ name: 'Ada', nope: 'x', g: { town: 'y' }, kid: [{}, { kage: '1', toy: 'z' }] }),
    ).toEqual({
      ok: false,
      errors: {
        nope: '"nope" names no question of this form.',
        'g/town': '"town" names no question of this form.',
        'kid[2]/toy': '"toy" names no question of this form.',
      },
    });
  });

  it('refuses answers of the wrong shape', () => {
    expect(validate({ name: { first: 'Ada' }, g: 'Paris', kid: { kage: '1' } })).toEqual({
      ok: false,
      errors: {
        name: '"name" takes text, not a list or a group.',
        g: '"g" is a group: its answer must hold its questions\' answers.',
        kid: '"kid" is a repeat: its answer must be a list of entries.',
      },
    });
  });

  it('refuses more than 1,000 repeat entries', () => {
    const kid = Array.from({ length: 1_001 }, () => ({ kage: '1' }));
    expect(validate({ name: 'Ada', kid })).toEqual({
      ok: false,
      errors: { kid: '"kid" has more than 1,000 entries.' },
    });
  });

  it("refuses what the page refuses, with the question's own messages", () => {
    expect(validate({ age: '200', smoker: 'maybe', kid: [{ kage: 'two' }] })).toEqual({
      ok: false,
      errors: {
        name: 'Who are you?',
        age: 'Too old.',
        smoker: 'Choose from the listed choices ("maybe" is not one of them).',
        'kid[1]/kage': 'Enter a whole number (like 42).',
      },
    });
  });

  it('ignores a bad value to a question that is not relevant, and drops it', () => {
    const result = validate({ name: 'Ada', smoker: 'no', packs: 'lots' });
    expect(result.ok).toBe(true);
    expect(result.ok && 'packs' in result.answers).toBe(false);
  });

  it('takes the identity the server knows over what the client claims', () => {
    const result = validate({ name: 'Ada', username: 'someone-else' });
    expect(result.ok && result.answers.username).toBe('server-user');
  });

  it("accepts the page's own submission unchanged", () => {
    const page = engine.evaluate({ name: 'Ada', smoker: 'yes', packs: '2', g: { city: 'Lyon' } }, context);
    expect(page.errors).toEqual([]);
    expect(validate(page.submission)).toEqual({ ok: true, answers: page.submission });
  });
});
