import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInTab } from './support/signed-in-tab';
import { phone } from './support/scan-pages';

/*
 * Issue 16's tickets journey. Eric (staff) opens a ticket to his organisation's admins on a 360 px
 * phone; Nadia (the NGO admin) finds it under Tickets and Requests on her laptop, takes it, adds an
 * internal note, replies and resolves it; Eric reads the reply (never the note) and rates it 4 with a
 * comment; Nadia sees the rating.
 */

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' });

test('staff open a ticket on a phone; the NGO admin takes it, notes, replies and resolves; staff rate it', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const subject = `Projector in the training room is broken ${run}`;

  // Eric, on his phone, opens the ticket to his organisation's admins.
  await page.setViewportSize(phone);
  await signIn('STAFF', '/feedback-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets and Requests' })).toBeVisible();
  await page.getByRole('button', { name: 'New ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Category').selectOption({ label: 'Something is not working' });
  await dialog.getByLabel('Priority').selectOption({ label: 'High' });
  await expect(dialog.getByRole('radio', { name: /My organisation’s admins/ })).toBeChecked();
  await dialog
    .getByLabel('Description')
    .fill('The projector shows no picture since Monday. We train volunteers on Friday.');
  await dialog.getByRole('button', { name: 'Send ticket' }).click();
  await expect(dialog).toBeHidden();
  // The new ticket opens, its first-reply clock running (high priority: 4 hours).
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Service levels' })).toContainText('First reply due in 4 h');
  const ticketUrl = page.url();
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  // Nadia finds it under her own menu entry, Tickets and Requests, and works it there.
  const admin = await signedInTab(browser, baseURL!, 'NGO_ADMIN');
  await admin.goto('/feedback-requests');
  await admin.getByRole('link', { name: subject }).click();
  await expect(admin.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Work this ticket' })).toBeVisible();
  await admin.getByRole('button', { name: 'Assign to me' }).click();
  await expect(admin.getByLabel('Assignee')).toHaveValue(/.+/);
  await expect(admin.getByText('Assigned to:').locator('..')).toContainText('Nadia Uwase');

  await admin.getByRole('radio', { name: 'Internal note' }).check();
  await admin.getByLabel('Note', { exact: true }).fill(`Spare projector is in the store room ${run}`);
  await admin.getByRole('button', { name: 'Add note' }).click();
  const note = conversation(admin).getByRole('article', { name: /^Internal note from Nadia Uwase/ });
  await expect(note).toContainText(`Spare projector is in the store room ${run}`);
  await expect(note).toContainText('Internal note — only agents see this');

  await admin.getByRole('radio', { name: 'Public reply' }).check();
  await admin
    .getByLabel('Reply', { exact: true })
    .fill(`Eric, take the spare projector from the store room ${run}.`);
  await admin.getByLabel('Then set the status').selectOption({ label: 'Resolved' });
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(conversation(admin)).toContainText(`take the spare projector from the store room ${run}`);
  await expect(admin.getByTestId('ticket-status').first()).toContainText('Resolved');

  // Eric sees the reply, never the note, and rates the help.
  await page.goto(ticketUrl);
  await expect(conversation(page)).toContainText(`take the spare projector from the store room ${run}`);
  await expect(conversation(page)).not.toContainText(`Spare projector is in the store room ${run}`);
  await expect(page.getByText('Internal note — only agents see this')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Service levels' })).toContainText(/Replied in \d+ min/);
  const prompt = page.getByRole('region', { name: 'How did we do?' });
  await prompt.getByRole('radio', { name: /4 — Satisfied/ }).check();
  await prompt.getByLabel('Comment (optional)').fill(`Quick answer, thank you ${run}`);
  await prompt.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByRole('region', { name: 'Rating' })).toContainText(
    'You rated this 4 out of 5: Satisfied',
  );
  await expect(prompt).toBeHidden();

  // Nadia sees the rating.
  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Rating' })).toContainText('Rated 4 out of 5: Satisfied');
  await expect(admin.getByRole('region', { name: 'Rating' })).toContainText(`Quick answer, thank you ${run}`);
  await admin.context().close();
});
