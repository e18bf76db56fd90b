import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * Money end to end through the built-in test-mode simulator (no FLUTTERWAVE_SECRET_KEY in e2e):
 * subscriptions through /pricing and /flutterwave-callback, donations through the cause page and
 * the embed inside another site's iframe, and /flutterwave-success. Tests of this file run in order
 * in one worker; they share the demo NGO with the rest of the suite, so they assert relative changes.
 */

const CHECKOUT_PAGE = /\/api\/test-mode\/flutterwave\/checkout\//;
const THANKS = 'Thank you for your donation. Your contribution has been received.';
const CAUSE = 'School meals for 300 pupils';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function payOnSimulator(page: Page, outcome: 'pay successfully' | 'payment fails' | 'cancel') {
  await expect(page).toHaveURL(CHECKOUT_PAGE);
  await expect(page.getByText('TEST MODE: no real money moves')).toBeVisible();
  await page.getByRole('button', { name: `Card: ${outcome}` }).click();
}

async function chooseTestPlan(page: Page, plan: 'NGO Growth' | 'NGO Impact') {
  await page.goto('/pricing');
  await page.getByRole('button', { name: `Choose plan ${plan}` }).click();
}

/** The payment-history rows of one reference, as shown in Account Settings (opened if need be). */
async function historyRows(page: Page, txRef: string) {
  if (new URL(page.url()).pathname !== '/settings') await page.goto('/settings');
  const table = page.getByRole('table', { name: 'Subscription payments, newest first' });
  await expect(table).toBeVisible();
  return table.getByRole('row').filter({ hasText: txRef });
}

async function donorCount(page: Page): Promise<number> {
  const text = await page.getByTestId('donor-count').first().innerText();
  return Number(text.replace(/\D/g, ''));
}

/** The amount raised, in dollars, as the cause's progress bar states it ('$1,234.50 raised of …'). */
async function raisedDollars(page: Page): Promise<number> {
  const text = (await page.getByRole('progressbar').first().getAttribute('aria-valuetext')) ?? '';
  const amount = /^\D*([\d,]+(?:\.\d+)?) raised/.exec(text)?.[1];
  expect(amount, text).toBeTruthy();
  return Number(amount!.replace(/,/g, ''));
}

