import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * The CSP (server/http/security-headers.ts) lets scripts come from 'self' only: no inline script and
 * no eval. Nothing the app does may be refused by it. A refusal is a feature that breaks in production
 * or, at best, noise in every report, as zod's probe for `new Function` was on every page that built a
 * schema until the entries configured zod JIT-less (src/lib/zod-config.ts). Each test records what
 * its pages report, as `securitypolicyviolation` events and as the console's CSP errors, after the
 * page has run its code, zod's included.
 */

type Recorded = { __cspViolations: string[] };

/** Starts recording; the returned function reads what the current page and the console reported. */
async function recordCspViolations(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as Recorded).__cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) => seen.push(`${e.violatedDirective} refused ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
      true,
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as Recorded).__cspViolations)),
    ...consoleErrors,
  ];
}

test('the landing page, its newsletter form validating with zod, reports no CSP violation', async ({
  page,
}) => {
  const violations = await recordCspViolations(page);
  await page.goto('/');
  // The form loads the shared contract schema, and zod with it, on its first validation.
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the grants listing, its search read from the address, reports no CSP violation', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await page.goto('/public-grants?q=water');
  await expect(page.getByTestId('result-count')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the sign-in page and a portal form after signing in report no CSP violation', async ({
  page,
  signIn,
}) => {
  const violations = await recordCspViolations(page);
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await violations(), '/signin').toEqual([]);

  await signIn('SUPER_ADMIN');
  expect(await violations(), '/dashboard').toEqual([]);
  await page.goto('/grants/new');
  await page.getByRole('button', { name: 'Add grant' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  expect(await violations(), '/grants/new').toEqual([]);
});
