import ExcelJS from 'exceljs';

/*
 * Tests write an XLSForm as its sheets' rows (the header row first), so a test reads like the
 * spreadsheet an author would make; this turns them into the .xlsx bytes the import receives.
 */

export type SheetRows = (string | number | boolean | Date | null)[][];

/** An .xlsx with one sheet per entry, in order (`{ survey: [...], choices: [...] }`). */
export async function xlsformWorkbook(sheets: Record<string, SheetRows>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    // addRow skips nothing, so an empty array leaves a blank spreadsheet row as authors do.
    for (const row of rows) sheet.addRow(row);
  }
  const out = await workbook.xlsx.writeBuffer();
  return Buffer.isBuffer(out) ? out : Buffer.from(out);
}

/** Every sheet of an .xlsx as rows of text (empty cells ''), to assert what an export wrote. */
export async function workbookRows(data: Buffer): Promise<Record<string, string[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  const sheets: Record<string, string[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const cells: string[] = [];
      for (let i = 1; i <= sheet.columnCount; i++) {
        const value = row.getCell(i).value;
        cells.push(value === null || value === undefined ? '' : String(value as string | number));
      }
      rows.push(cells);
    });
    sheets[sheet.name] = rows;
  }
  return sheets;
}
