import { expect, test } from './support/fixtures';

const guardedRoutes = [
  '/dashboard',
  '/reports',
  '/my-reports',
  '/analytics',
  '/settings',
  '/report-stats',
  '/users',
  '/ngos',
  '/api-usage',
  '/api-providers',
  '/generate-report',
  '/generate-policy',
  '/policy-view/p1',
  '/staff-management',
  '/data-collection',
  '/data-collection/forms/new',
  '/data-collection/forms/f1',
  '/data-collection/responses/f1',
  '/causes',
  '/causes/create',
  '/causes/c1',
  '/causes/edit/c1',
  '/social-media',
  '/storage',
  '/reporting-tool',
  '/chat-with-ai',
  '/feedback-requests',
  '/admin/bulk-email',
  '/admin/all-tickets',
  '/volunteer/tasks',
  '/volunteer/activity-report',
  '/volunteer/hours',
  '/volunteer/certificates',
  '/team-chat',
  '/grants',
  '/grants/new',
  '/grants/g1',
  '/report-analysis/r1',
  '/marketing',
  '/marketing/followup',
  '/blogs',
  '/blogs/new',
];

test('every guarded route opens inside the portal layout for a signed-in user', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn('SUPER_ADMIN');
  for (const path of guardedRoutes) {
    await page.goto(path);
    await expect(page, `${path} stays put`).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    await expect(page.getByTestId('portal-label'), path).toHaveText('SuperAdmin Portal');
    await expect(page.getByRole('main').getByRole('heading').first(), path).toBeVisible();
  }
});

test('public routes open without signing in', async ({ page }) => {
  for (const path of [
    '/',
    '/public-grants',
    '/public-blogs',
    '/signin',
    '/signup',
    '/verify-email',
    '/forgot-password',
    '/reset-password',
    '/pricing',
    '/contact',
    '/help-center',
    '/documentation',
    '/api',
    '/privacy-policy',
    '/terms-of-service',
    '/flutterwave-callback',
    '/flutterwave-success',
    '/cause-embed/c1',
    '/blogs/b1',
    '/data-collection/forms/f1/fill',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?.*)?$`));
    await expect(page.getByRole('heading').first(), path).toBeVisible();
  }
});

test('the spec redirects: old addresses, unknown paths, and the non-super-admin blog list', async ({
  page,
  signIn,
}) => {
  await signIn('STAFF');
  await page.goto('/reports/analyze/r42');
  await expect(page).toHaveURL(/\/report-analysis\/r42$/);
  await page.goto('/causes/new');
  await expect(page).toHaveURL(/\/causes\/create$/);
  await page.goto('/blogs');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('/payment-success shows the static confirmation', async ({ page }) => {
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(
    page.getByText('Your subscription has been activated. Thank you for your purchase!'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('the mobile sidebar slides in from the header button and closes on the backdrop', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn('VOLUNTEER');
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  const menu = page.getByRole('dialog', { name: 'Portal menu' });
  await expect(menu.getByRole('link', { name: 'Assigned Tasks' })).toBeVisible();
  await page.getByTestId('sidebar-backdrop').click({ position: { x: 360, y: 400 } });
  await expect(menu).toHaveCount(0);
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await menu.getByRole('link', { name: 'Team Chat' }).click();
  await expect(page).toHaveURL(/\/team-chat$/);
  await expect(menu).toHaveCount(0);
});
