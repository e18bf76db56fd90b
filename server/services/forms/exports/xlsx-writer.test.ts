import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XLSX_CELL_MAX, xlsxStream, xlsxValues, type SheetSource } from './xlsx-writer';

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return Buffer.concat(parts);
    parts.push(value);
  }
}

async function* batchesOf(...batches: string[][][]) {
  for (const batch of batches) yield batch;
}

const sheetValues = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));

describe('XLSX writer', () => {
  it('types cells: numbers in numeric columns, empty cells left out, text cut at Excel’s limit', () => {
    expect(xlsxValues(['5', 'x', '', '1.5e3', 'n/a'], [true, false, true, true, true])).toEqual([
      5,
      'x',
      null,
      1500,
      'n/a',
    ]);
    expect(xlsxValues(['007'], [false])).toEqual(['007']);
    expect((xlsxValues(['y'.repeat(XLSX_CELL_MAX + 10)], [false])[0] as string).length).toBe(XLSX_CELL_MAX);
  });

  it('writes one sheet after another, each read when its turn comes, formulas kept as text', async () => {
    const read: string[] = [];
    const sheets: SheetSource[] = [
      {
        name: 'Main',
        headers: ['name', 'size', 'comment'],
        numeric: [false, true, false],
        batches: () => {
          read.push('Main');
          return batchesOf([['Aline', '5', '=1+1']], [['Été', '', '@x']]);
        },
      },
      {
        name: 'member',
        headers: ['member/name', '_parent_id'],
        numeric: [false, false],
        batches: () => {
          read.push('member');
          return batchesOf([['Eric', 'sub1']]);
        },
      },
    ];
    const bytes = await bytesOf(xlsxStream(sheets));
    expect(read).toEqual(['Main', 'member']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Main', 'member']);
    expect(sheetValues(book.getWorksheet('Main')!)).toEqual([
      ['name', 'size', 'comment'],
      ['Aline', 5, '=1+1'],
      ['Été', undefined, '@x'],
    ]);
    // A string, never a formula: the cell holds the text.
    expect(book.getWorksheet('Main')!.getCell('C2').type).toBe(ExcelJS.ValueType.String);
    expect(sheetValues(book.getWorksheet('member')!)).toEqual([
      ['member/name', '_parent_id'],
      ['Eric', 'sub1'],
    ]);
  });

  it('stops reading rows while the client does not read, and stops for good when it leaves', async () => {
    let batchesRead = 0;
    let finished = false;
    async function* endless() {
      try {
        for (let i = 0; i < 500; i++) {
          batchesRead++;
          // Random text zips poorly, so the bytes pile up if the writer did not wait.
          yield Array.from({ length: 200 }, () => [randomBytes(60).toString('base64')]);
        }
      } finally {
        finished = true;
      }
    }
    const stream = xlsxStream([{ name: 'S', headers: ['x'], numeric: [false], batches: endless }]);
    const reader = stream.getReader();
    await reader.read();
    // Waits for the reading to stop (the count holds still over two windows in a row) rather than
    // for a fixed time: on a loaded machine filling the backlog takes longer, not more batches.
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let whileStalled = -1;
    for (let still = 0, tries = 0; still < 2 && tries < 100; tries++) {
      const before = batchesRead;
      await sleep(150);
      still = batchesRead === before ? still + 1 : 0;
      whileStalled = batchesRead;
    }
    // 1 MiB of backlog is about 64 batches of 16 KB; far from all 500.
    expect(whileStalled).toBeLessThan(120);
    await sleep(200);
    expect(batchesRead).toBe(whileStalled);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(finished).toBe(true);
    expect(batchesRead).toBeLessThan(500);
  });
});
