import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { desktop, scan, scanTest, visit, type Screen } from './support/scan-pages';

/*
 * The cause screens and the payment screens, axe-clean in both themes: one test per screen and theme,
 * so a time limit covers one scan. Apart from payments.spec.ts, whose money tests run in order in one
 * worker: these change nothing and share both workers.
 */

const CAUSE = 'School meals for 300 pupils';

/** The seeded cause's id, read from its link in the list of causes. */
async function seededCauseId(page: Page): Promise<string> {
  await visit(page, '/causes');
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

scanTest.describe.configure({ mode: 'parallel' });

for (const theme of ['light', 'dark'] as const) {
  const screen: Screen = { theme, viewport: desktop, as: 'NGO_ADMIN' };
  scanTest.describe(`${theme} theme`, () => {
    for (const { path, heading } of screens) {
      scanTest(`${path} has no serious accessibility violations`, async ({ tabFor }) => {
        const page = await tabFor(screen);
        const url = path.includes('{causeId}') ? path.replace('{causeId}', await seededCauseId(page)) : path;
        const violations = await scan(page, url, screen, (p) =>
          expect(p.getByRole('heading', { level: 1, name: heading })).toBeVisible(),
        );
        expect(violations, url).toEqual([]);
      });
    }
  });
}
