import type { Locator, Page } from '@playwright/test';
import { demoUsers, expect, signInThroughForm, test } from './support/fixtures';
import { phone } from './support/scan-pages';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { signedInTab } from './support/signed-in-tab';

/*
 * Issue 16's chat journeys. The NGO admin (a laptop) and Grace Volunteer (a 360 px phone) write in
 * their direct conversation: each sees the other's message arrive without a reload (the socket).
 * Then the phone goes offline, Grace types ten messages, reloads the page (the service worker serves
 * it), and comes back online: the admin sees the ten in the order typed, each exactly once.
 */

// The offline reload needs the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerProcess();
});

test.afterAll(async () => {
  await server?.dispose();
});

const url = (path: string) => `${server.baseURL}${path}`;

/** Waits until the worker controls the page, so the portal's code is served from its caches offline. */
async function controlledBy(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** How many portal files this build has, and how many the worker holds (scripts/precache-split.ts). */
async function portalCodeCached(page: Page) {
  const worker = await (await page.request.get(url('/sw.js'))).text();
  const expected = worker.split('"portal":true').length - 1;
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!(await caches.has('portal-code'))) return 0;
          return (await (await caches.open('portal-code')).keys()).length;
        }),
      { timeout: 60_000 },
    )
    .toBe(expected);
}

const messagesOf = (page: Page): Locator => page.getByRole('log');
const composer = (page: Page): Locator => page.getByRole('combobox', { name: /^Message / });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
}

/** The texts of the messages in the open conversation that start with `prefix`, in the order shown. */
async function shownTexts(page: Page, prefix: string): Promise<string[]> {
  const texts = await messagesOf(page).getByRole('article').allInnerTexts();
  return texts.flatMap((t) => t.split('\n')).filter((line) => line.startsWith(prefix));
}

test('the admin and a volunteer chat in realtime; ten messages typed offline arrive in order, once each', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);

  // Grace, on her phone, signs in through the form so the worker controls the page.
  await page.setViewportSize(phone);
  await page.goto(url('/signin'));
  await controlledBy(page);
  await signInThroughForm(page, demoUsers.VOLUNTEER.email);
  await expect(page.getByTestId('portal-label')).toHaveText(demoUsers.VOLUNTEER.label);
  await portalCodeCached(page);
  await page.goto(url('/team-chat'));

  const admin = await signedInTab(browser, server.baseURL, 'NGO_ADMIN');
  await admin.goto('/team-chat');
  await admin.getByRole('button', { name: /^Grace Volunteer/ }).click();
  await expect(composer(admin)).toBeVisible();

  // The demo NGO admin is Nadia Uwase (server/db/seed/demo-accounts.ts).
  await page.getByRole('button', { name: /^Nadia Uwase/ }).click();
  await expect(composer(page)).toBeVisible();

  // Realtime both ways: no reload, no polling by the test.
  await send(admin, `Hello Grace ${run}, how did the water point visit go?`);
  await expect(messagesOf(page)).toContainText(`Hello Grace ${run}`);
  await send(page, `Went well ${run}, the pump is fixed.`);
  await expect(messagesOf(admin)).toContainText(`Went well ${run}`);

  // Offline: ten messages, each shown at once as sending.
  await context.setOffline(true);
  const typed = Array.from({ length: 10 }, (_, i) => `offline ${run} #${i + 1}`);
  for (const text of typed) await send(page, text);
  await expect(messagesOf(page).getByText('Sending…')).toHaveCount(10);
  expect(await shownTexts(page, `offline ${run}`)).toEqual(typed);

  // A reload while still offline: the worker serves the page, the outbox still holds the ten.
  await page.reload();
  await expect(composer(page)).toBeVisible({ timeout: 30_000 });
  await expect(messagesOf(page).getByText('Sending…')).toHaveCount(10);
  expect(await shownTexts(page, `offline ${run}`)).toEqual(typed);
  await expect(messagesOf(admin)).not.toContainText(`offline ${run} #1`);

  // Back online: the outbox sends them, oldest first; the admin's socket brings each in.
  await context.setOffline(false);
  await expect(messagesOf(page).getByText('Sending…')).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(() => shownTexts(admin, `offline ${run}`), { timeout: 30_000 }).toEqual(typed);
  // Once each on the server too (what a reload would show): the stored history matches.
  await admin.reload();
  await expect(messagesOf(admin)).toContainText(`offline ${run} #10`);
  expect(await shownTexts(admin, `offline ${run}`)).toEqual(typed);
  expect(await shownTexts(page, `offline ${run}`)).toEqual(typed);
  await admin.context().close();
});
