import type { Page } from '@playwright/test';

/*
 * The demo survey's responses put straight into the page's outbox store (IndexedDB `ngo-outbox`), in
 * the shape the fill page queues them, and the store's count: the durability spec and bench:forms
 * queue 1,000 this way (typing 1,000 forms would test the keyboard, not the queue).
 */

/** How many entries the page's outbox holds (sent ones are removed). */
export const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ngo-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('entries');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('entries').objectStore('entries').count();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
        };
      }),
  );

/** Queues `count` valid responses to the demo survey `formId`, each with its own instance id. */
export const queueSurveyResponses = (page: Page, formId: string, count: number) =>
  page.evaluate(
    ({ formId, count }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ngo-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('entries');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('entries', 'readwrite');
          const store = tx.objectStore('entries');
          for (let i = 0; i < count; i++) {
            const id = crypto.randomUUID();
            store.put(
              {
                id,
                kind: 'form-response',
                label: 'Form response',
                method: 'POST',
                url: `/forms/${formId}/submissions`,
                body: {
                  instanceId: id,
                  version: 1,
                  answers: {
                    village: ['nyamata', 'gashora', 'juru', 'mayange', 'ruhuha'][i % 5],
                    respondent: `Respondent ${i}`,
                    household_size: String((i % 9) + 1),
                    water_source: 'piped',
                  },
                },
                userId: null,
                createdAt: 1_000 + i,
                attempts: 0,
                nextAttemptAt: 0,
                status: 'pending',
              },
              id,
            );
          }
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { formId, count },
  );
