import { XLSX_CONTENT_TYPE } from '../../../../contract/forms/api';
import { DEFAULT_LANGUAGE } from '../../../../contract/forms/definition';
import type { DbExecutor } from '../../../db';
import { ApiError } from '../../api-error';
import type { Tenant } from '../../auth/tenant-scope';
import { CSV_CONTENT_TYPE, csvChunks } from './csv-writer';
import { loadExportForm } from './export-form';
import { geopointNamed, planExport, repeatNamed } from './export-plan';
import type { ExportTable } from './export-types';
import { tableRows } from './flatten-rows';
import { GEOJSON_CONTENT_TYPE, geojsonChunks } from './geojson-writer';
import { sheetNames } from './sheet-names';
import { submissionPages, type SubmissionFilter } from './submission-pages';
import { toWebStream } from './web-stream';
import { xlsxStream } from './xlsx-writer';

export type ExportFormat = 'csv' | 'xlsx' | 'geojson';

export interface ExportRequest {
  format: ExportFormat;
  /** Labels (question labels as headers, choice labels as values) instead of names. */
  labels: boolean;
  /** The labels' language; the form's first by default. */
  language?: string | undefined;
  /** CSV: the repeat table to write instead of the main one. */
  repeat?: string | undefined;
  /** GeoJSON: the geopoint question (its name or path); the form's first by default. */
  question?: string | undefined;
  filters: Pick<SubmissionFilter, 'from' | 'to' | 'reviewStatus' | 'submittedBy'>;
  /** A member who reads only their own responses (a volunteer): their id; else null. */
  ownOnly: string | null;
  /** The origin media links are built on (http/app-url.ts). */
  appUrl: string;
  /** Told of a failure once the answer has started (it can only be cut short then). */
  onError?: (error: unknown) => void;
}

export interface ExportFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
  /** The repeat tables `?repeat=` takes, in form order. */
  repeatTables: string[];
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'Some fields are invalid.', { code: 'validation_failed', fields: { [field]: message } });

/** The title as a file name: no path separators or characters a file system refuses. */
export function fileNameOf(title: string, suffix: string, extension: string): string {
  const base = `${title}${suffix}`
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'responses'}.${extension}`;
}

/**
 * A form's responses as a CSV, XLSX or GeoJSON file, streamed: responses are read a page at a time as
 * the client downloads (submission-pages.ts), so an export of 100,000 responses never holds them all.
 */
export async function exportResponses(
  db: DbExecutor,
  tenant: Tenant,
  formId: string,
  request: ExportRequest,
): Promise<ExportFile> {
  const form = await loadExportForm(db, tenant, formId);
  const latest = form.definitions[0]!;
  const languages = latest.languages.length > 0 ? latest.languages : [DEFAULT_LANGUAGE];
  const language = request.language || languages[0]!;
  if (!languages.includes(language))
    throw invalid('language', `This form is written in ${languages.join(', ')}; not in ${language}.`);
  const plan = planExport(form.definitions, {
    labels: request.labels,
    language,
    mediaBase: `${request.appUrl}/api/forms/${encodeURIComponent(form.id)}/submissions`,
  });
  const repeatTables = plan.repeats.map((t) => t.key);
  const filter: SubmissionFilter = {
    formId: form.id,
    ...request.filters,
    submittedBy: request.ownOnly ?? request.filters.submittedBy,
    asOf: new Date(),
  };
  const rowsOf = (table: ExportTable) => tableRows(plan, table, submissionPages(db, filter));
  const headersOf = (table: ExportTable) => table.columns.map((c) => c.header);

  switch (request.format) {
    case 'csv': {
      const table = request.repeat ? repeatNamed(plan, request.repeat) : plan.main;
      if (!table)
        throw invalid(
          'repeat',
          repeatTables.length
            ? `This form has no repeat "${request.repeat}"; its repeats are ${repeatTables.join(', ')}.`
            : 'This form has no repeat.',
        );
      return {
        body: toWebStream(csvChunks(headersOf(table), rowsOf(table)), request.onError),
        contentType: CSV_CONTENT_TYPE,
        fileName: fileNameOf(form.title, table === plan.main ? '' : ` - ${table.key}`, 'csv'),
        repeatTables,
      };
    }
    case 'xlsx': {
      const tables = [plan.main, ...plan.repeats];
      const names = sheetNames([form.title, ...plan.repeats.map((t) => t.key)], 'Responses');
      const sheets = tables.map((table, at) => ({
        name: names[at]!,
        headers: headersOf(table),
        numeric: table.columns.map((c) => c.numeric),
        batches: () => rowsOf(table),
      }));
      return {
        body: xlsxStream(sheets, request.onError),
        contentType: XLSX_CONTENT_TYPE,
        fileName: fileNameOf(form.title, '', 'xlsx'),
        repeatTables,
      };
    }
    case 'geojson': {
      const point = geopointNamed(plan, request.question);
      if (!point)
        throw invalid(
          'question',
          geopointNamed(plan, undefined) === undefined
            ? 'This form has no GPS point question.'
            : `This form has no GPS point question "${request.question}".`,
        );
      const { table, path } = point;
      return {
        body: toWebStream(geojsonChunks(table.columns, path, rowsOf(table)), request.onError),
        contentType: GEOJSON_CONTENT_TYPE,
        fileName: fileNameOf(form.title, '', 'geojson'),
        repeatTables,
      };
    }
  }
}
