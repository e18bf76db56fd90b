/**
 * Tiny search-param readers for routes on the public critical path, where the full zod build is
 * too heavy. Listing routes with many filters use zod/mini schemas instead.
 */
export const optionalSearchString = (value: unknown, maxLength = 2048): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= maxLength ? value : undefined;
