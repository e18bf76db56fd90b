import { currencyExponent, formatMoney as formatCatalogueMoney, type Currency } from '@contract/money';

/*
 * Form-side money for the cause screens. The shared, zod-free @contract/money holds the currency table
 * and formatting (the embed is served to donors on 2G and must not pull zod in); this adds reading what
 * a person types. Amounts are integer minor units.
 */

/** The currency's minor-unit exponent; 2 for a code outside the catalogue. */
const exponentOf = (currency: string) => currencyExponent[currency as Currency] ?? 2;

const toMajorOf = (currency: string, minor: number) => minor / 10 ** exponentOf(currency);

/** The shared formatting, for the currency codes the screens read from the API (always catalogue ones). */
export const formatMoney = (amountMinor: number, currency: string, locale?: string) =>
  formatCatalogueMoney(amountMinor, currency as Currency, locale);

/** An amount as typed in a form ('5000', '5,000', '12.50'), as a plain number for its input. */
export const majorInputValue = (currency: string, minor: number) => String(toMajorOf(currency, minor));

export type ParsedAmount =
  { ok: true; minor: number } | { ok: false; reason: 'empty' | 'invalid' | 'zero' | 'decimals' };

/**
 * Reads a typed amount in major units into integer minor units, refusing more decimals than the
 * currency has (500.5 RWF does not exist). Spaces and thousands commas are allowed.
 */
export function parseMajorAmount(text: string, currency: string): ParsedAmount {
  const cleaned = text.replace(/[\s,]/g, '');
  if (!cleaned) return { ok: false, reason: 'empty' };
  // '-5' is a number, just not an amount anyone can raise or give.
  if (/^-\d+(\.\d+)?$/.test(cleaned)) return { ok: false, reason: 'zero' };
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(cleaned);
  if (!match) return { ok: false, reason: 'invalid' };
  const exponent = exponentOf(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, reason: 'decimals' };
  const minor = Number(match[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || 0);
  if (minor <= 0) return { ok: false, reason: 'zero' };
  return { ok: true, minor };
}

/** The message a form shows for an amount that could not be read. */
export function amountProblem(
  label: string,
  reason: Exclude<ParsedAmount, { ok: true }>['reason'],
  currency: string,
) {
  switch (reason) {
    case 'empty':
      return `${label} is required.`;
    case 'invalid':
      return `${label} must be a number, such as 5000.`;
    case 'zero':
      return `${label} must be more than zero.`;
    case 'decimals':
      return exponentOf(currency) === 0
        ? `${label} must be a whole number in ${currency}.`
        : `${label} can have at most ${exponentOf(currency)} decimals.`;
  }
}

/** Raised against goal, as a whole percentage for display (may pass 100). */
export const percentRaised = (raisedMinor: number, goalMinor: number) =>
  goalMinor > 0 ? Math.floor((raisedMinor / goalMinor) * 100) : 0;
