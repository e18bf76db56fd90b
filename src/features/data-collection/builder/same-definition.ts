import type { FormDefinition } from '@contract/forms/definition';

/** JSON with object keys sorted: the server stores definitions as jsonb, which reorders keys. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether two definitions say the same thing (what 'Unsaved changes' compares). */
export const sameDefinition = (a: FormDefinition, b: FormDefinition) =>
  a === b || canonicalJson(a) === canonicalJson(b);

/** A file name made from the form's title: 'Household survey 2026' → 'household-survey-2026'. */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || 'form';
}
