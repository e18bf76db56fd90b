import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    test('public and sign-in pages have no serious accessibility violations', async ({ page }) => {
      for (const path of [
        '/',
        '/signin',
        '/signup',
        '/verify-email',
        '/forgot-password',
        '/reset-password',
        '/payment-success',
        '/pricing',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test('the portal has no serious accessibility violations', async ({ page, signIn }) => {
      await signIn('NGO_ADMIN');
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      expect(await seriousViolations(page), '/dashboard').toEqual([]);
      await page.goto('/settings');
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      expect(await seriousViolations(page), '/settings').toEqual([]);
    });
  });
}