/** Opens the Donate dialog of the open cause page and sends `dollars`, optionally with a name. */
async function donateFromCausePage(page: Page, dollars: number, name?: string) {
  await page.getByRole('button', { name: 'Donate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Donate to ${CAUSE}` });
  await dialog.getByLabel('Other amount').fill(String(dollars));
  if (name) await dialog.getByLabel('Your name (optional)').fill(name);
  await dialog.getByRole('button', { name: `Donate $${dollars}` }).click();
}

async function openCause(page: Page, title = CAUSE): Promise<string> {
  await page.goto('/causes');
  await page.getByRole('link', { name: title }).click();
  await expect(heading(page, title)).toBeVisible();
  const id = /\/causes\/([A-Za-z0-9]+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id!;
}

test.describe.configure({ mode: 'serial' });

test('missing payment information is an error, with the way back to pricing', async ({ page }) => {
  for (const path of [
    '/flutterwave-callback',
    '/flutterwave-callback?tx_ref=SUB-x-y',
    '/flutterwave-callback?transaction_id=1',
  ]) {
    await page.goto(path);
    await expect(heading(page, 'Payment Error')).toBeVisible();
    await expect(
      page.getByText('Missing payment information. Please try again or contact support.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Pricing' })).toHaveAttribute('href', '/pricing');
  }
});

test('an NGO admin subscribes, sees the plan active after the redirect, and a reload changes nothing', async ({
  page,
  signIn,
}) => {
  await signIn('NGO_ADMIN');
  await chooseTestPlan(page, 'NGO Growth');
  await payOnSimulator(page, 'pay successfully');

  await expect(page).toHaveURL(/\/flutterwave-callback\?/);
  const callbackUrl = page.url();
  const txRef = new URL(callbackUrl).searchParams.get('tx_ref')!;
  expect(txRef).toMatch(/^SUB-/);
  await expect(heading(page, 'Payment Successful!')).toBeVisible();
  await expect(page.getByText('Payment verified successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  // SPEC §4: 3 seconds later, the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto('/settings');
  await expect(page.getByTestId('current-plan')).toHaveText('NGO Growth');
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
  const renews = await page.getByTestId('plan-renews').innerText();
  await expect(await historyRows(page, txRef)).toHaveCount(1);

  // The provider's return trip again (a reload, a second tab): verified again, recorded once.
  await page.goto(callbackUrl);
  await expect(heading(page, 'Payment Successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  const rows = await historyRows(page, txRef);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Paid');
  await expect(page.getByTestId('plan-renews')).toHaveText(renews);
});

test('a failed and a cancelled subscription payment end on the error screen', async ({ page, signIn }) => {
  await signIn('NGO_ADMIN');
  for (const outcome of ['payment fails', 'cancel'] as const) {
    await chooseTestPlan(page, 'NGO Impact');
    await payOnSimulator(page, outcome);
    await expect(page).toHaveURL(/\/flutterwave-callback\?/);
    await expect(heading(page, 'Payment Error')).toBeVisible();
    await expect(page.getByRole('alert')).not.toBeEmpty();
    const txRef = new URL(page.url()).searchParams.get('tx_ref')!;
    await page.getByRole('link', { name: 'Return to Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    const rows = await historyRows(page, txRef);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(outcome === 'cancel' ? 'Cancelled' : 'Failed');
  }
  // The plan paid for earlier stays.
  await expect(page.getByTestId('current-plan')).toHaveText('NGO Growth');
});

test('a donation from the cause page thanks the donor, redirects and updates the totals', async ({
  page,
  signIn,
}) => {
  await signIn('NGO_ADMIN');
  const causeId = await openCause(page);
  const before = await donorCount(page);
  const raisedBefore = await raisedDollars(page);
  const donor = `Page Donor ${Date.now()}`;

  await donateFromCausePage(page, 7, donor);
  await payOnSimulator(page, 'pay successfully');

  await expect(page).toHaveURL(/\/flutterwave-success\?(.*&)?mode=test(&|$)/);
  await expect(page.getByText(THANKS)).toBeVisible();
  // The demo pays through the simulator: the donor is told no real money moved (issue 11, defect 5).
  await expect(page.getByText('Test mode: no real money moved.')).toBeVisible();
  await expect(page.getByText("You'll be redirected automatically in a few seconds...")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Cause' })).toHaveAttribute(
    'href',
    `/causes/${causeId}`,
  );
  // SPEC §4: 5 seconds later, the cause with the thank-you banner.
  await expect(page).toHaveURL(new RegExp(`/causes/${causeId}\\?donation_success=true$`), {
    timeout: 12_000,
  });
  await expect(page.getByText('Thank you for your donation!')).toBeVisible();
  const donation = page
    .getByRole('list', { name: 'Recent donations' })
    .getByRole('listitem')
    .filter({ hasText: donor });
  await expect(donation.getByTestId('test-mode-badge')).toBeVisible();
  expect(await donorCount(page)).toBe(before + 1);
  expect(await raisedDollars(page)).toBeCloseTo(raisedBefore + 7, 2);
});

test('a failed and a cancelled donation thank nobody and leave the totals as they were', async ({
  page,
  signIn,
}) => {
  await signIn('NGO_ADMIN');
  const causeId = await openCause(page);
  const donors = await donorCount(page);
  const raised = await raisedDollars(page);

  for (const outcome of ['payment fails', 'cancel'] as const) {
    await donateFromCausePage(page, 9);
    await payOnSimulator(page, outcome);

    await expect(page).toHaveURL(/\/flutterwave-success\?/);
    // The server's verdict, whatever the query string says.
    await expect(heading(page, 'Donation not completed')).toBeVisible();
    await expect(page.getByText(THANKS)).toBeHidden();
    // Redirected to the cause without the thank-you banner.
    await expect(page).toHaveURL(new RegExp(`/causes/${causeId}$`), { timeout: 12_000 });
    await expect(heading(page, CAUSE)).toBeVisible();
    await expect(page.getByText('Thank you for your donation!')).toBeHidden();
    expect(await donorCount(page)).toBe(donors);
    expect(await raisedDollars(page)).toBeCloseTo(raised, 2);
  }
});

test('a donation from the embed inside another site opens the checkout in a new tab', async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn('NGO_ADMIN');
  const causeId = await openCause(page);
  const before = await donorCount(page);
  const raisedBefore = await raisedDollars(page);
  const donor = `Embed Donor ${Date.now()}`;

  // Another site framing the embed: a page of another origin and site (localhost is not 127.0.0.1),
  // so the embed runs as a third-party frame whose storage Chromium blocks. A real loopback server:
  // Chromium keeps a public page's frames off loopback addresses.
  const snippet = await page.getByLabel('Embed on your website').inputValue();
  expect(snippet).toContain(`${baseURL}/cause-embed/${causeId}`);
  const host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html lang="en"><title>Friends</title><h1>Our friends</h1>${snippet}</html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  try {
    await page.mainFrame().goto(`http://localhost:${port}/`);
    const embed = page.frameLocator('iframe');
    await expect(embed.getByRole('heading', { level: 1, name: CAUSE })).toBeVisible();
    await expect(embed.getByRole('progressbar')).toBeVisible();

    await embed.getByLabel('Other amount').fill('5');
    await embed.getByLabel('Your name (optional)').fill(donor);
    await embed.getByLabel('Email for your receipt (optional)').fill('embed.donor@example.org');
    const popupOpened = page.waitForEvent('popup');
    await embed.getByRole('button', { name: 'Donate $5' }).click();
    const checkout = await popupOpened;
    await expect(embed.getByText('The secure checkout opened in a new tab.')).toBeVisible();

    await payOnSimulator(checkout, 'pay successfully');
    await expect(checkout).toHaveURL(/\/flutterwave-success\?/);
    await expect(checkout.getByText(THANKS)).toBeVisible();
    await expect(checkout).toHaveURL(new RegExp(`/causes/${causeId}\\?donation_success=true$`), {
      timeout: 12_000,
    });
    await expect(checkout.getByText('Thank you for your donation!')).toBeVisible();
    await expect(checkout.getByRole('list', { name: 'Recent donations' })).toContainText(donor);
    expect(await donorCount(checkout)).toBe(before + 1);
    expect(await raisedDollars(checkout)).toBeCloseTo(raisedBefore + 5, 2);
  } finally {
    host.close();
  }
});

// The accessibility of these screens: payments-a11y.spec.ts.
