import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * The cause screens and the payment screens, axe-clean in both themes: one test per screen and theme,
 * so a time limit covers one scan. Apart from payments.spec.ts, whose money tests run in order in one
 * worker: these change nothing and share both workers.
 */

const CAUSE = 'School meals for 300 pupils';

/** The seeded cause's id, read from its link in the list of causes. */
async function seededCauseId(page: Page): Promise<string> {
  await page.goto('/causes');
  const link = page.getByRole('link', { name: CAUSE });
  await expect(link).toBeVisible();
  const id = /\/causes\/([A-Za-z0-9]+)/.exec((await link.getAttribute('href')) ?? '')?.[1];
  expect(id).toBeTruthy();
  return id!;
}

const screens = [
  { path: '/causes', heading: 'Fundraise' },
  { path: '/causes/{causeId}?donation_success=true', heading: CAUSE },
  { path: '/causes/create', heading: 'Create a cause' },
  { path: '/cause-embed/{causeId}', heading: CAUSE },
  { path: '/flutterwave-callback', heading: 'Payment Error' },
  { path: '/flutterwave-success', heading: 'Thank you!' },
] as const;

test.describe.configure({ mode: 'parallel' });

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page, signIn }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn('NGO_ADMIN');
    });

    for (const { path, heading } of screens) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        const url = path.includes('{causeId}') ? path.replace('{causeId}', await seededCauseId(page)) : path;
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        expect(await seriousViolations(page), url).toEqual([]);
      });
    }
  });
}
