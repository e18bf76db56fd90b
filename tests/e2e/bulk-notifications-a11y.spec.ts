import { expect } from './support/fixtures';
import { phone, scan, scanTest, type Screen } from './support/scan-pages';

/*
 * The bulk notifications screens axe-clean in both themes on a 360 px phone (a11y.spec.ts's rule),
 * over the demo's campaigns, as the NGO admin: Send Notification's list, the past campaign's report
 * (figures, channel bars, actions, recipients), the composer with a message previewed, and the
 * notifications bell's panel open over a portal page.
 */

const screens: Screen[] = [
  { theme: 'light', viewport: phone, as: 'NGO_ADMIN' },
  { theme: 'dark', viewport: phone, as: 'NGO_ADMIN' },
];

const pastCampaign = 'International Volunteer Day thank-you';

scanTest.describe.configure({ mode: 'parallel' });

for (const screen of screens) {
  const at = `${screen.theme} theme, ${screen.viewport.width} px, ${screen.as}`;

  scanTest(`/admin/bulk-email, ${at}: the campaign list and a campaign's report`, async ({ tabFor }) => {
    const page = await tabFor(screen);
    const list = await scan(page, '/admin/bulk-email', screen, (p) =>
      expect(
        p.getByRole('list', { name: 'Campaign list' }).getByRole('link', { name: pastCampaign }),
      ).toBeVisible(),
    );
    expect(list).toEqual([]);
    await page.getByRole('list', { name: 'Campaign list' }).getByRole('link', { name: pastCampaign }).click();
    await expect(page.getByRole('heading', { level: 2, name: pastCampaign })).toBeVisible();
    const report = await scan(page, page.url().replace(/^https?:\/\/[^/]+/, ''), screen, async (p) => {
      await expect(p.getByTestId('opens')).toBeVisible();
      await expect(p.getByRole('button', { name: 'Retry failures' })).toBeVisible();
      await expect(
        p.getByRole('list', { name: 'Recipients of this campaign' }).getByRole('listitem').first(),
      ).toBeVisible();
    });
    expect(report).toEqual([]);
  });

  scanTest(`/admin/bulk-email?new=1, ${at}: the composer with a preview`, async ({ tabFor }) => {
    const page = await tabFor(screen);
    const composer = await scan(page, '/admin/bulk-email?new=1', screen, async (p) => {
      const form = p.getByRole('form', { name: 'New campaign' });
      await form.getByLabel('Campaign name').fill('Accessibility scan');
      await form.getByLabel('Subject').fill('Hello {{first_name}}');
      await form.getByRole('textbox', { name: 'Message' }).fill('Dear {{name}},\n\nSee you on Saturday.');
      await expect(p.getByTestId('preview-recipient')).toContainText('Recipient 1 of');
      await expect(p.getByTestId('preview-subject')).toHaveText(/^Hello \S+$/);
    });
    expect(composer).toEqual([]);
  });

  scanTest(`/dashboard, ${at}: the notifications bell's panel open`, async ({ tabFor }) => {
    const page = await tabFor(screen);
    // Nadia has the demo campaign's notification, unread: the panel shows it and 'Mark all read'.
    const open = await scan(page, '/dashboard', screen, async (p) => {
      await p.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const panel = p.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByRole('button', { name: /^Unread: / }).first()).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeVisible();
    });
    expect(open).toEqual([]);
  });
}
