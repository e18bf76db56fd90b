import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startServerProcess, type ServerProcess } from './support/server-process';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The offline outbox against its own server process, which these tests stop, kill and restart.
 * Rows are read back by opening the stopped server's embedded database: nothing else reads the
 * marketing tables, and a stopped server leaves no second process on the data folder.
 */

interface StoredEntry {
  id: string;
  status: 'pending' | 'attention';
  body: Record<string, unknown>;
  lastError?: { status?: number; message: string };
}

/** The outbox's IndexedDB entries, read as the page sees them (same database and store names). */
function outboxEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open('ngo-outbox');
        // As idb-keyval does, so reading first never leaves a database without its store.
        open.onupgradeneeded = () => open.result.createObjectStore('entries');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('entries').objectStore('entries').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as StoredEntry[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** Puts an entry in the outbox as a stale copy of a sent write would be (same key, other payload). */
function putOutboxEntry(page: Page, entry: Record<string, unknown> & { id: string }) {
  return page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ngo-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('entries', 'readwrite');
          tx.objectStore('entries').put(value, value.id);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entry,
  );
}

async function queryStoppedServer<T>(server: ServerProcess, sql: string, params: unknown[] = []) {
  const db = await PGlite.create(join(server.dataDir, 'pglite'));
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

/**
 * The marketing endpoints allow a few writes per client IP an hour; this server trusts
 * X-Forwarded-For, and every request gets its own address, so the limits stay out of the way.
 */
async function spreadClientAddresses(context: BrowserContext, onRequest?: (n: number) => Promise<void>) {
  let n = 0;
  await context.route('**/api/marketing/**', async (route) => {
    n += 1;
    const headers = {
      ...route.request().headers(),
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    };
    await route.continue({ headers });
    await onRequest?.(n);
  });
}

/** The worker precaches the app; only then can a page be reloaded with no network. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function fillContactForm(
  page: Page,
  fields: { name: string; email: string; subject: string; message: string },
) {
  await page.getByLabel('Your name').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Subject').fill(fields.subject);
  await page.getByLabel('Message').fill(fields.message);
  await page.getByRole('button', { name: 'Send message' }).click();
}

test.describe('offline outbox', () => {
  let server: ServerProcess;

  test.beforeEach(async () => {
    server = await startServerProcess({ TRUST_PROXY: 'true' });
  });

  test.afterEach(async () => {
    await server.dispose();
  });

  test('writes made offline survive reloads and arrive exactly once; a replayed key with another payload needs attention', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await spreadClientAddresses(context);
    const sent: { key: string; body: Record<string, unknown> }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/marketing/contact'))
        sent.push({
          key: request.headers()['idempotency-key']!,
          body: request.postDataJSON() as Record<string, unknown>,
        });
    });
    const run = Date.now().toString(36);
    const emails = [1, 2, 3].map((i) => `offline-${run}-${i}@example.org`);
    const subject = `Offline ${run}`;

    await page.goto(`${server.baseURL}/`);
    await waitForServiceWorker(page);
    await context.setOffline(true);

    const email = page.getByLabel('Email address');
    for (const address of emails) {
      await email.fill(address);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(email).toHaveValue('');
    }
    await expect(
      page.getByText(/You're offline\. Your subscription is saved on this device/).first(),
    ).toBeVisible();

    await page.goto(`${server.baseURL}/contact`);
    await fillContactForm(page, {
      name: 'Ama Owusu',
      email: `contact-${run}@example.org`,
      subject,
      message: 'Written with no network; it must arrive once.',
    });
    await expect(
      page.getByRole('status').filter({ hasText: "You're offline. Your message is saved" }),
    ).toBeVisible();

    for (let i = 0; i < 2; i++) {
      await page.reload();
      expect(await outboxEntries(page)).toHaveLength(4);
    }

    await context.setOffline(false);
    await expect.poll(() => outboxEntries(page), { timeout: 30_000 }).toEqual([]);
    expect(sent).toHaveLength(1);

    // The same key again with another payload, as a stale copy on the device would be.
    const original = sent[0]!;
    const changed = { ...original.body, message: 'A different message under the same key.' };
    await putOutboxEntry(page, {
      id: original.key,
      kind: 'contact-message',
      label: 'Contact message',
      method: 'POST',
      url: '/marketing/contact',
      body: changed,
      userId: null,
      createdAt: Date.now(),
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
    });
    await page.reload();
    await expect(page.getByText(/Contact message could not be sent/)).toBeVisible();
    await expect
      .poll(() => outboxEntries(page))
      .toEqual([
        expect.objectContaining({
          id: original.key,
          status: 'attention',
          body: changed,
          lastError: expect.objectContaining({ status: 409 }),
        }),
      ]);

    await server.stop();
    const subscribers = await queryStoppedServer<{ email: string }>(
      server,
      'select email from newsletter_subscribers where email = any($1) order by email',
      [emails],
    );
    expect(subscribers.map((r) => r.email)).toEqual(emails);
    const messages = await queryStoppedServer<{ message: string }>(
      server,
      'select message from contact_messages where subject = $1',
      [subject],
    );
    expect(messages).toEqual([{ message: 'Written with no network; it must arrive once.' }]);
  });

  test('a server killed in the middle of a flush of 20 entries gets each exactly once after its restart', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    let killed: Promise<void> | undefined;
    await spreadClientAddresses(context, async (n) => {
      // Cut the server off while the 8th send is on its way: it may or may not have committed.
      // (20 entries typed into the form make the point; 50 cost a minute and a half of a 2-core run.)
      if (n === 8) killed = server.stop('SIGKILL');
    });
    const run = Date.now().toString(36);
    const subject = `Kill ${run}`;

    await page.goto(`${server.baseURL}/contact`);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const message = page.getByLabel('Message');
    for (let i = 0; i < 20; i++) {
      await fillContactForm(page, {
        name: `Sender ${i}`,
        email: `kill-${run}-${i}@example.org`,
        subject,
        message: `Queued message number ${i}.`,
      });
      await expect(message).toHaveValue('');
    }
    expect(await outboxEntries(page)).toHaveLength(20);

    await context.setOffline(false);
    await expect.poll(() => killed !== undefined, { timeout: 60_000 }).toBe(true);
    await killed;
    const left = (await outboxEntries(page)).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(20);

    await server.start();
    // Back online as far as the page can tell: the outbox flushes at once, whatever its backoff.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => outboxEntries(page), { timeout: 90_000 }).toEqual([]);

    await server.stop();
    const rows = await queryStoppedServer<{ message: string; n: number }>(
      server,
      'select message, count(*)::int as n from contact_messages where subject = $1 group by message',
      [subject],
    );
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});
