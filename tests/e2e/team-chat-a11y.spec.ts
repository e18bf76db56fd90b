import { expect } from './support/fixtures';
import { desktop, phone, scan, scanTest, type Screen } from './support/scan-pages';

/*
 * /team-chat axe-clean in both themes, on a 360 px phone and a laptop (a11y.spec.ts's rule), over the
 * demo's conversations: the list, then an open conversation with its history, reactions, an edited and
 * a deleted message, and the composer.
 */

const screens: Screen[] = [
  { theme: 'light', viewport: phone, as: 'VOLUNTEER' },
  { theme: 'dark', viewport: phone, as: 'VOLUNTEER' },
  { theme: 'light', viewport: desktop, as: 'NGO_ADMIN' },
  { theme: 'dark', viewport: desktop, as: 'NGO_ADMIN' },
];

scanTest.describe.configure({ mode: 'parallel' });

for (const screen of screens) {
  scanTest(
    `/team-chat, ${screen.theme} theme, ${screen.viewport.width} px, ${screen.as}: list and a conversation`,
    async ({ tabFor }) => {
      const page = await tabFor(screen);
      const list = await scan(page, '/team-chat', screen, (p) =>
        expect(p.getByRole('button', { name: /^# general/ })).toBeVisible(),
      );
      expect(list).toEqual([]);
      await page.getByRole('button', { name: /^# field-team/ }).click();
      await expect(page.getByRole('log').getByRole('article').first()).toBeVisible();
      const open = await scan(page, page.url().replace(/^https?:\/\/[^/]+/, ''), screen, (p) =>
        expect(p.getByRole('log').getByRole('article').first()).toBeVisible(),
      );
      expect(open).toEqual([]);
    },
  );
}
