import type { Answers } from '@contract/forms/answers';
import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { UserDataStore } from '@/lib/user-data-wipe';

/**
 * A form being filled on this device (issue 14): saved to IndexedDB on every change, so a reload, a
 * killed browser or a service-worker update never loses it. Its own database, apart from the query
 * cache and the outbox, so wiping either never touches drafts. A signed-in user's drafts are theirs:
 * logout wipes them (after the unsent warning counts them); a visitor's (userId null) stay on the
 * device for the next visit.
 */
export interface FormDraft {
  /** The instance's UUID, made when it started; the server's idempotency key once sent. */
  instanceId: string;
  formId: string;
  version: number;
  answers: Answers;
  startedAt: string;
  updatedAt: number;
  userId: string | null;
}

export const FORM_DRAFTS_DB = 'ngo-form-drafts';

export function createFormDrafts(dbName = FORM_DRAFTS_DB) {
  let store: UseStore | undefined;
  // Opened on first use: a page that never fills a form opens no database.
  const db = () => (store ??= createStore(dbName, 'drafts'));
  const all = () => values<FormDraft>(db());
  return {
    save: (draft: FormDraft) => set(draft.instanceId, draft, db()),
    get: (instanceId: string) => get<FormDraft>(instanceId, db()),
    remove: (instanceId: string) => del(instanceId, db()),
    /** The draft of `formId` this user (or visitor) touched last, to carry on where they left off. */
    async latest(formId: string, userId: string | null): Promise<FormDraft | undefined> {
      const mine = (await all()).filter((d) => d.formId === formId && d.userId === userId);
      return mine.sort((a, b) => b.updatedAt - a.updatedAt)[0];
    },
    /** Logout's wipe and its warning: a user's drafts are unsent work. */
    userData: {
      countUnsent: async (userId: string) => (await all()).filter((d) => d.userId === userId).length,
      clear: async (userId: string) => {
        await Promise.all(
          (await all()).filter((d) => d.userId === userId).map((d) => del(d.instanceId, db())),
        );
      },
    } satisfies UserDataStore,
  };
}

export type FormDrafts = ReturnType<typeof createFormDrafts>;

export const formDrafts = createFormDrafts();
