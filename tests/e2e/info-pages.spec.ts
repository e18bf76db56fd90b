import type { Page } from '@playwright/test';
import { openBeforeCode } from './support/before-code';
import { expect, test } from './support/fixtures';

const infoPages = [
  { path: '/pricing', h1: 'Pricing' },
  { path: '/contact', h1: 'Contact us' },
  { path: '/help-center', h1: 'Help Center' },
  { path: '/documentation', h1: 'Documentation' },
  { path: '/api', h1: 'API reference' },
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/terms-of-service', h1: 'Terms of Service' },
] as const;

/** Heading levels in document order; a page may go down one level at a time, never skip. */
async function headingLevels(page: Page) {
  return page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
}

test('each information page has one h1, headings in order, and starts below the fixed header', async ({
  page,
}) => {
  for (const { path, h1 } of infoPages) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, path).toHaveText(h1);
    await expect(heading, path).toHaveCount(1);
    if (path === '/api') await expect(page.getByRole('heading', { name: 'Auth', exact: true })).toBeVisible();
    const levels = await headingLevels(page);
    expect(levels[0], path).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - levels[i - 1]!, `${path} heading ${i}`).toBeLessThanOrEqual(1);
    });
    const headerBox = await page.locator('header').first().boundingBox();
    const h1Box = await heading.boundingBox();
    expect(h1Box!.y, path).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  }
});

