import { createCauseBody } from '@contract/causes';
import { describe, expect, it } from 'vitest';
import {
  causeBodyFromForm,
  causeFormSchema,
  causeFormSchemaFor,
  emptyCauseForm,
  readSuggestedAmounts,
  type CauseFormValues,
} from './cause-form';

const valid = (patch: Partial<CauseFormValues> = {}): CauseFormValues => ({
  ...emptyCauseForm(),
  title: 'Clean water for Nyamata',
  goal: '500000',
  currency: 'RWF',
  suggestedAmounts: '5000, 1000 10000',
  status: 'published',
  ...patch,
});

const errorsOf = (values: CauseFormValues) => {
  const result = causeFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('cause form schema', () => {
  it('turns valid values into a body the server accepts', () => {
    expect(errorsOf(valid())).toEqual({});
    const body = causeBodyFromForm(valid({ imageUrl: ' https://example.org/a.jpg ', endDate: '2030-01-31' }));
    expect(body).toEqual({
      title: 'Clean water for Nyamata',
      story: '',
      goalMinor: 500000,
      currency: 'RWF',
      imageUrl: 'https://example.org/a.jpg',
      endDate: '2030-01-31',
      suggestedAmountsMinor: [1000, 5000, 10000],
      status: 'published',
    });
    expect(createCauseBody.safeParse(body).success).toBe(true);
  });

  it('uses minor units of the currency', () => {
    expect(
      causeBodyFromForm(valid({ currency: 'USD', goal: '1500.50', suggestedAmounts: '10, 25.5' })),
    ).toMatchObject({
      goalMinor: 150050,
      suggestedAmountsMinor: [1000, 2550],
    });
  });

  it('gives inline messages for each bad field', () => {
    const errors = errorsOf(
      valid({
        title: '  ',
        goal: '0',
        imageUrl: 'not a url',
        endDate: '2030-02-30',
        suggestedAmounts: '10, x',
      }),
    );
    expect(errors.title).toBe('Title is required.');
    expect(errors.goal).toBe('Goal must be more than zero.');
    expect(errors.imageUrl).toBe('Image URL must be a web address starting with http:// or https://.');
    expect(errors.endDate).toBe('End date must be a date written YYYY-MM-DD.');
    expect(errors.suggestedAmounts).toBe("Suggested amount 'x' must be a number, such as 5000.");
  });

  it('requires a goal and refuses decimals a currency does not have', () => {
    expect(errorsOf(valid({ goal: '' })).goal).toBe('Goal is required.');
    expect(errorsOf(valid({ goal: '100.5' })).goal).toBe('Goal must be a whole number in RWF.');
    expect(errorsOf(valid({ goal: '100.555', currency: 'USD', suggestedAmounts: '' })).goal).toBe(
      'Goal can have at most 2 decimals.',
    );
  });

  it('allows at most 6 suggested amounts within the largest donation', () => {
    expect(readSuggestedAmounts('1 2 3 4 5 6 7', 'USD')).toEqual({
      ok: false,
      message: 'At most 6 suggested amounts.',
    });
    expect(readSuggestedAmounts('1 1 2', 'USD')).toEqual({ ok: true, minor: [100, 200] });
    expect(readSuggestedAmounts('200000', 'USD')).toEqual({
      ok: false,
      message: 'Suggested amounts can be at most $100,000.',
    });
  });
});

describe('what a person types that is not a cause', () => {
  const errorsFor = (values: CauseFormValues, savedEndDate = '') => {
    const result = causeFormSchemaFor(savedEndDate, '2026-11-25').safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('refuses a new end date in the past, and keeps an ended cause editable', () => {
    expect(errorsFor(valid({ endDate: '2020-01-01' })).endDate).toBe('End date must be today or later.');
    expect(errorsFor(valid({ endDate: '2026-11-25' }))).toEqual({});
    expect(errorsFor(valid({ endDate: '2020-01-01' }), '2020-01-01')).toEqual({});
  });

  it('calls a negative goal or amount what it is', () => {
    expect(errorsFor(valid({ goal: '-5' })).goal).toBe('Goal must be more than zero.');
    expect(errorsFor(valid({ suggestedAmounts: '1000, -50' })).suggestedAmounts).toBe(
      "Suggested amount '-50' must be more than zero.",
    );
  });
});
