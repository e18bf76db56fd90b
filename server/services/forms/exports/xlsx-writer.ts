import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/** One worksheet: its header row, which columns are numbers, and its rows read afresh for it. */
export interface SheetSource {
  name: string;
  headers: string[];
  numeric: boolean[];
  /** Called once, when the sheet before it is written: each sheet reads the responses again. */
  batches: () => AsyncIterable<string[][]>;
}

/** Excel refuses a cell longer than this (an answer may hold 100,000 characters). */
export const XLSX_CELL_MAX = 32_767;
/** How much written but not yet zipped a sheet may hold before the writer waits for the client. */
const BACKLOG_MAX_BYTES = 1024 * 1024;
const BACKLOG_POLL_MS = 5;

type Value = string | number | null;

/** A row's cells as Excel holds them: numbers as numbers, empty cells left out, long text cut. */
export function xlsxValues(cells: readonly string[], numeric: readonly boolean[]): Value[] {
  return cells.map((cell, at) => {
    if (cell === '') return null;
    if (numeric[at]) {
      const n = Number(cell);
      if (Number.isFinite(n) && cell.trim() !== '') return n;
    }
    return cell.length > XLSX_CELL_MAX ? cell.slice(0, XLSX_CELL_MAX) : cell;
  });
}

interface StreamState {
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}
/** Bytes queued in a stream, Node's or the readable-stream package's (which has no writableLength). */
const queued = (stream: StreamState | undefined) =>
  (stream?._writableState?.length ?? 0) + (stream?._readableState?.length ?? 0);

/**
 * The bytes between the rows committed and the response: exceljs writes a sheet into its own buffer
 * (StreamBuf), which ignores the backpressure of the PassThrough archiver reads it through; archiver
 * then queues its zip output for the response. Without a check a slow client would let the whole
 * export pile up in memory; with it, the writer waits while more than BACKLOG_MAX_BYTES are queued.
 * Read from exceljs 4.4's and archiver 5's internals, every step optional: a shape that changed
 * reads as 0 and the export still completes (xlsx-writer.test.ts notices the lost pacing).
 */
function backlogBytes(workbook: ExcelJS.stream.xlsx.WorkbookWriter, worksheet: ExcelJS.Worksheet): number {
  const sheet = (worksheet as unknown as { stream?: { buffers?: unknown[]; pipes?: StreamState[] } }).stream;
  const zip = (workbook as unknown as { zip?: StreamState }).zip;
  return (sheet?.buffers?.length ?? 0) * 64 * 1024 + queued(sheet?.pipes?.[0]) + queued(zip);
}

/**
 * An .xlsx workbook streamed with exceljs's streaming writer: no shared strings or styles (both are
 * kept in memory to the end), one sheet after the other (the zip holds one entry at a time; a second
 * sheet written alongside the first would wait in memory whole). Nothing is read before the first pull.
 */
export function xlsxStream(
  sheets: readonly SheetSource[],
  onError: (error: unknown) => void = () => {},
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  let cancelled = false;
  let started = false;

  async function produce() {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
      useStyles: false,
    });
    // archiver reports a failure as an event; unheard, it would end the process.
    (workbook as unknown as { zip: NodeJS.EventEmitter }).zip.on('error', (error: Error) =>
      out.destroy(error),
    );
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      worksheet.addRow(sheet.headers).commit();
      for await (const rows of sheet.batches()) {
        if (cancelled) return;
        for (const cells of rows) worksheet.addRow(xlsxValues(cells, sheet.numeric)).commit();
        while (backlogBytes(workbook, worksheet) > BACKLOG_MAX_BYTES && !cancelled)
          await sleep(BACKLOG_POLL_MS);
      }
      worksheet.commit();
    }
    await workbook.commit();
  }

  const chunks = out[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          produce().catch((error: unknown) => {
            onError(error);
            out.destroy(error as Error);
          });
        }
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel() {
        cancelled = true;
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
