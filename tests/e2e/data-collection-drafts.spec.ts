import { expect, test } from './support/fixtures';
import { adminAuth, fillPath, publishTextForm, storedDrafts } from './support/published-form';

/*
 * A phone may be shared (issue 14 with issue 5's logout): a signed-in volunteer's half-filled form is
 * theirs, so logging out warns about it and deletes it; a visitor's draft (no account) stays on the
 * device for the next visit (src/features/data-collection/fill/form-drafts.ts).
 */

test('logging out deletes the volunteer’s fill-page drafts after the warning, and keeps a visitor’s', async ({
  page,
  request,
  server,
  signIn,
}) => {
  const auth = await adminAuth(request, server.baseURL);
  const run = Date.now().toString(36);
  const formId = await publishTextForm(request, server.baseURL, auth, `Home visits ${run}`);
  const visitorFormId = await publishTextForm(request, server.baseURL, auth, `Market survey ${run}`);
  const village = page.getByLabel('Village *');

  // Before anyone signs in, a visitor starts a form on this device.
  await page.goto(fillPath(visitorFormId));
  await village.fill('Gashora');
  await expect(page.getByText('Draft saved on this device.')).toBeVisible();

  // The volunteer signs in, types an answer on another form, and leaves it.
  await signIn('VOLUNTEER');
  const volunteerId = await page.evaluate(() => localStorage.getItem('userId'));
  expect(volunteerId).toBeTruthy();
  await page.goto(fillPath(formId));
  await village.fill('Nyamata');
  await expect(page.getByText('Draft saved on this device.')).toBeVisible();
  expect(await storedDrafts(page)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ formId, userId: volunteerId, answers: { village: 'Nyamata' } }),
      expect.objectContaining({ formId: visitorFormId, userId: null, answers: { village: 'Gashora' } }),
    ]),
  );

  // Logout counts the volunteer's draft as unsent work (not the visitor's) and asks first.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Unsent items will be deleted' });
  await expect(warning).toContainText(
    '1 item you saved offline has not been sent yet. Logging out deletes it from this device.',
  );
  await warning.getByRole('button', { name: 'Log out and delete' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // Signed out, the same form opens empty, and nothing of the volunteer's is left on the device.
  await page.goto(fillPath(formId));
  await expect(village).toBeVisible();
  await expect(village).toHaveValue('');
  await expect(page.getByText('Draft saved on this device.')).toHaveCount(0);
  const left = await storedDrafts(page);
  expect(left.filter((d) => d.userId === volunteerId)).toEqual([]);
  expect(left.filter((d) => d.formId === formId)).toEqual([]);

  // The visitor's draft stays, and the visitor carries on where they left off.
  expect(left).toEqual([
    expect.objectContaining({ formId: visitorFormId, userId: null, answers: { village: 'Gashora' } }),
  ]);
  await page.goto(fillPath(visitorFormId));
  await expect(village).toHaveValue('Gashora');
});
