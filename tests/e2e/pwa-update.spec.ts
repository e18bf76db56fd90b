import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { adminAuth, fillPath, publishTextForm, submittedAnswers } from './support/published-form';
import { secondBuild } from './support/second-build';
import { startServerProcess, type ServerProcess } from './support/server-process';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The app entry a prerendered page boots (public/boot.js): it changes with every build. */
const entryIn = (html: string) => /data-entry="([^"]+)"/.exec(html)?.[1];
const entryOnPage = (page: Page) =>
  page.evaluate(() => document.querySelector('script[data-entry]')?.getAttribute('data-entry'));
/** The fill page's own entry (fill.html, src/fill.tsx): it changes with every build too. */
const fillEntryIn = (html: string) => /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
const fillEntryOnPage = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src'));

let firstDist: string;
let nextDist: string;
let server: ServerProcess;
let served: string;

/** Serves `dist` (a release: the same port and data, another build), if not served already. */
async function serve(dist: string) {
  if (served === dist) return;
  await server.stop();
  await server.start({ CLIENT_DIST_DIR: dist });
  served = dist;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  firstDist = process.env.E2E_DIST_DIR ?? 'dist';
  nextDist = secondBuild();
  server = await startServerProcess({ CLIENT_DIST_DIR: firstDist });
  served = firstDist;
});
test.afterAll(async () => {
  await server?.dispose();
});

test('a new version is offered with a toast, waits for unsaved input, and Reload activates it', async ({
  page,
}) => {
  await serve(firstDist);
  const oldEntry = entryIn(readFileSync(join(firstDist, 'signin.html'), 'utf8'));
  const newEntry = entryIn(readFileSync(join(nextDist, 'signin.html'), 'utf8'));
  expect(oldEntry, 'the two builds must differ').not.toBe(newEntry);

  // The first worker installs and claims the page; only then can a second one wait behind it.
  await page.goto(`${server.baseURL}/signin`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await entryOnPage(page)).toBe(oldEntry);

  // Release: the same port and data, the new build.
  await serve(nextDist);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())!.update();
  });
  await expect(page.getByText('A new version is available')).toBeVisible();

  // A half-filled form holds the update back, and says so.
  const email = page.getByLabel('Email');
  await email.fill('someone@example.org');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('The new version will load once your form is sent or cleared.')).toBeVisible();
  expect(await entryOnPage(page)).toBe(oldEntry);
  await expect(email).toHaveValue('someone@example.org');

  // Cleared, the page reloads by itself into the new version, served by the new worker.
  const reloaded = page.waitForEvent('load');
  await email.fill('');
  await reloaded;
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  expect(await entryOnPage(page)).toBe(newEntry);
  await expect(page.getByText('A new version is available')).toBeHidden();
  const active = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: registration?.waiting ?? null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
  expect(active).toEqual({ waiting: null, controlled: true });
});

test('the fill page keeps its half-filled draft and its unsent response across an update, and the response arrives once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await serve(firstDist);
  const oldEntry = fillEntryIn(readFileSync(join(firstDist, 'fill.html'), 'utf8'));
  const newEntry = fillEntryIn(readFileSync(join(nextDist, 'fill.html'), 'utf8'));
  expect(oldEntry, 'the two builds’ fill pages must differ').not.toBe(newEntry);
  const auth = await adminAuth(request, server.baseURL);
  const formId = await publishTextForm(request, server.baseURL, auth, `Update drill ${Date.now()}`);

  // The first worker installs and claims the fill page, which keeps the form for offline use.
  await page.goto(`${server.baseURL}${fillPath(formId)}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await fillEntryOnPage(page)).toBe(oldEntry);
  await expect(page.getByText('No unsent responses on this device.')).toBeVisible();

  // Offline: one response queued, a second one started.
  await context.setOffline(true);
  const village = page.getByLabel('Village *');
  await village.fill('Nyamata');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Response saved on this device. It will be sent when there is a connection.'),
  ).toBeVisible();
  await expect(page.getByText('1 unsent response on this device.')).toBeVisible();
  await page.getByRole('button', { name: 'Fill again' }).click();
  await village.fill('Gashora');
  await expect(page.getByText('Draft saved on this device.')).toBeVisible();

  // Back online, but the server refuses responses for now (503, "later"): the response stays queued.
  const sentKeys: string[] = [];
  let refusing = true;
  await context.route('**/api/forms/*/submissions', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sentKeys.push(route.request().headers()['idempotency-key'] ?? '');
    if (!refusing) return route.fallback();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'Try again later.' } }),
    });
  });
  await context.setOffline(false);
  await expect.poll(() => sentKeys.length, { message: 'the outbox tried to send' }).toBeGreaterThan(0);

  // Release: the same port and data, the new build; the page finds the new worker and offers it.
  await serve(nextDist);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())!.update();
  });
  await expect(page.getByText('A new version is available')).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  expect(await fillEntryOnPage(page)).toBe(newEntry);
  const active = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: registration?.waiting ?? null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
  expect(active).toEqual({ waiting: null, controlled: true });

  // The new version carries on where the old one left off.
  await expect(village).toHaveValue('Gashora');
  await expect(page.getByText('Draft saved on this device.')).toBeVisible();
  await expect(page.getByText('1 unsent response on this device.')).toBeVisible();

  // The server takes responses again: the queued one is sent, once; the draft stays a draft.
  refusing = false;
  await page.getByRole('button', { name: 'Manage' }).click();
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('No unsent responses on this device.')).toBeVisible();
  expect(await submittedAnswers(request, server.baseURL, auth, formId)).toEqual([
    expect.objectContaining({ village: 'Nyamata' }),
  ]);
  expect(new Set(sentKeys).size, 'every attempt carried the one response’s key').toBe(1);
  await expect(village).toHaveValue('Gashora');
});
