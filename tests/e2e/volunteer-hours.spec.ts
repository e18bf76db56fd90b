import sharp from 'sharp';
import { seriousViolations } from './support/axe';
import { demoPassword, demoUsers, expect, test, waitForApp } from './support/fixtures';
import { signedInTab } from './support/signed-in-tab';
import { pdfQrCode, pdfText } from './support/pdf';
import { phone } from './support/scan-pages';

/*
 * Issue 15's journey on a 360 px phone: a volunteer, offline, reports a morning's work with a photo;
 * back online the report and the photo arrive; staff approve it on their own phone; the volunteer's
 * approved hours show it; an admin issues a certificate and the volunteer downloads it; the QR code
 * printed on the PDF opens the verification page in a fresh browser, with the same hours.
 */

/** The device's own day, as the form fills it. */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

test('a volunteer reports work offline with a photo; staff approve it; hours, certificate and its QR code agree', async ({
  page,
  context,
  browser,
  signIn,
  server,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);
  const description = `Painted the classroom at Gisozi school, run ${Date.now()}`;
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();

  // 1. The volunteer opens the form online, then loses the connection and reports.
  await signIn('VOLUNTEER', '/volunteer/activity-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Reports' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New activity report' });
  await expect(form.getByLabel('Date')).toHaveValue(today());
  await context.setOffline(true);
  await form.getByLabel('Number of hours').check();
  await form.getByLabel('Hours', { exact: true }).fill('2');
  await form.getByLabel('Minutes', { exact: true }).fill('30');
  await form.getByLabel('Description').fill(description);
  await form
    .getByLabel('Add photos')
    .setInputFiles({ name: 'classroom.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('list', { name: 'Photos of this report' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await form.getByRole('button', { name: 'Submit report' }).click();

  const mine = page
    .getByRole('list', { name: 'Your reports' })
    .getByRole('article')
    .filter({ hasText: description });
  await expect(mine).toContainText('Waiting to send');
  await expect(mine).toContainText('2 h 30 min');

  // 2. Back online: the report goes, then its photo; the card shows the server's status.
  await context.setOffline(false);
  await expect(mine.getByText('Pending')).toBeVisible({ timeout: 60_000 });
  await expect(mine.getByRole('list', { name: 'Photos' })).toContainText('Received', { timeout: 60_000 });

  // 3. Staff approve it on their phone.
  const staff = await signedInTab(browser, server.baseURL, 'STAFF', phone);
  await staff.goto('/volunteer/hours');
  await waitForApp(staff);
  const queue = staff.getByRole('list', { name: 'Reports to review' });
  const waiting = queue.getByRole('article').filter({ hasText: description });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole('img', { name: /photo-1/ })).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await waiting.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(waiting).toBeHidden();
  await staff.context().close();

  // 4. The volunteer's approved hours include it, and the report says approved.
  await page.goto('/volunteer/activity-report');
  await expect(mine.getByText('Approved')).toBeVisible();
  await page.goto('/volunteer/hours');
  await expect(page.getByRole('heading', { level: 1, name: 'Approved Hours' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const summary = (await (
    await page.request.get(`/api/hours/summary?today=${today()}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { thisMonth: number; allTime: number };
  expect(summary.thisMonth).toBeGreaterThanOrEqual(150);
  expect(await seriousViolations(page)).toEqual([]);

  // 5. An admin issues a certificate for today (the dialog is the component tests'); the volunteer
  //    downloads it from their screen.
  const admin = await page.request.post('/api/auth/signin', {
    data: { email: demoUsers.NGO_ADMIN.email, password: demoPassword },
  });
  const adminAuth = { Authorization: `Bearer ${((await admin.json()) as { token: string }).token}` };
  const volunteerId = await page.evaluate(() => localStorage.getItem('userId'));
  const issued = await page.request.post('/api/documents', {
    headers: { ...adminAuth, 'Idempotency-Key': crypto.randomUUID() },
    data: { volunteerId, kind: 'certificate', periodFrom: today(), periodTo: today() },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const certificate = (await issued.json()) as { minutes: number; code: string };
  expect(certificate.minutes).toBeGreaterThanOrEqual(150);
  const hours = String(Math.round((certificate.minutes / 60) * 100) / 100);

  await page.goto('/volunteer/certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates / Letters' })).toBeVisible();
  const card = page
    .getByRole('article')
    .filter({ hasText: `${certificate.code.slice(0, 5)}-${certificate.code.slice(5)}` });
  await expect(card).toContainText(`${hours} hours`);
  expect(await seriousViolations(page)).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /Download PDF/ }).click(),
  ]);
  const pdf = new Uint8Array(await (await import('node:fs/promises')).readFile((await download.path())!));
  const text = await pdfText(pdf);
  expect(text).toContain('Grace');
  expect(text).toContain(`${hours} hours`);

  // 6. The QR code, scanned from the drawn page, opens the verification page for anyone.
  const url = await pdfQrCode(pdf);
  expect(new URL(url).pathname).toBe(`/verify/${certificate.code.slice(0, 5)}-${certificate.code.slice(5)}`);
  const stranger = await browser.newContext({ viewport: phone, serviceWorkers: 'block' });
  const visitor = await stranger.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: 'Genuine document' })).toBeVisible();
  await expect(visitor.getByText(`${hours} hours`)).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);
  await stranger.close();
});
