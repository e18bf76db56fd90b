import type { AttachedTable } from '@contract/forms/definition';

/*
 * A `_from_file` select's CSV, read in the browser into the form's attached table (XLSForm's
 * select_one_from_file: a `name` column, a `label` or `label::<language>` column per language, and any
 * other columns for choice_filter). RFC 4180: quoted fields may hold commas, quotes ("") and line
 * breaks; a UTF-8 byte-order mark (Excel's "CSV UTF-8") is dropped. The limits are the definition's.
 */

export const MAX_COLUMNS = 50;
export const MAX_ROWS = 20_000;
export const MAX_CELL = 1_000;

/** The records of a CSV text, each a list of fields; null when a quoted field never closes. */
export function csvRecords(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  // Text between delimiters is taken whole, not a character at a time: a 5 MB file reads in
  // milliseconds, not seconds of a frozen tab.
  const delimiter = /[",\r\n]/g;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    delimiter.lastIndex = i;
    const at = delimiter.exec(text)?.index ?? text.length;
    field += text.slice(i, at);
    if (at === text.length) break;
    const c = text[at];
    i = at + 1;
    if (c === '"' && field !== '') field += c;
    else if (c === '"') {
      // A quoted field: everything up to a quote that is not doubled ("" is one quote).
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) return null;
        field += text.slice(i, close);
        i = close + 1;
        if (text[i] !== '"') break;
        field += '"';
        i++;
      }
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else {
      if (c === '\r' && text[i] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  // Blank lines (a trailing one, say) are no choices.
  return records.filter((r) => r.some((f) => f.trim() !== ''));
}

/** The attached table a CSV file makes, or the first reason it cannot be one. */
export function csvTable(text: string): { table: AttachedTable } | { error: string } {
  const records = csvRecords(text);
  if (!records) return { error: 'A quoted value is never closed: is this a CSV file?' };
  const [header, ...rows] = records;
  if (!header) return { error: 'The file is empty.' };
  const columns = header.map((c) => c.trim());
  if (!columns.includes('name'))
    return { error: 'The first row needs a “name” column (and a “label” column) to read the choices.' };
  if (!columns.some((c) => c === 'label' || c.startsWith('label::')))
    return { error: 'The first row needs a “label” column (or “label::<language>”) to show the choices.' };
  if (columns.length > MAX_COLUMNS) return { error: `At most ${MAX_COLUMNS} columns can be attached.` };
  if (new Set(columns).size !== columns.length) return { error: 'Two columns have the same name.' };
  if (rows.length === 0) return { error: 'The file has no choices below its first row.' };
  if (rows.length > MAX_ROWS)
    return {
      error: `At most ${MAX_ROWS.toLocaleString('en')} choices can be attached (this file has ${rows.length.toLocaleString('en')}).`,
    };
  const nameAt = columns.indexOf('name');
  for (const [at, row] of rows.entries()) {
    if (row.some((cell) => cell.length > MAX_CELL))
      return { error: `Row ${at + 2} has a value longer than ${MAX_CELL} characters.` };
    if (!row[nameAt]?.trim()) return { error: `Row ${at + 2} has no name.` };
  }
  const seen = new Set<string>();
  for (const [at, row] of rows.entries()) {
    const name = row[nameAt]!.trim();
    if (seen.has(name)) return { error: `Row ${at + 2}: the name “${name}” is already used above.` };
    seen.add(name);
  }
  return {
    table: {
      columns,
      // Every row as wide as the header: short rows padded, extra fields dropped.
      rows: rows.map((row) => columns.map((_, i) => (i === nameAt ? row[i]!.trim() : (row[i] ?? '')))),
    },
  };
}
