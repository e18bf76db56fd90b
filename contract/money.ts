/*
 * Money without zod, shared by the server, the contracts and the client (the cause embed is served to
 * donors on 2G: it imports this module, never the zod contracts). Amounts are integer minor units.
 */

/** Currencies offered at checkout. The provider defaults to NGN, so the currency is always sent. */
export const currencies = ['RWF', 'KES', 'UGX', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof currencies)[number];

/** ISO 4217 minor-unit exponents: RWF and UGX have no minor unit, so 500 RWF is stored as 500. */
export const currencyExponent: Record<Currency, number> = { RWF: 0, KES: 2, UGX: 0, USD: 2, EUR: 2, GBP: 2 };

/** Largest single donation, in major units per currency (roughly USD 100,000): catches typos, not fraud. */
export const donationMaxMajor: Record<Currency, number> = {
  RWF: 130_000_000,
  KES: 13_000_000,
  UGX: 370_000_000,
  USD: 100_000,
  EUR: 100_000,
  GBP: 100_000,
};

export const toMinor = (currency: Currency, major: number) =>
  Math.round(major * 10 ** currencyExponent[currency]);
export const toMajor = (currency: Currency, minor: number) => minor / 10 ** currencyExponent[currency];
export const donationMaxMinor = (currency: Currency) => toMinor(currency, donationMaxMajor[currency]);

export function formatMoney(amountMinor: number, currency: Currency, locale?: string): string {
  const exponent = currencyExponent[currency];
  return new Intl.NumberFormat(locale ?? 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: amountMinor % 10 ** exponent === 0 ? 0 : exponent,
    maximumFractionDigits: exponent,
  }).format(toMajor(currency, amountMinor));
}

/** The cause id in a donation tx_ref `DON-{causeId}-{nonce}`, or null (SPEC §3). */
export function causeIdFromTxRef(txRef: string | null | undefined): string | null {
  if (!txRef) return null;
  const [prefix, causeId] = txRef.split('-');
  return prefix === 'DON' && causeId ? causeId : null;
}