// One test per page, so a time limit covers one page. a11y.spec.ts scans these pages with axe, whole:
// in both themes on the desktop, and in the light theme at 360 px.
test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const { path, h1 } of infoPages) {
    test(`${path} does not scroll sideways, in either theme`, async ({ page }) => {
      for (const theme of ['light', 'dark'] as const) {
        // A later init script runs after an earlier one: the last theme set wins.
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        if (path === '/api')
          await expect(page.getByRole('heading', { name: 'Auth', exact: true })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} (${theme}) horizontal overflow`).toBeLessThanOrEqual(0);
      }
    });
  }
});

test('pricing shows every plan with its limits and the comparison table', async ({ page }) => {
  await page.goto('/pricing');
  const main = page.getByRole('main');
  const plans = [
    ['NGO Starter', '$0', '5 team members', '2GB storage', '50K AI tokens / month', 'Basic reporting'],
    ['NGO Growth', '$29', '25 team members', '50GB storage', '1M AI tokens / month', 'Advanced reporting'],
    ['NGO Impact', '$99', '100 team members', '500GB storage', '5M AI tokens / month', 'Custom reporting'],
  ] as const;
  for (const [name, price, ...limits] of plans) {
    const card = main.getByRole('article', { name });
    await expect(card.getByText(price, { exact: true })).toBeVisible();
    await expect(card.getByText('/month', { exact: true })).toBeVisible();
    for (const limit of limits) await expect(card.getByText(limit, { exact: true })).toBeVisible();
    const choose = card.getByRole('link', { name: `Choose plan ${name}` });
    await expect(choose).toHaveText('Choose plan');
    await expect(choose).toHaveAttribute('href', `/signup?plan=${name.split(' ')[1]!.toLowerCase()}`);
  }
  const table = main.getByRole('table', { name: 'Compare plan limits' });
  await expect(table.getByRole('row', { name: /Team members/ })).toHaveText(/Team members\s*525100/);
  await expect(table.getByRole('row', { name: /AI tokens per month/ })).toHaveText(/50K\s*1M\s*5M/);
  await main.getByText('How do we upgrade to a paid plan?').click();
  await expect(main.getByText(/You pay on our payment provider's secure page/)).toBeVisible();

  await main.getByRole('link', { name: 'Choose plan NGO Growth' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=growth$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'You chose NGO Growth ($29 / month)' }),
  ).toContainText('open Account Settings, then Choose a plan, to pay for NGO Growth.');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('a signed-in NGO admin buys a paid plan from pricing; NGO Starter has nothing to pay', async ({
  page,
  signIn,
}) => {
  await signIn('NGO_ADMIN');
  await page.goto('/pricing');
  const starter = page.getByRole('article', { name: 'NGO Starter' });
  await expect(starter.getByRole('button', { name: 'Choose plan NGO Starter' })).toBeDisabled();
  await expect(starter.getByText(/NGO Starter is free: nothing to pay\./)).toBeVisible();
  // The whole checkout (test-mode provider, verification, plan active) is tests/e2e/payments.spec.ts.
  const growth = page.getByRole('article', { name: 'NGO Growth' });
  await expect(growth.getByRole('button', { name: 'Choose plan NGO Growth' })).toBeEnabled();
});

test('contact shows the offices, mailboxes, phone and hours', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'London' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Kigali' })).toBeVisible();
  for (const email of ['info@ngoportal.example', 'hello@ngoportal.example'])
    await expect(main.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(main.getByRole('link', { name: '+44 20 3000 0500' })).toHaveAttribute(
    'href',
    'tel:+442030000500',
  );
  await expect(main.getByText('Monday to Friday 9:00-18:00')).toBeVisible();
  await expect(main.getByText('Saturday 10:00-14:00')).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Message', exact: true })).toHaveAttribute('rows', '8');
});

// Depends on POST /api/marketing/contact (server/routes/marketing).
test('the contact form shows inline errors, then sends the message', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Send message' }).click();
  await expect(main.getByText('Name is required.')).toBeVisible();
  await expect(main.getByText('Email is required.')).toBeVisible();
  await expect(main.getByText('Subject is required.')).toBeVisible();
  await expect(main.getByText('Please write at least 10 characters.')).toBeVisible();

  await main.getByRole('textbox', { name: 'Your name', exact: true }).fill('Aline Mukamana');
  await main.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await main.getByRole('textbox', { name: 'Subject', exact: true }).fill('Hi');
  await main.getByRole('textbox', { name: 'Message', exact: true }).fill('Too short');
  await main.getByRole('button', { name: 'Send message' }).click();
  await expect(main.getByText('Enter a valid email address.')).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await main.getByRole('textbox', { name: 'Email', exact: true }).fill('aline@umurage.example');
  await main
    .getByRole('textbox', { name: 'Organisation (optional)', exact: true })
    .fill('Umurage Youth Initiative');
  await main.getByRole('textbox', { name: 'Subject', exact: true }).fill('Upgrading to NGO Growth');
  await main
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('We would like to move our team of twelve to NGO Growth next month.');
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/marketing/contact') && r.request().method() === 'POST',
  );
  await main.getByRole('button', { name: 'Send message' }).click();
  expect((await posted).status()).toBe(201);

  const thanks =
    "Thanks, Aline Mukamana. We've received your message and will reply within two working days.";
  await expect(main.getByRole('status')).toHaveText(thanks);
  await expect(page.locator('[data-sonner-toast]').getByText(thanks)).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Your name', exact: true })).toHaveValue('');
  await expect(main.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
});

test('help center search narrows the articles, lives in the URL and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/help-center');
  const main = page.getByRole('main');
  const count = main.getByRole('status');
  await expect(count).toHaveText(/^\d+ articles$/);
  const total = Number((await count.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(15);

  const search = main.getByLabel('Search the help center');
  await search.fill('Mobile MONEY');
  await expect(main.getByText('How can donors pay?')).toBeVisible();
  await expect(main.getByText('I forgot my password. How do I reset it?')).toHaveCount(0);
  const narrowed = Number((await count.textContent())!.split(' ')[0]);
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(total);
  await expect(page).toHaveURL(/\/help-center\?q=Mobile(\+|%20)MONEY$/);

  await search.fill('password zebra');
  await expect(count).toHaveText('0 articles');
  await expect(main.getByText('No articles match "password zebra".')).toBeVisible();

  // A shared link opens with the search applied.
  await page.goto('/help-center?q=forgot%20password');
  await expect(search).toHaveValue('forgot password');
  await expect(count).toHaveText('1 article');

  // Each answer is a native disclosure: Enter on its summary opens it.
  await main.getByText('I forgot my password. How do I reset it?').focus();
  await page.keyboard.press('Enter');
  await expect(main.getByText(/On the Sign In page choose Forgot your password\?/)).toBeVisible();
});

test('documentation covers every role with its portal label and menu', async ({ page }) => {
  await page.goto('/documentation');
  const main = page.getByRole('main');
  const toc = main.getByRole('navigation', { name: 'On this page' });
  for (const title of ['Super admin', 'Admin', 'NGO admin', 'Staff', 'Volunteer', 'Analyst', 'Viewer'])
    await expect(main.getByRole('region', { name: title, exact: true })).toBeVisible();
  const volunteer = main.getByRole('region', { name: 'Volunteer', exact: true });
  await expect(volunteer.getByText('Volunteer Portal')).toBeVisible();
  await expect(volunteer.getByRole('listitem').filter({ hasText: 'Assigned Tasks' })).toBeVisible();
  const superAdmin = main.getByRole('region', { name: 'Super admin' });
  await expect(superAdmin.getByRole('heading', { name: 'SuperAdmin Tools' })).toBeVisible();
  await expect(superAdmin.getByRole('listitem').filter({ hasText: 'API Providers' })).toBeVisible();

  await toc.getByRole('link', { name: 'Install the app on Android' }).click();
  await expect(page).toHaveURL(/#install-android$/);
  await expect(main.getByRole('heading', { name: 'Install the app on Android' })).toBeInViewport();
});

test('the API reference lists the real operations from the live OpenAPI document', async ({ page }) => {
  await page.goto('/api');
  const main = page.getByRole('main');
  await expect(main.getByText('{ message, code, fields? }')).toBeVisible();
  const signin = main.getByRole('article', { name: 'POST /api/auth/signin' });
  await expect(signin).toBeVisible();
  await expect(signin.getByText('No authentication')).toBeVisible();
  // Each operation's fields open on demand (over a hundred operations, thousands of fields).
  await expect(signin.getByText('email', { exact: true })).toHaveCount(0);
  await signin.getByText('Request body and responses').click();
  await expect(signin.getByText('email', { exact: true })).toBeVisible();
  await expect(signin.getByText('401', { exact: true })).toBeVisible();
  await expect(main.getByRole('article', { name: 'GET /api/health' })).toBeVisible();
  await expect(
    main.getByRole('article', { name: 'GET /api/auth/me' }).getByText('Requires a bearer token'),
  ).toBeVisible();
  await expect(main.getByRole('article', { name: 'POST /api/marketing/contact' })).toBeVisible();
});

test('the privacy policy and the terms are dated and point to the mailboxes', async ({ page }) => {
  for (const path of ['/privacy-policy', '/terms-of-service']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByText('Last updated: 22 November 2026')).toBeVisible();
    await expect(main.getByRole('link', { name: 'info@ngoportal.example' }).first()).toHaveAttribute(
      'href',
      'mailto:info@ngoportal.example',
    );
  }
  await page.goto('/privacy-policy');
  await expect(
    page.getByRole('main').getByText(/never the IP address|do not record your IP address/),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText(/Signing out wipes/)).toBeVisible();
});

test('each page has its own title, also after client-side navigation', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing · NGO Portal');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
  await expect(page).toHaveURL(/\/help-center$/);
  await expect(page).toHaveTitle('Help Center · NGO Portal');
  await page.goBack();
  await expect(page).toHaveTitle('Pricing · NGO Portal');
});

test("a signed-in NGO admin's tap on 'Choose plan' before the code has loaded opens the checkout", async ({
  page,
  signIn,
}) => {
  await signIn('NGO_ADMIN');
  // The page is prerendered for visitors, where 'Choose plan' links to sign-up; the session is only
  // known to the code, so public/boot.js holds the tap and replays it once the code is there.
  const release = await openBeforeCode(page, '/pricing');
  const choose = page.getByRole('link', { name: 'Choose plan NGO Growth' });
  await choose.click();
  await expect(choose).toHaveAttribute('data-tap-waiting', '');
  await expect(page).toHaveURL(/\/pricing$/);

  const checkout = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/payments\/[^/]+\/checkout\/subscription$/.test(r.url()),
  );
  await release();
  await checkout;
  await expect(page).toHaveURL(/\/api\/test-mode\/flutterwave\/checkout\//);
});

test("a visitor's tap on 'Choose plan' before the code has loaded goes to sign-up with the plan", async ({
  page,
}) => {
  await openBeforeCode(page, '/pricing');
  await page.getByRole('link', { name: 'Choose plan NGO Growth' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=growth$/);
});

test('a search typed in the help center before the code has loaded is applied once it has', async ({
  page,
}) => {
  const release = await openBeforeCode(page, '/help-center');
  const main = page.getByRole('main');
  await main.getByLabel('Search the help center').fill('Mobile MONEY');
  await release();
  await expect(main.getByText('How can donors pay?')).toBeVisible();
  await expect(main.getByText('I forgot my password. How do I reset it?')).toHaveCount(0);
  await expect(main.getByLabel('Search the help center')).toHaveValue('Mobile MONEY');
  await expect(page).toHaveURL(/\/help-center\?q=Mobile(\+|%20)MONEY$/);
});
