import type { DonationCheckoutBody } from '@contract/payments';
import { amountProblem, formatMoney, parseMajorAmount } from './money';

/** What the donate form holds: a picked suggestion (minor units) or a typed amount. */
export interface DonateFormState {
  picked: number | null;
  custom: string;
  name: string;
  email: string;
  anonymous: boolean;
}

export const emptyDonateForm = (suggested: readonly number[]): DonateFormState => ({
  picked: suggested[Math.min(1, suggested.length - 1)] ?? null,
  custom: '',
  name: '',
  email: '',
  anonymous: false,
});

export type DonateErrors = Partial<Record<'amount' | 'name' | 'email', string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks the form the way the server's donationCheckoutBody does (without shipping zod to the
 * embed): an amount above zero and within the cause's maximum, an optional name and email.
 */
export function validateDonation(
  state: DonateFormState,
  { causeId, currency, maxDonationMinor }: { causeId: string; currency: string; maxDonationMinor: number },
): { ok: true; body: DonationCheckoutBody } | { ok: false; errors: DonateErrors } {
  const errors: DonateErrors = {};
  let amountMinor: number | null = null;
  if (state.custom.trim()) {
    const parsed = parseMajorAmount(state.custom, currency);
    if (parsed.ok) amountMinor = parsed.minor;
    else errors.amount = amountProblem('The amount', parsed.reason, currency);
  } else if (state.picked) {
    amountMinor = state.picked;
  } else {
    errors.amount = 'Choose or enter an amount.';
  }
  if (amountMinor !== null && amountMinor > maxDonationMinor)
    errors.amount = `The amount can be at most ${formatMoney(maxDonationMinor, currency)}.`;
  const name = state.name.trim();
  if (name.length > 120) errors.name = 'Name is too long (120 characters at most).';
  const email = state.email.trim();
  if (email && (email.length > 254 || !emailPattern.test(email)))
    errors.email = 'Enter a valid email address.';
  if (Object.keys(errors).length || amountMinor === null) return { ok: false, errors };
  return {
    ok: true,
    body: {
      causeId,
      amountMinor,
      ...(name && { donorName: name }),
      ...(email && { donorEmail: email }),
      anonymous: state.anonymous,
    },
  };
}
