/*
 * CSV as RFC 4180 writes it (CRLF lines, a field quoted when it holds a quote, comma or line break, a
 * quote doubled), UTF-8 with a byte-order mark: without it, Excel reads the file in the machine's
 * legacy code page and accents come out garbled.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** A number as a spreadsheet reads one: harmless even though it may start with `-` or `+`. */
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** What a spreadsheet opening the file may take for the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet will not run: one starting like a formula (`=HYPERLINK(…)`, `@SUM(…)`, a tab or
 * carriage return hiding one) gets a leading `'`, which Excel and LibreOffice read as "text". A plain
 * number (`-3.5`, a negative latitude) is left alone: it cannot be a formula, and an apostrophe would
 * turn data into text.
 */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

export function csvField(cell: string): string {
  const safe = neutralise(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvField).join(',')}\r\n`;

/** The file as text chunks: the mark and the header line, then one chunk per batch of rows. */
export async function* csvChunks(
  headers: readonly string[],
  batches: AsyncIterable<string[][]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(headers);
  for await (const rows of batches) if (rows.length > 0) yield rows.map(csvLine).join('');
}
