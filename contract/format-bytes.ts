/** Shared by the client's screens and the server's messages (a quota refusal), so both say the same. */

/** '12.3 MB' in the given locale (the user's by default); units of 1,000, as plans state their storage. */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    // CLDR's short form of a byte is 'byte' whatever the count ('293 byte'); the long one agrees.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
