import type { Page, Request } from '@playwright/test';
import { openBeforeCode } from './support/before-code';
import { expect, test } from './support/fixtures';

const sectionIds = [
  'about-the-company',
  'services',
  'about',
  'testimonials',
  'stats',
  'get-started',
  'contact',
  'sponsors',
  'footer',
];

const featureTitles = [
  'Impact Reporting & Analysis',
  'AI Insights',
  'Secure Cloud Storage',
  'Fundraising & Donation Campaigns',
  'Social Media Management',
  'Staff & Volunteer Management',
  'Access to AI Models',
  'Grants Database',
  'Data Collection',
];

const isTrackVisit = (r: Request) =>
  r.method() === 'POST' && new URL(r.url()).pathname === '/api/marketing/track-visit';
const isNewsletter = (r: Request) =>
  r.method() === 'POST' && new URL(r.url()).pathname === '/api/marketing/newsletter';

/** Every request the page makes that matches, from now on. */
function recordRequests(page: Page, matches: (r: Request) => boolean) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (matches(r)) seen.push(r);
  });
  return seen;
}

test('the sections come in the specified order, each named by its heading', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The all-in-one platform for nonprofits and NGOs',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // A selector list matches in document order.
  const found = page.locator(sectionIds.map((id) => `[id="${id}"]`).join(', '));
  await expect(found).toHaveCount(sectionIds.length);
  expect(await found.evaluateAll((els) => els.map((el) => el.id))).toEqual(sectionIds);
  for (const id of sectionIds.slice(0, -1)) {
    const section = page.locator(`section#${id}`);
    await expect(section, id).toHaveAttribute('aria-labelledby', `${id}-heading`);
    await expect(section.getByRole('heading', { level: 2 }).first(), id).toBeVisible();
  }
});

test('the nine feature cards each open their Learn more dialog from the keyboard', async ({ page }) => {
  await page.goto('/');
  const services = page.locator('#services');
  await expect(services.getByRole('heading', { level: 3 })).toHaveText(featureTitles);
  const buttons = services.getByRole('button', { name: /^Learn more/ });
  await expect(buttons).toHaveCount(9);

  for (const [i, title] of featureTitles.entries()) {
    const button = buttons.nth(i);
    await expect(button).toHaveText(/Learn more/);
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog, title).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog, title).toBeHidden();
    await expect(button, title).toBeFocused();
  }
});

