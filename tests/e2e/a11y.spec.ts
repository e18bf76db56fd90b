import { expect } from './support/fixtures';
import { desktop, phone, scan, scanTest, type Screen } from './support/scan-pages';

/*
 * One test per page, theme and screen, so a time limit covers one axe scan, and the tests share both
 * workers. The rule is: axe-clean on every page in the light and the dark theme, and usable on a
 * 360 px phone. Both themes are scanned on the desktop, where the most of a page shows (the whole
 * header navigation, the footer columns side by side); the phone is scanned in the light theme, for
 * what only the small layout shows (the menu button, stacked sections, text wrapped narrow). No colour
 * in src/ depends on the width, so a dark phone scan would add only the dark colours of the few
 * phone-only controls, which share their classes with the desktop's. 16 pages × 3 = 48 scans instead
 * of 64, less the two listings' desktop scans, which listings.spec.ts makes with their results loaded. info-pages.spec.ts checks that nothing scrolls sideways at 360 px, in both themes.
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

const listings = ['/public-grants', '/public-blogs'];

const screens: Screen[] = [
  { theme: 'light', viewport: desktop },
  { theme: 'dark', viewport: desktop },
  { theme: 'light', viewport: phone },
];

scanTest.describe.configure({ mode: 'parallel' });

for (const screen of screens) {
  scanTest.describe(`${screen.theme} theme, ${screen.viewport.width} px`, () => {
    // The listings are scanned on the desktop with their results loaded, in listings.spec.ts.
    const paths =
      screen.viewport === desktop ? publicPages.filter((p) => !listings.includes(p)) : publicPages;
    for (const path of paths) {
      scanTest(`${path} has no serious accessibility violations`, async ({ tabFor }) => {
        const page = await tabFor(screen);
        const violations = await scan(page, path, screen, (p) =>
          expect(p.getByRole('heading').first()).toBeVisible(),
        );
        expect(violations).toEqual([]);
      });
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  const screen: Screen = { theme, viewport: desktop, as: 'NGO_ADMIN' };
  scanTest.describe(`the portal, ${theme} theme`, () => {
    scanTest('/dashboard has no serious accessibility violations', async ({ tabFor }) => {
      const page = await tabFor(screen);
      const violations = await scan(page, '/dashboard', screen, (p) =>
        expect(p.getByRole('heading', { name: /Welcome back/ })).toBeVisible(),
      );
      expect(violations).toEqual([]);
    });

    scanTest('/settings has no serious accessibility violations', async ({ tabFor }) => {
      const page = await tabFor(screen);
      const violations = await scan(page, '/settings', screen, (p) =>
        expect(p.getByRole('main').getByRole('heading').first()).toBeVisible(),
      );
      expect(violations).toEqual([]);
    });
  });
}
