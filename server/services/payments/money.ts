import { currencies, currencyExponent, toMinor, type Currency } from '../../../contract/payments';

export const isCurrency = (v: string): v is Currency => (currencies as readonly string[]).includes(v);

/** Minor units → the provider's decimal amount: 2900 USD → 29, 2950 → 29.5, 5000 RWF → 5000. */
export function minorToDecimal(currency: Currency, amountMinor: number): number {
  return Number((amountMinor / 10 ** currencyExponent[currency]).toFixed(currencyExponent[currency]));
}

/**
 * A provider's decimal amount → our minor units, in the currency it was charged in. A currency we do
 * not offer gets exponent 2; it fails the currency match anyway.
 */
export function decimalToMinor(currency: string, amount: number): number {
  if (isCurrency(currency)) return toMinor(currency, amount);
  return Math.round(amount * 100);
}
