/**
 * Tiny search-param readers for routes on the public critical path, where the full zod build is
 * too heavy. Listing routes read their filters with lib/listing/search-params-reader.
 */
export const optionalSearchString = (value: unknown, maxLength = 2048): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= maxLength ? value : undefined;

/**
 * A query value that is text to us even when the router reads it as a number or boolean (it
 * JSON-parses values, so `?transaction_id=12345` arrives as 12345 and `?status=true` as true).
 */
export const optionalSearchText = (value: unknown, maxLength = 2048): string | undefined =>
  typeof value === 'number' || typeof value === 'boolean'
    ? optionalSearchString(String(value), maxLength)
    : optionalSearchString(value, maxLength);
