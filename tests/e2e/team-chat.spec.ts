import type { Locator, Page } from '@playwright/test';
import { demoPassword, demoUsers, expect, signInThroughForm, test } from './support/fixtures';
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

test('a long history on a phone: only the messages near the view are drawn, and older pages keep the reading place', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const staff = await signedInTab(browser, server.baseURL, 'STAFF', phone);
  const signin = await staff.request.post('/api/auth/signin', {
    data: { email: demoUsers.STAFF.email, password: demoPassword },
  });
  const headers = { authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
  const channel = await staff.request.post('/api/chat/conversations', {
    headers,
    data: { kind: 'channel', name: `history-${run}`, visibility: 'public' },
  });
  expect(channel.status()).toBe(201);
  const { id } = (await channel.json()) as { id: string };
  // 160 messages: more than three pages (50 each), written through the API as other devices would.
  for (let i = 1; i <= 160; i++) {
    const res = await staff.request.post(`/api/chat/conversations/${id}/messages`, {
      headers,
      data: { clientId: crypto.randomUUID(), body: `history ${run} #${i}` },
    });
    expect(res.status()).toBe(201);
  }

  await staff.goto('/team-chat');
  await staff.getByRole('button', { name: new RegExp(`^# ?history-${run}`) }).click();
  const log = messagesOf(staff);
  await expect(log.getByText(`history ${run} #160`, { exact: true })).toBeInViewport();
  // Fifty messages are loaded; far fewer are in the page.
  const drawn = await log.getByRole('article').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(40);

  // Up to the top: the older page comes in front, and the message read before stays where it was.
  const scroller = log.locator('xpath=..');
  const loadOlder = staff.getByRole('button', { name: 'Load older messages' });
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      return loadOlder.isVisible();
    })
    .toBe(true);
  // The message itself (its author line goes once the same author's older messages are above it).
  const reading = log
    .getByRole('article')
    .filter({ has: staff.getByText(`history ${run} #111`, { exact: true }) });
  await expect(reading).toBeInViewport();
  const before = (await reading.boundingBox())!.y;
  await loadOlder.click();
  // The page came in above, drawn only near the view: the messages just before the one being read.
  await expect(log.getByText(`history ${run} #108`, { exact: true })).toBeAttached();
  await expect(log.getByText(`history ${run} #61`, { exact: true })).not.toBeAttached();
  await expect(reading).toBeInViewport();
  // Within the few pixels of spacing a message loses when it no longer starts its author's group.
  await expect.poll(async () => Math.abs((await reading.boundingBox())!.y - before)).toBeLessThanOrEqual(8);

  // And on to the very first message.
  await expect
    .poll(
      async () => {
        await scroller.evaluate((el) => el.scrollTo(0, 0));
        if (await loadOlder.isVisible()) await loadOlder.click();
        return log.getByText(`history ${run} #1`, { exact: true }).isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await log.getByRole('article').count()).toBeLessThan(40);
  await staff.context().close();
});
