/** Excel's limits on a worksheet's name: 31 characters, none of \ / ? * [ ] :, no ' at either end. */
const SHEET_NAME_MAX = 31;
const FORBIDDEN = /[\\/?*[\]:\p{Cc}]/gu;

function clean(name: string, fallback: string): string {
  const cleaned = name
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '');
  // Excel keeps "History" for itself.
  return cleaned === '' || cleaned.toLowerCase() === 'history' ? fallback : cleaned;
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function cut(name: string, max: number): string {
  if (name.length <= max) return name;
  const end = /[\uD800-\uDBFF]/.test(name[max - 1]!) ? max - 1 : max;
  return name.slice(0, end).trimEnd();
}

/**
 * A valid, distinct worksheet name for each of `wanted`, in order: cleaned, cut to 31 characters, and
 * numbered (`member (2)`) when two would be the same, as Excel compares them (case-insensitively).
 */
export function sheetNames(wanted: readonly string[], fallback = 'Sheet'): string[] {
  const taken = new Set<string>();
  return wanted.map((raw, at) => {
    const base = clean(raw, `${fallback} ${at + 1}`);
    let name = cut(base, SHEET_NAME_MAX);
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = cut(base, SHEET_NAME_MAX - suffix.length) + suffix;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}
