import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { demoPassword, demoUsers, expect, test } from './support/fixtures';
import { outboxCount, queueSurveyResponses } from './support/queued-responses';
import { startServerProcess, type ServerProcess } from './support/server-process';

/*
 * Issue 14's durability check: 1,000 responses queued on a phone, the server killed (SIGKILL) twice
 * while the phone sends them; after the restarts exactly 1,000 rows exist, none lost, none doubled.
 * The responses are put in the outbox's IndexedDB store as the fill page queues them (typing 1,000
 * forms would test the keyboard, not the queue); the page's own outbox sends them.
 */

// The reload with no connection comes from the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const RESPONSES = 1_000;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerProcess();
});
test.afterAll(async () => {
  await server?.dispose();
});

async function rowsOf(formId: string) {
  const db = await PGlite.create(join(server.dataDir, 'pglite'));
  try {
    const { rows } = await db.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct instance_id)::int as distinct from form_submissions where form_id = $1',
      [formId],
    );
    return rows[0]!;
  } finally {
    await db.close();
  }
}

test('1,000 responses queued offline arrive exactly once though the server is killed twice mid-flush', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const signin = await request.post(`${server.baseURL}/api/auth/signin`, {
    data: { email: demoUsers.NGO_ADMIN.email, password: demoPassword },
  });
  const auth = { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
  const forms = (await (await request.get(`${server.baseURL}/api/forms`, { headers: auth })).json()) as {
    id: string;
  }[];
  const formId = forms[0]!.id;
  const before = await request.get(`${server.baseURL}/api/forms/${formId}`, { headers: auth });
  const seeded = ((await before.json()) as { responseCount: number }).responseCount;

  await page.goto(`${server.baseURL}/data-collection/forms/${formId}/fill`);
  await expect(page.getByText('No unsent responses on this device.')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.context().setOffline(true);
  await queueSurveyResponses(page, formId, RESPONSES);
  await page.reload();
  await expect(page.getByText(`${RESPONSES} unsent responses on this device.`)).toBeVisible();

  for (const killAt of [RESPONSES - 700, RESPONSES - 350]) {
    await page.context().setOffline(false);
    // Killed while sends are on their way: the one in flight may or may not have committed. Counted
    // every 250 ms (a few sends), not every 50: each count opens the outbox's database in the page,
    // CPU the flush and the other worker's test need.
    await expect
      .poll(() => outboxCount(page), { timeout: 120_000, intervals: [250] })
      .toBeLessThanOrEqual(killAt);
    await server.stop('SIGKILL');
    await server.start();
    // Back online as far as the page can tell: the outbox flushes at once, whatever its backoff.
    await page.context().setOffline(true);
  }
  await page.context().setOffline(false);
  await expect.poll(() => outboxCount(page), { timeout: 180_000 }).toBe(0);
  await expect(page.getByText('No unsent responses on this device.')).toBeVisible();

  await server.stop();
  const rows = await rowsOf(formId);
  expect(rows).toEqual({ n: seeded + RESPONSES, distinct: seeded + RESPONSES });
  await server.start();
});
