import { expect } from './support/fixtures';
import { phone, scan, scanTest, type Screen } from './support/scan-pages';

/*
 * The tickets screens axe-clean in both themes on a 360 px phone (a11y.spec.ts's rule), over the
 * demo's tickets: a member's Tickets and Requests with one ticket open, and the agents' queue
 * (figures, charts, filters) with one ticket open and its agent controls and internal notes.
 */

const screens: (Screen & { path: string })[] = [
  { theme: 'light', viewport: phone, as: 'STAFF', path: '/feedback-requests' },
  { theme: 'dark', viewport: phone, as: 'STAFF', path: '/feedback-requests' },
  { theme: 'light', viewport: phone, as: 'NGO_ADMIN', path: '/admin/all-tickets' },
  { theme: 'dark', viewport: phone, as: 'NGO_ADMIN', path: '/admin/all-tickets' },
];

scanTest.describe.configure({ mode: 'parallel' });

for (const screen of screens) {
  scanTest(
    `${screen.path}, ${screen.theme} theme, ${screen.viewport.width} px, ${screen.as}: the list and a ticket`,
    async ({ tabFor }) => {
      const page = await tabFor(screen);
      const list = await scan(page, screen.path, screen, (p) =>
        expect(p.getByRole('list', { name: 'Ticket list' }).getByRole('article').first()).toBeVisible(),
      );
      expect(list).toEqual([]);
      await page.getByRole('list', { name: 'Ticket list' }).getByRole('link').first().click();
      await expect(page.getByRole('list', { name: 'Conversation' })).toBeVisible();
      const open = await scan(page, page.url().replace(/^https?:\/\/[^/]+/, ''), screen, (p) =>
        expect(p.getByRole('list', { name: 'Conversation' }).getByRole('article').first()).toBeVisible(),
      );
      expect(open).toEqual([]);
    },
  );
}
