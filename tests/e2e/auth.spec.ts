import { expect, mailedLink, signInThroughForm, test } from './support/fixtures';

test('a visitor signs up, verifies the email from the outbox, signs in and reaches the dashboard', async ({
  page,
}) => {
  const email = `founder-${Date.now()}@example.org`;
  await page.goto('/signup');
  await page.getByLabel('Your name').fill('Aline Founder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-strong-pass-1');
  await page.getByLabel('Organisation name').fill('Kigali Youth Network');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await mailedLink(email, '/verify-email?token=');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Your email address is verified. You can sign in now.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).first().click();

  await expect(page).toHaveURL(/\/signin/);
  await signInThroughForm(page, email, 'a-strong-pass-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('portal-label')).toHaveText('NGO Admin Portal');
  await expect(page.getByTestId('signed-in-as')).toHaveText('Aline Founder');
  await expect(page.getByRole('heading', { name: /Welcome back, Aline Founder/ })).toBeVisible();
  await expect(page.getByText('Kigali Youth Network').first()).toBeVisible();
});

test('the guard sends a visitor to /signin and back to the origin after sign-in', async ({ page }) => {
  await page.goto('/settings?tab=profile');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await signInThroughForm(page, 'staff@demo.ngo');
  await expect(page).toHaveURL(/\/settings\?tab=profile$/);
  await expect(page.getByTestId('portal-label')).toHaveText('Staff Portal');
  // The title follows client-side navigation (screen readers announce it, the task switcher shows it).
  await expect(page).toHaveTitle('Account Settings · NGO Portal');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveTitle('Dashboard · NGO Portal');
});

test('a bogus stored token gets a 401: the stored keys are cleared and the user lands on /signin', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'not-a-real-token');
    localStorage.setItem('user', JSON.stringify({ id: 'x', role: 'STAFF', name: 'Ghost', email: 'g@x.org' }));
    localStorage.setItem('userRole', 'STAFF');
    localStorage.setItem('userId', 'x');
    localStorage.setItem('ngoId', 'y');
  });
  const unauthorized = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  await page.goto('/dashboard');
  await unauthorized;
  await expect(page).toHaveURL(/\/signin$/);
  const keys = await page.evaluate(() =>
    ['token', 'user', 'userRole', 'userId', 'ngoId'].map((k) => localStorage.getItem(k)),
  );
  expect(keys).toEqual([null, null, null, null, null]);
});

test('a wrong password shows the server message on /signin and keeps the visitor there', async ({ page }) => {
  await page.goto('/signin');
  await signInThroughForm(page, 'staff@demo.ngo', 'wrong-password');
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('logout forgets the session and returns to /signin', async ({ page, signIn }) => {
  await signIn('NGO_ADMIN');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
});

test.describe('a form sent before the prerendered page has loaded its code', () => {
  // Raw pages: the fixture's page waits for the app on every navigation, which is what is held here.
  test('waits for the code, then signs in where the guard found the user, and never puts the password in an address', async ({
    browser,
    baseURL,
  }) => {
    const page = await browser.newPage({ baseURL });
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Where the portal guard sends a visitor: the prerendered page, hydrated even with a query string.
    await page.goto('/signin?redirect=%2Fsettings%3Ftab%3Dprofile');
    await page.getByLabel('Email').fill('staff@demo.ngo');
    await page.getByLabel('Password', { exact: true }).fill('demo-pass-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('form[data-submit-waiting]')).toHaveCount(1);
    await expect(page).toHaveURL(/\/signin\?redirect=/);

    release();
    await expect(page).toHaveURL(/\/settings\?tab=profile$/);
    await expect(page.getByTestId('portal-label')).toHaveText('Staff Portal');
    expect(addresses.filter((url) => url.includes('demo-pass-2026') || url.includes('password='))).toEqual(
      [],
    );
    await page.close();
  });

  test('says why when the code cannot load (offline, page never opened) and keeps the input', async ({
    browser,
    baseURL,
  }) => {
    const page = await browser.newPage({ baseURL });
    await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/signin');
    await page.getByLabel('Email').fill('staff@demo.ngo');
    await page.getByLabel('Password', { exact: true }).fill('demo-pass-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'not finished loading' })).toHaveText(
      'This page has not finished loading. Connect to the internet, then try again.',
    );
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByLabel('Email')).toHaveValue('staff@demo.ngo');
    await page.close();
  });
});
