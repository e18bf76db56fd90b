import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * One test per page, theme and screen, so a time limit covers one axe scan, and the tests share both
 * workers. The rule is: axe-clean on every page in the light and the dark theme, and usable on a
 * 360 px phone. Both themes are scanned on the desktop, where the most of a page shows (the whole
 * header navigation, the footer columns side by side); the phone is scanned in the light theme, for
 * what only the small layout shows (the menu button, stacked sections, text wrapped narrow). No colour
 * in src/ depends on the width, so a dark phone scan would add only the dark colours of the few
 * phone-only controls, which share their classes with the desktop's. 16 pages × 3 = 48 scans instead
 * of 64. info-pages.spec.ts checks that nothing scrolls sideways at 360 px, in both themes.
 */

const publicPages = [
  '/',
  '/public-grants',
  '/public-blogs',
  '/pricing',
  '/contact',
  '/help-center',
  '/documentation',
  '/api',
  '/privacy-policy',
  '/terms-of-service',
  '/signin',
  '/signup',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/payment-success',
];

const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };
const screens = [
  { theme: 'light', label: '1280 px', viewport: desktop },
  { theme: 'dark', label: '1280 px', viewport: desktop },
  { theme: 'light', label: '360 px', viewport: phone },
] as const;

test.describe.configure({ mode: 'parallel' });

for (const { theme, label, viewport } of screens) {
  test.describe(`${theme} theme, ${label}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    for (const path of publicPages) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`the portal, ${theme} theme`, () => {
    test.beforeEach(async ({ page, signIn }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn('NGO_ADMIN');
    });

    test('/dashboard has no serious accessibility violations', async ({ page }) => {
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/settings has no serious accessibility violations', async ({ page }) => {
      await page.goto('/settings');
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