test('the Close button closes a feature dialog too', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Learn more about Grants Database' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Grants Database' });
  await expect(dialog).toContainText('Browse current grant opportunities');
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('the claims, the plan, the trial call to action and the contact details are shown as specified', async ({
  page,
}) => {
  await page.goto('/');

  const stats = page.locator('#stats');
  for (const [value, label] of [
    ['500+', 'Organisations'],
    ['40%', 'Average time saved'],
    ['95%', 'Satisfaction'],
    ['32', 'Countries'],
  ] as const) {
    await expect(stats.getByText(value, { exact: true })).toBeVisible();
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(stats.getByText('Trusted by 500+', { exact: false })).toBeVisible();

  await expect(page.locator('#testimonials').getByRole('listitem')).toHaveCount(3);

  const getStarted = page.locator('#get-started');
  for (const text of [
    'NGO Starter',
    '$0',
    'per month',
    '5 team members',
    'Basic reporting',
    '2GB storage',
    'Email support',
    'No credit card required',
    '14-day trial',
    'Cancel anytime',
  ]) {
    await expect(getStarted.getByText(text, { exact: true }), text).toBeVisible();
  }
  await expect(getStarted.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');
  await expect(getStarted.getByText(/30-day trial/)).toBeVisible();
  await expect(getStarted.getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute(
    'href',
    '/signup',
  );

  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Pricing' }).first()).toHaveAttribute('href', '/pricing');
  await expect(main.getByRole('link', { name: 'Latest Grants' })).toHaveAttribute('href', '/public-grants');
  await expect(main.getByRole('link', { name: 'Latest Blogs' })).toHaveAttribute('href', '/public-blogs');

  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { name: 'London' })).toBeVisible();
  await expect(contact.getByRole('heading', { name: 'Kigali' })).toBeVisible();
  const mailto = contact.locator('a[href^="mailto:"]');
  await expect(mailto).toHaveCount(2);
  await expect(contact.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(contact.getByText('Monday to Friday 9:00-18:00', { exact: true })).toBeVisible();
  await expect(contact.getByText('Saturday 10:00-14:00', { exact: true })).toBeVisible();
});

test('the eight sponsor logos load lazily with their names and sizes', async ({ page }) => {
  await page.goto('/');
  const logos = page.locator('#sponsors img');
  await expect(logos).toHaveCount(8);
  for (const logo of await logos.all()) {
    await expect(logo).toHaveAttribute('alt', /\S/);
    await expect(logo).toHaveAttribute('width', /^\d+$/);
    await expect(logo).toHaveAttribute('height', /^\d+$/);
    await expect(logo).toHaveAttribute('loading', 'lazy');
    await expect(logo).toHaveAttribute('decoding', 'async');
  }
  await page.locator('#sponsors').scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      logos.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(8);
});

test('the hero buttons scroll to their sections, below the fixed header', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  for (const [name, target] of [
    ['Start for Free', 'get-started'],
    ['View Features', 'services'],
  ] as const) {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const link = main.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', `#${target}`);
    await link.click();
    const section = page.locator(`#${target}`);
    await expect
      .poll(async () => (await section.boundingBox())?.y ?? -1, { message: `${name} scrolls to #${target}` })
      .toBeGreaterThanOrEqual(0);
    await expect.poll(async () => (await section.boundingBox())?.y ?? 999).toBeLessThanOrEqual(120);
    const header = await page.getByRole('banner').boundingBox();
    const heading = await page.locator(`#${target}-heading`).boundingBox();
    expect(heading!.y, 'the heading is not under the header').toBeGreaterThanOrEqual(
      header!.y + header!.height,
    );
    await expect(page.locator(`#${target}-heading`)).toBeFocused();
  }
});

test('one page view is tracked per load of the landing page', async ({ page }) => {
  const visits = recordRequests(page, isTrackVisit);
  const first = page.waitForRequest(isTrackVisit);
  await page.goto('/?utm_source=e2e');
  const request = await first;
  expect(request.postDataJSON()).toEqual({ url: '/?utm_source=e2e' });
  expect((await request.response())?.status()).toBe(204);
  await page.waitForLoadState('networkidle');
  expect(visits).toHaveLength(1);

  const second = page.waitForRequest(isTrackVisit);
  await page.reload();
  await second;
  await page.waitForLoadState('networkidle');
  expect(visits).toHaveLength(2);
});

test.describe('newsletter', () => {
  test('a bad address shows the inline error and sends nothing', async ({ page }) => {
    await page.goto('/');
    const sent = recordRequests(page, isNewsletter);
    const email = page.getByLabel('Email address');
    await expect(email).toHaveAttribute('type', 'email');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  test("subscribing shows the server's message, and subscribing again is still a success", async ({
    page,
  }) => {
    await page.goto('/');
    const address = `landing-${Date.now()}@example.org`;
    const email = page.getByLabel('Email address');
    const toasts = page.locator('[data-sonner-toaster][data-y-position="top"][data-x-position="right"]');

    for (const [status, created] of [
      [201, true],
      [200, false],
    ] as const) {
      const answer = page.waitForResponse((r) => isNewsletter(r.request()));
      await email.fill(address);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const response = await answer;
      expect(response.status()).toBe(status);
      const body = (await response.json()) as { message: string; created: boolean };
      expect(body.created).toBe(created);
      expect(response.request().postDataJSON()).toEqual({ email: address });
      await expect(toasts.getByText(body.message)).toBeVisible();
      await expect(email).toHaveValue('');
    }
  });
});

test("a tap on 'Learn more' before the code has loaded opens the dialog once it has", async ({ page }) => {
  const release = await openBeforeCode(page, '/');
  const button = page.getByRole('button', { name: 'Learn more about Grants Database' });
  await button.click();
  // Held by public/boot.js, which loads the code now, hydrates the card's island and replays the tap.
  await expect(button).toHaveAttribute('data-tap-waiting', '');
  await release();
  const dialog = page.getByRole('dialog', { name: 'Grants Database' });
  await expect(dialog).toBeVisible();
  // The modal hides the rest of the page from the accessibility tree; the mark is gone.
  await expect(page.locator('[data-tap-waiting]')).toHaveCount(0);
});
