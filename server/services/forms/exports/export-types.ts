import type { Answers } from '../../../../contract/forms/answers';

/** One response as an export reads it (submission-pages.ts), its metadata already formatted. */
export interface ExportSubmission {
  id: string;
  instanceId: string;
  version: number;
  answers: Answers;
  /** ISO 8601 UTC, or null when the device sent no finish time. */
  submittedAt: string | null;
  receivedAt: string;
  /** The submitter's name; '' for a visitor, or a deleted account. */
  submittedBy: string;
  reviewStatus: string;
}

/**
 * Where a row of a table reads its cells: the response, the answers object of the row (the response's
 * answers for the main table, one repeat instance otherwise) and the row's keys.
 */
export interface RowScope {
  submission: ExportSubmission;
  answers: Answers;
  /** 1-based row number in its table, over the whole export (Kobo's `_index`). */
  index: number;
  /** The parent row's `index` (the main table's for a first-level repeat); 0 for the main table. */
  parentIndex: number;
  /** The submission id for a first-level repeat, the parent repeat row's `_index` when nested. */
  parentId: string;
}

/** Which part of a question's answer a column holds. */
export type ColumnPart = 'value' | 'choice' | 'latitude' | 'longitude' | 'altitude' | 'precision';

export interface ExportColumn {
  header: string;
  /** Written as a number in XLSX and GeoJSON when the cell parses as one; CSV keeps the text as sent. */
  numeric: boolean;
  /** The question's path from the form's root (`household/gps`); absent for metadata and keys. */
  question?: string;
  part?: ColumnPart;
  value(row: RowScope): string;
}

export interface ExportTable {
  /** How `?repeat=` names a repeat's table: its name, or its path when two repeats share a name; '' for the main table. */
  key: string;
  /** The repeat's path from the form's root; [] for the main table. */
  fullPath: string[];
  /** Names from the parent row's answers down to this repeat's array (its groups, then itself). */
  path: string[];
  columns: ExportColumn[];
  children: ExportTable[];
  /** Paths of the table's geopoint questions, in column order. */
  geopoints: string[];
}

export interface ExportPlan {
  main: ExportTable;
  /** Every repeat table, depth first in form order. */
  repeats: ExportTable[];
}
