import { donationCheckoutBody } from '@contract/payments';
import { describe, expect, it } from 'vitest';
import { emptyDonateForm, validateDonation } from './donate-form-logic';
import { formatMoney } from './money';

const cause = { causeId: 'c1', currency: 'RWF', maxDonationMinor: 1_000_000 };

describe('validateDonation', () => {
  it('preselects the second suggestion and builds a body the server accepts', () => {
    const state = emptyDonateForm([1000, 5000, 10000]);
    expect(state.picked).toBe(5000);
    const result = validateDonation(
      { ...state, name: ' Ama ', email: 'AMA@example.org', anonymous: true },
      cause,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        causeId: 'c1',
        amountMinor: 5000,
        donorName: 'Ama',
        donorEmail: 'AMA@example.org',
        anonymous: true,
      },
    });
    if (result.ok) expect(donationCheckoutBody.safeParse(result.body).success).toBe(true);
  });

  it('prefers a typed amount over the picked one', () => {
    const result = validateDonation({ ...emptyDonateForm([1000]), custom: '2,500' }, cause);
    expect(result.ok && result.body.amountMinor).toBe(2500);
  });

  it('explains what is wrong', () => {
    expect(validateDonation(emptyDonateForm([]), cause)).toEqual({
      ok: false,
      errors: { amount: 'Choose or enter an amount.' },
    });
    expect(validateDonation({ ...emptyDonateForm([]), custom: '10.5' }, cause)).toEqual({
      ok: false,
      errors: { amount: 'The amount must be a whole number in RWF.' },
    });
    expect(validateDonation({ ...emptyDonateForm([]), custom: '2000000' }, cause)).toEqual({
      ok: false,
      errors: { amount: `The amount can be at most ${formatMoney(1_000_000, 'RWF')}.` },
    });
    expect(validateDonation({ ...emptyDonateForm([100]), email: 'nope' }, cause)).toEqual({
      ok: false,
      errors: { email: 'Enter a valid email address.' },
    });
  });
});
