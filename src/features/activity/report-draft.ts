import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ReportFormValues } from './report-form';

/*
 * The report being written, one per user, kept in IndexedDB as it is typed: a volunteer in the field
 * is interrupted, the phone kills the tab, the battery dies. Restored when the form opens, removed
 * once the report is queued or sent. Its photos live in report-photos.ts under the draft's id.
 */

export const REPORT_DRAFTS_DB_NAME = 'ngo-activity-drafts';

export interface ReportDraft {
  userId: string;
  values: ReportFormValues;
  /** Epoch ms. */
  savedAt: number;
}

export interface ReportDrafts {
  get(userId: string): Promise<ReportDraft | undefined>;
  save(draft: ReportDraft): Promise<void>;
  clear(userId: string): Promise<void>;
  /** A draft is typed work not sent: logout warns about it, then wipes it. */
  countUnsent(userId: string): Promise<number>;
}

export function createReportDrafts(dbName = REPORT_DRAFTS_DB_NAME): ReportDrafts {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(dbName, 'drafts'));
  return {
    get: (userId) => get<ReportDraft>(userId, db()),
    save: (draft) => set(draft.userId, draft, db()),
    clear: (userId) => del(userId, db()),
    countUnsent: async (userId) => ((await get<ReportDraft>(userId, db())) ? 1 : 0),
  };
}

export const reportDrafts = createReportDrafts();
