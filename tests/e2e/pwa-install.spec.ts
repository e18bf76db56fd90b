import type { Page } from '@playwright/test';
import { devices } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// Installing is about the installed app, worker included (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Headless Chromium never offers installation by itself, so the page gets a stand-in for the event,
 * fired at DOMContentLoaded: before the landing page hydrates its header island, as on a real phone.
 */
const offerInstallEarly = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
  });

for (const theme of ['light', 'dark'] as const) {
  test(`the install button is in the public and portal headers, and accessible (${theme})`, async ({
    page,
    signIn,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await offerInstallEarly(page);
    await page.goto('/');
    const install = page.getByRole('banner').getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();
    expect(await seriousViolations(page, { include: '#public-header' })).toEqual([]);
    await install.click();
    await expect.poll(() => page.evaluate(() => 'installPrompted' in window)).toBe(true);
    // The event is spent: the browser decides when to offer installation again.
    await expect(install).toBeHidden();

    await signIn('STAFF');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Install app' })).toBeVisible();
    expect(await seriousViolations(page, { include: 'header' })).toEqual([]);
  });
}

test.describe('on iOS Safari', () => {
  // Reduced motion: the menu items fade in one after another, and axe would measure them half-faded.
  test.use({
    userAgent: devices['iPhone 13'].userAgent,
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the mobile menu explains Add to Home Screen (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const hint = page.locator('#public-mobile-menu').getByRole('button', { name: 'Install app' });
      await hint.click();
      const dialog = page.getByRole('dialog', { name: 'Install NGO Portal' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Add to Home Screen');
      expect(await seriousViolations(page, { include: '#public-header' })).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(hint).toBeFocused();
      // Escape closed the hint only; the menu stays open.
      await expect(page.locator('#public-mobile-menu')).toBeVisible();
    });
  }
});
