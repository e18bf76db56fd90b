import type { APIRequestContext, Page } from '@playwright/test';
import { demoPassword, demoUsers, expect } from './fixtures';

/*
 * A small form published through the API, as the builder publishes one (the builder itself is
 * data-collection.spec.ts's subject): a required "Village" and an optional "Notes", both text.
 */

/** The NGO admin's bearer header, for the forms API. */
export async function adminAuth(request: APIRequestContext, baseURL: string) {
  const signin = await request.post(`${baseURL}/api/auth/signin`, {
    data: { email: demoUsers.NGO_ADMIN.email, password: demoPassword },
  });
  expect(signin.status(), 'the NGO admin signs in').toBe(200);
  return { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
}

/** Creates and publishes a two-question form; its id. */
export async function publishTextForm(
  request: APIRequestContext,
  baseURL: string,
  auth: Record<string, string>,
  title: string,
): Promise<string> {
  const created = await request.post(`${baseURL}/api/forms`, {
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      definition: {
        title,
        questions: [
          { name: 'village', type: 'text', label: { default: 'Village' }, required: 'true()' },
          { name: 'notes', type: 'text', label: { default: 'Notes' } },
        ],
      },
    },
  });
  expect(created.status(), 'the form is created').toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`${baseURL}/api/forms/${id}/publish`, {
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(published.status(), 'the form is published').toBe(200);
  return id;
}

/** The public fill page of a form. */
export const fillPath = (formId: string) => `/data-collection/forms/${encodeURIComponent(formId)}/fill`;

/** The responses the server holds for a form (the NGO admin's view). */
export async function submittedAnswers(
  request: APIRequestContext,
  baseURL: string,
  auth: Record<string, string>,
  formId: string,
) {
  const listed = await request.get(`${baseURL}/api/forms/${formId}/submissions?limit=100`, { headers: auth });
  expect(listed.status()).toBe(200);
  return ((await listed.json()) as { answers: Record<string, unknown> }[]).map((row) => row.answers);
}

export interface StoredDraft {
  instanceId: string;
  formId: string;
  userId: string | null;
  answers: Record<string, unknown>;
}

/** Every draft in the fill page's IndexedDB `ngo-form-drafts` (src/features/data-collection/fill/form-drafts.ts). */
export const storedDrafts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<StoredDraft[]>((resolve, reject) => {
        const open = indexedDB.open('ngo-form-drafts');
        // As idb-keyval does, so reading first never leaves a database without its store.
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('drafts').objectStore('drafts').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as StoredDraft[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
