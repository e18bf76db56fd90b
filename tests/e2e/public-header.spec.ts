import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { openBeforeCode } from './support/before-code';
import { expect, test } from './support/fixtures';

const desktopEntries = ['Services', 'About', 'Grants', 'Blog', 'Pricing', 'Contact'];
const mobileEntries = ['Services', 'About', 'Grants', 'Blog', 'Pricing', 'Testimonials', 'Contact'];

/** Distance of the section's top from the top of the window, in CSS pixels. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? NaN, id);

/** The section sits just below the fixed bar (64px compact), not under it and not far below. */
async function expectSectionAtTop(page: Page, id: string) {
  await expect
    .poll(() => sectionTop(page, id), { message: `#${id} scrolled to the top` })
    .toBeGreaterThanOrEqual(60);
  await expect
    .poll(() => sectionTop(page, id), { message: `#${id} scrolled to the top` })
    .toBeLessThanOrEqual(100);
}

const header = (page: Page) => page.locator('header#public-header');

test.describe('desktop', () => {
  test('shows the six desktop entries in order, without Testimonials, and the calls to action', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(desktopEntries);
    await expect(nav.getByRole('link', { name: 'Testimonials' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    await expect(nav.getByRole('link', { name: 'Grants' })).toHaveAttribute('href', '/public-grants');
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/public-blogs');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /^NGO Portal\s*For Nonprofits$/ })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
      'href',
      '/signin',
    );
    await expect(banner.getByRole('link', { name: 'Start for Free', exact: true })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(banner.getByRole('link', { name: 'Sign Up', exact: true })).toBeHidden();
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeHidden();
    // The bar is fixed over the content.
    await expect(header(page)).toHaveCSS('position', 'fixed');
  });

  test('the theme toggle switches the label, the stored theme and the dark class', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/pricing');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' });
    await toggle.click();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }),
    ).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('turns compact with a blurred translucent background past 10px, and back at the top', async ({
    page,
  }) => {
    await page.goto('/');
    const bar = header(page);
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
    await expect(bar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    const tallHeight = (await bar.boundingBox())!.height;

    await page.evaluate(() => window.scrollTo({ top: 10, behavior: 'instant' }));
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }));
    await expect(bar).toHaveAttribute('data-scrolled', 'true');
    await expect(bar).toHaveCSS('backdrop-filter', /blur/);
    await expect(bar).toHaveCSS('border-bottom-width', '1px');
    await expect(bar).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect.poll(async () => (await bar.boundingBox())!.height).toBeLessThan(tallHeight);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
  });

  test('an anchor entry on the home page scrolls to its section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expectSectionAtTop(page, 'about');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expectSectionAtTop(page, 'contact');
  });

  test('an anchor entry on another page goes to / and scrolls to its section', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expectSectionAtTop(page, 'services');
  });

  test('a link to /#contact opened directly lands on the section, below the bar', async ({ page }) => {
    await page.goto('/#contact');
    await expectSectionAtTop(page, 'contact');
  });

  test('a footer anchor on another page goes to / and scrolls to its section', async ({ page }) => {
    await page.goto('/pricing');
    await page.locator('footer#footer').getByRole('link', { name: 'Testimonials' }).click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expectSectionAtTop(page, 'testimonials');
  });

  test('the skip link comes first, shows on focus and moves focus to main', async ({ page }) => {
    await page.goto('/pricing');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // Tab only once the app has rendered (and hydrated: the theme toggle appears after hydration).
    await expect(page.getByRole('banner').getByRole('button', { name: /^Switch to/ })).toBeVisible();
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const openMenu = async (page: Page) => {
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await close.getAttribute('aria-controls')}`);
    await expect(panel).toBeVisible();
    return { toggle: close, panel, nav: panel.getByRole('navigation', { name: 'Mobile' }) };
  };

  test('the menu lists all seven entries, Sign In, Sign Up and four social links, capped at 80vh', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Start for Free' })).toBeHidden();
    const { panel, nav } = await openMenu(page);
    await expect(nav.getByRole('link')).toHaveText([...mobileEntries, 'Sign In', 'Sign Up']);
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await expect(nav.getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '/#testimonials');
    for (const name of ['Facebook', 'Twitter', 'LinkedIn', 'GitHub']) {
      await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(panel).toHaveCSS('max-height', `${0.8 * 740}px`);
    await expect(panel).toHaveCSS('overflow-y', 'auto');
  });

  test('menu items animate in with a 0.07 s stagger', async ({ page }) => {
    await page.goto('/pricing');
    const { nav } = await openMenu(page);
    const items = nav.getByRole('listitem');
    await expect(items.nth(0)).toHaveCSS('animation-delay', '0s');
    await expect(items.nth(1)).toHaveCSS('animation-delay', '0.07s');
    await expect(items.nth(2)).toHaveCSS('animation-delay', '0.14s');
    await expect(items.nth(2)).toHaveCSS('animation-name', 'public-menu-item-in');
  });

  test('no menu animation under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/pricing');
    const { nav } = await openMenu(page);
    const item = nav.getByRole('listitem').nth(2);
    await expect(item).toHaveCSS('animation-name', 'none');
    await expect(item).toHaveCSS('animation-delay', '0s');
  });

  test('Escape closes the menu and focus returns to its button', async ({ page }) => {
    await page.goto('/pricing');
    const { panel, nav } = await openMenu(page);
    await nav.getByRole('link', { name: 'Grants' }).focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('an anchor entry on the home page scrolls to its section and closes the menu', async ({ page }) => {
    await page.goto('/');
    const { panel, nav } = await openMenu(page);
    await nav.getByRole('link', { name: 'Testimonials' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expectSectionAtTop(page, 'testimonials');
  });

  test('an anchor entry on another page goes to / and scrolls to its section', async ({ page }) => {
    await page.goto('/pricing');
    const { nav } = await openMenu(page);
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expectSectionAtTop(page, 'contact');
  });

  test('the open menu is readable in light and dark (no contrast or other serious violations)', async ({
    page,
  }) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/pricing');
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await openMenu(page);
      // Wait for the last item's animation to end, or axe would judge half-faded text.
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.getAnimations().every((a) => a.playState === 'finished' || a.playState === 'idle'),
          ),
        )
        .toBe(true);
      expect(await seriousViolations(page, { include: '#public-header' }), theme).toEqual([]);
    }
  });
});

test.describe('small phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the bar shows the logo, the theme toggle and the menu button without overflow', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /NGO Portal/ })).toBeInViewport({ ratio: 1 });
    await expect(banner.getByRole('button', { name: /^Switch to (dark|light) mode$/ })).toBeInViewport({
      ratio: 1,
    });
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The hero's heading is not under the bar.
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const bar = await header(page).boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  });
});

test.describe('before the page code has loaded (no dead taps)', () => {
  for (const path of ['/pricing', '/']) {
    test(`the theme toggle answers at once on ${path}, and React takes over from there`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      const release = await openBeforeCode(page, path);
      const html = page.locator('html');
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(html).toHaveClass(/\bdark\b/);
      await expect(banner.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
      expect(
        await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('darkMode')]),
      ).toEqual(['dark', 'true']);
      expect(await page.evaluate(() => document.cookie)).toContain('theme=dark');
      await expect(html).not.toHaveAttribute('data-app-ready', 'true');

      await release();
      await banner.getByRole('button', { name: 'Switch to light mode' }).click();
      await expect(html).not.toHaveClass(/\bdark\b/);
      await expect(banner.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    });
  }

  test.describe('mobile', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    for (const path of ['/pricing', '/']) {
      test(`the menu opens and closes at once on ${path}, and its state carries over`, async ({ page }) => {
        const release = await openBeforeCode(page, path);
        const panel = page.locator('#public-mobile-menu');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const close = page.getByRole('button', { name: 'Close menu' });
        await expect(close).toHaveAttribute('aria-expanded', 'true');
        await expect(panel.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
          ...mobileEntries,
          'Sign In',
          'Sign Up',
        ]);
        // Escape closes it and gives focus back to its button, as once hydrated.
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(panel).toBeVisible();
        await expect(page.locator('html')).not.toHaveAttribute('data-app-ready', 'true');

        // The code arrives with the menu open: the header adopts that, so one tap closes it.
        await release();
        await expect(close).toHaveAttribute('aria-expanded', 'true');
        await close.click();
        await expect(panel).toBeHidden();
        await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(panel).toBeVisible();
      });
    }

    test('a section link of the open menu on / scrolls below the bar and closes the menu', async ({
      page,
    }) => {
      await openBeforeCode(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#public-mobile-menu').getByRole('link', { name: 'Testimonials' }).click();
      await expect(page.locator('#public-mobile-menu')).toBeHidden();
      await expectSectionAtTop(page, 'testimonials');
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
