import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInTab } from './support/signed-in-tab';
import { phone } from './support/scan-pages';

/*
 * Issue 16's bulk notifications journey. On a 360 px phone Nadia (the NGO admin) opens Send
 * Notification, finds the demo's two campaigns and the past one's report (its bounce, its failure,
 * its opens, and 'Retry failures'), then writes a campaign to the volunteers by email and in-app
 * notification, a merge field in its subject, previews it as Grace gets it and sends it; its report
 * reaches Sent. Grace, on her phone, finds it under the bell with her first name and marks all read.
 * Eric (staff) is told sending is not for his role, with no composer.
 */

const campaignList = (page: Page) => page.getByRole('list', { name: 'Campaign list' });

/** The report's overall count of one status ('Bounced'), the figure under its term. */
const overallCount = (page: Page, status: string) =>
  page
    .getByTestId('overall-counts')
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${status}$`) }) })
    .getByRole('definition');

test('on a phone, an NGO admin reads a past campaign and sends one to the volunteers; a volunteer reads it under the bell; staff may not send', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = `Saturday distribution ${run}`;
  const subject = `Saturday in Gikondo ${run}, {{first_name}}`;

  // Nadia, on her phone, finds the demo's sent and scheduled campaigns.
  await page.setViewportSize(phone);
  await signIn('NGO_ADMIN', '/admin/bulk-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Send Notification' })).toBeVisible();
  const past = campaignList(page).getByRole('article', { name: 'International Volunteer Day thank-you' });
  const scheduled = campaignList(page).getByRole('article', { name: 'December field visits' });
  await expect(past.getByTestId('campaign-status')).toHaveText('Status: Sent');
  await expect(scheduled.getByTestId('campaign-status')).toHaveText('Status: Scheduled');

  // The past one's report: every status counted, per channel, the opens, and its failure to retry.
  await past.getByRole('link', { name: 'International Volunteer Day thank-you' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'International Volunteer Day thank-you' }),
  ).toBeVisible();
  await expect(overallCount(page, 'Sent')).toHaveText('12');
  await expect(overallCount(page, 'Bounced')).toHaveText('1');
  await expect(overallCount(page, 'Failed')).toHaveText('1');
  await expect(page.getByTestId('channel-email').getByRole('img')).toHaveAccessibleName(
    'Email: 5 sent, 1 bounced, and 1 failed, of 7',
  );
  await expect(page.getByTestId('channel-in_app').getByRole('img')).toHaveAccessibleName(
    'In-app notification: 7 sent, of 7',
  );
  await expect(page.getByTestId('opens')).toContainText('Opened: 3 of 5 emails sent (60%)');
  await expect(
    page.getByRole('group', { name: 'Campaign actions' }).getByRole('button', { name: 'Retry failures' }),
  ).toBeVisible();

  // A new campaign: the subject's first name put in by its button, to the volunteers, two channels.
  await page.getByRole('link', { name: 'Back to campaigns' }).click();
  await page.getByRole('link', { name: 'New campaign' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Campaign name').fill(name);
  await form.getByLabel('Subject').fill(`Saturday in Gikondo ${run}, `);
  await form.getByRole('button', { name: /^First name/ }).click();
  await expect(form.getByLabel('Subject')).toHaveValue(subject);
  await form
    .getByRole('textbox', { name: 'Message' })
    .fill('Hello {{first_name}},\n\nThe food distribution starts at 8:00 on Saturday. Thank you for coming.');
  const channels = form.getByRole('group', { name: 'Channels' });
  await expect(channels.getByRole('checkbox', { name: 'Email', exact: true })).toBeChecked();
  await channels.getByRole('checkbox', { name: 'In-app notification' }).check();
  await expect(form.getByRole('radio', { name: 'Members', exact: true })).toBeChecked();
  await form
    .getByRole('group', { name: 'Roles' })
    .getByRole('checkbox', { name: 'Volunteer', exact: true })
    .check();

  // Counted and previewed as Grace gets it.
  await expect(page.getByTestId('audience-people')).toHaveText('1 person');
  await expect(page.getByRole('list', { name: 'Recipients by channel' })).toHaveText(
    /Email: 1 of 1\s*In-app notification: 1 of 1/,
  );
  await expect(page.getByTestId('preview-recipient')).toContainText('Grace Volunteer');
  await expect(page.getByTestId('preview-subject')).toHaveText(`Saturday in Gikondo ${run}, Grace`);
  await expect(page.getByTestId('preview-body')).toContainText('Hello Grace,');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  await form.getByRole('button', { name: 'Review and send' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send to 2 recipients?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(confirm).toBeHidden();

  // Its report follows the send by itself until it is sent.
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('Status: Sent', { timeout: 20_000 });
  await expect(page.getByTestId('channel-email').getByRole('img')).toHaveAccessibleName(
    'Email: 1 sent, of 1',
  );
  await expect(page.getByTestId('channel-in_app').getByRole('img')).toHaveAccessibleName(
    'In-app notification: 1 sent, of 1',
  );
  await expect(page.getByRole('group', { name: 'Campaign actions' })).toHaveCount(0);

  // Grace, on her phone, finds it under the bell, and marks all read.
  const grace = await signedInTab(browser, baseURL!, 'VOLUNTEER', phone);
  await grace.goto('/dashboard');
  const bell = grace.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await expect(grace.getByTestId('notifications-badge')).toBeVisible();
  await bell.click();
  const panel = grace.getByRole('dialog', { name: 'Notifications' });
  const notification = panel.getByRole('button', { name: new RegExp(`Saturday in Gikondo ${run}, Grace`) });
  await expect(notification).toContainText(`Unread: Saturday in Gikondo ${run}, Grace`);
  await expect(notification).toContainText('Hello Grace,');
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeHidden();
  await expect(notification).not.toContainText('Unread:');
  await expect(grace.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(grace.getByTestId('notifications-badge')).toHaveCount(0);
  await grace.context().close();

  // Eric may not send: the screen says so, and offers no composer even when asked for one.
  const eric = await signedInTab(browser, baseURL!, 'STAFF', phone);
  await eric.goto('/admin/bulk-email?new=1');
  await expect(eric.getByRole('heading', { level: 1, name: 'Send Notification' })).toBeVisible();
  await expect(eric.getByText('Sending notifications is not for your role.')).toBeVisible();
  await expect(eric.getByRole('link', { name: 'Go to Tickets and Requests' })).toBeVisible();
  await expect(eric.getByRole('form', { name: 'New campaign' })).toHaveCount(0);
  await expect(eric.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
  await eric.context().close();
});
