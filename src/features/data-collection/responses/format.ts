/*
 * Times and numbers in the user's locale. Formatters are made once: making one costs far more than
 * formatting, and a table formats hundreds of cells.
 */

let dateTime: Intl.DateTimeFormat | undefined;
let number: Intl.NumberFormat | undefined;
let percent: Intl.NumberFormat | undefined;

/** An instant as the user's local date and time ('14 Mar 2026, 09:05'); '' when unknown. */
export function formatInstant(value: string | null | undefined): string {
  if (!value) return '';
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  return (dateTime ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })).format(ms);
}

export const formatCount = (n: number) => (number ??= new Intl.NumberFormat()).format(n);

/** 0.123 → '12%' (one decimal under 10%: '4.5%'). */
export function formatPercent(share: number): string {
  percent ??= new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
  return percent.format(share >= 0.1 ? Math.round(share * 100) / 100 : share);
}

const numberFormats = new Map<number, Intl.NumberFormat>();
/** A measurement with at most `digits` decimals. */
export function formatNumber(n: number, digits = 2): string {
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { maximumFractionDigits: digits });
    numberFormats.set(digits, format);
  }
  return format.format(n);
}
