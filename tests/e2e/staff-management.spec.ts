import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, mailedLink, test, waitForApp } from './support/fixtures';
import { phone, scan, scanTest, type Screen } from './support/scan-pages';

interface SignedIn {
  token: string;
  user: { id: string; role: string; name: string; email: string; ngoId: string };
}

/**
 * A new organisation and its NGO admin, through the API as the sign-up page would make them (the
 * demo organisation already holds more members than its Starter plan's 5, so it could invite no
 * one); then the session is stored the way the sign-in form stores it, as the `signIn` fixture does,
 * and the portal opens.
 */
async function startAsNewNgoAdmin(
  page: Page,
  admin: { name: string; email: string; password: string },
  ngo: string,
) {
  const signUp = await page.request.post('/api/auth/signup', {
    data: { name: admin.name, email: admin.email, password: admin.password, organizationName: ngo },
  });
  expect(signUp.status(), 'sign-up').toBe(201);
  const token = new URL(await mailedLink(admin.email, '/verify-email?token=')).searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status(), 'verify').toBe(
    200,
  );
  const signIn = await page.request.post('/api/auth/signin', {
    data: { email: admin.email, password: admin.password },
  });
  expect(signIn.status(), 'sign-in').toBe(200);
  const session = (await signIn.json()) as SignedIn;
  await page.addInitScript(({ token, user }: SignedIn) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('userRole', user.role);
    localStorage.setItem('userId', user.id);
    localStorage.setItem('ngoId', user.ngoId);
  }, session);
  await page.goto('/dashboard');
  await expect(page.getByTestId('portal-label')).toHaveText('NGO Admin Portal');
}

test('on a phone, an NGO admin invites a volunteer by email; they join from the link, and are signed out once deactivated', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  const stamp = Date.now();
  const ngo = `Kigali Youth Network ${stamp}`;
  await startAsNewNgoAdmin(
    page,
    { name: 'Aline Founder', email: `founder-${stamp}@example.org`, password: 'a-strong-pass-1' },
    ngo,
  );

  await page.goto('/staff-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Management' })).toBeVisible();
  await expect(page.getByTestId('seat-meter')).toContainText('1 of 5 members (NGO Starter plan)');
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('Aline Founder');

  const email = `grace-${stamp}@example.org`;
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').selectOption({ label: 'Volunteer' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(invite).toBeHidden();
  // The pending invitation holds a seat.
  await expect(page.getByTestId('seat-meter')).toContainText('2 of 5 members (NGO Starter plan)');
  await page.getByRole('tab', { name: /Invitations/ }).click();
  await expect(
    page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: email }),
  ).toContainText('Pending');

  // The person opens the mailed link on their own phone.
  const link = new URL(await mailedLink(email, '/accept-invite?token='));
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: phone,
    serviceWorkers: 'block',
  });
  try {
    const volunteer = await context.newPage();
    await volunteer.goto(link.pathname + link.search);
    await waitForApp(volunteer);
    await expect(volunteer.getByRole('heading', { name: `Join ${ngo} as Volunteer` })).toBeVisible();
    await expect(volunteer.getByLabel('Email')).toHaveValue(email);
    expect(await seriousViolations(volunteer)).toEqual([]);
    await volunteer.getByLabel('Your name').fill('Grace Mukamana');
    await volunteer.getByLabel('Password').fill('volunteer-pass-1');
    await volunteer.getByRole('button', { name: `Join ${ngo}` }).click();
    await expect(volunteer).toHaveURL(/\/dashboard$/);
    await expect(volunteer.getByTestId('portal-label')).toHaveText('Volunteer Portal');

    // Back as the admin: the invitation is accepted and Grace is an active member.
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: email }),
    ).toContainText('Accepted');
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByLabel('Search by name or email').fill('Grace');
    const grace = page
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem')
      .filter({ hasText: email });
    await expect(grace).toContainText('Grace Mukamana');
    await expect(grace).toContainText('Volunteer');
    await expect(grace).toContainText('Active');
    await expect(page).toHaveURL(/[?&]q=Grace/);

    await grace.getByRole('button', { name: 'Deactivate Grace Mukamana' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate Grace Mukamana?' });
    await expect(confirm).toContainText('Their sessions end at once');
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(page.getByText('Grace Mukamana is deactivated. Their sessions have ended.')).toBeVisible();
    await expect(grace).toContainText('Deactivated');
    await expect(grace.getByRole('button', { name: 'Reactivate Grace Mukamana' })).toBeVisible();

    // The volunteer's next step in the portal finds the session ended.
    await volunteer.goto('/storage');
    await expect(volunteer).toHaveURL(/\/signin$/);
    await expect(volunteer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const theme of ['light', 'dark'] as const) {
  const ngoAdminOnPhone: Screen = { theme, viewport: phone, as: 'NGO_ADMIN' };
  scanTest(
    `/staff-management in the ${theme} theme on a phone has no serious accessibility violations`,
    async ({ tabFor }) => {
      const page = await tabFor(ngoAdminOnPhone);
      const violations = await scan(page, '/staff-management', ngoAdminOnPhone, (p) =>
        expect(p.getByRole('list', { name: 'Members' })).toContainText('Grace Volunteer'),
      );
      expect(violations).toEqual([]);
    },
  );
}
