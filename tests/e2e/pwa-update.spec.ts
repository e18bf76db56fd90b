import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { secondBuild } from './support/second-build';
import { startServerProcess, type ServerProcess } from './support/server-process';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The app entry a prerendered page boots (public/boot.js): it changes with every build. */
const entryIn = (html: string) => /data-entry="([^"]+)"/.exec(html)?.[1];
const entryOnPage = (page: Page) =>
  page.evaluate(() => document.querySelector('script[data-entry]')?.getAttribute('data-entry'));

let firstDist: string;
let nextDist: string;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  firstDist = process.env.E2E_DIST_DIR ?? 'dist';
  nextDist = secondBuild();
  server = await startServerProcess({ CLIENT_DIST_DIR: firstDist });
});
test.afterAll(async () => {
  await server?.dispose();
});

test('a new version is offered with a toast, waits for unsaved input, and Reload activates it', async ({
  page,
}) => {
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
  await server.stop();
  await server.start({ CLIENT_DIST_DIR: nextDist });
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
