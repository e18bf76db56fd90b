import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoUsers, expect, signInThroughForm, test, type DemoRole, type SignIn } from './support/fixtures';
import { seriousViolations } from './support/axe';
import { waitForApp } from './support/wait-for-app';
import { phone, scan, scanTest, type Screen } from './support/scan-pages';

const list = (page: Page) => page.getByRole('list', { name: 'Files and folders' });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The files at the signed-in user's root, as the API has them (read with the page's token). */
async function rootFiles(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.get('/api/files?limit=100', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as { name: string; sha256: string; sizeBytes: number }[];
}

/** Signed in as `role` on a phone, on /storage with its listing shown. */
async function openStorageOnPhone(page: Page, signIn: SignIn, role: DemoRole) {
  await page.setViewportSize(phone);
  await signIn(role, '/storage');
  await expect(list(page).getByRole('link', { name: 'Demo files' })).toBeVisible();
}

/** Files chosen while offline wait on /storage: shown there and counted in the header's outbox. */
async function chooseOffline(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.context().setOffline(true);
  await page.locator('input[type=file]').setInputFiles(files);
  await expect(page.getByText('Waiting for a connection')).toHaveCount(files.length);
  await expect(page.getByRole('button', { name: `Outbox: ${files.length} waiting to send` })).toBeVisible();
}

test.describe('Cloud Storage', () => {
  test('a volunteer on a phone uploads files into a folder, renames, trashes and restores one; the bytes come back whole', async ({
    page,
    signIn,
    request,
  }) => {
    await page.setViewportSize(phone);
    await signIn('VOLUNTEER', '/storage');
    await expect(page.getByRole('heading', { level: 1, name: 'Cloud Storage' })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Storage used' })).toBeVisible();

    const folder = `Field photos ${Date.now()}`;
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('../escape');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByRole('dialog')).toContainText('Folder name cannot contain / or \\.');
    await page.getByLabel('Folder name').fill(folder);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByText(`Folder ${folder} created.`)).toBeVisible();
    await list(page).getByRole('link', { name: folder }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(folder);
    await expect(page.getByText('This folder is empty. Upload files or drop them here.')).toBeVisible();

    const files = [
      {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Borehole 3: pump repaired.\n'.repeat(200)),
      },
      {
        name: 'tally.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('district,hours\nGasabo,12\nKicukiro,7\n'),
      },
    ];
    await page.locator('input[type=file]').setInputFiles(files);
    for (const file of files) await expect(page.getByText(`${file.name} uploaded.`)).toBeVisible();
    await expect(list(page).getByRole('listitem')).toHaveCount(2);

    // What the server holds is what was sent.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const auth = { Authorization: `Bearer ${token}` };
    const folders = (await (await request.get('/api/files', { headers: auth })).json()) as {
      id: string;
      name: string;
    }[];
    const folderId = folders.find((f) => f.name === folder)!.id;
    const inFolder = (await (
      await request.get(`/api/files?folderId=${folderId}`, { headers: auth })
    ).json()) as {
      name: string;
      sha256: string;
    }[];
    for (const file of files)
      expect(inFolder.find((f) => f.name === file.name)?.sha256).toBe(
        createHash('sha256').update(file.buffer).digest('hex'),
      );

    await page.getByRole('button', { name: 'Rename notes.txt' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('pump notes.txt');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect(page.getByText('Renamed to pump notes.txt.')).toBeVisible();
    await expect(list(page).getByRole('button', { name: 'Download pump notes.txt' })).toBeVisible();

    await page.getByRole('button', { name: 'Move tally.csv to the trash' }).click();
    await expect(page.getByText('tally.csv moved to the trash.')).toBeVisible();
    await expect(list(page).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('link', { name: 'Trash' }).click();
    const trash = page.getByRole('list', { name: 'Trash' });
    await expect(trash).toContainText('tally.csv');
    await trash.getByRole('button', { name: 'Restore tally.csv' }).click();
    await expect(page.getByText('tally.csv restored.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to files' }).click();
    await list(page).getByRole('link', { name: folder }).click();
    await expect(list(page).getByRole('listitem')).toHaveCount(2);

    const download = page.waitForEvent('download');
    await list(page).getByRole('button', { name: 'Download tally.csv' }).click();
    expect((await download).suggestedFilename()).toBe('tally.csv');
  });

  test('on a phone on Regular 2G with the connection cut twice and one file paused and resumed, three files arrive whole', async ({
    page,
    signIn,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(phone);
    await signIn('STAFF', '/storage');
    await expect(page.getByRole('meter', { name: 'Storage used' })).toBeVisible();

    // DevTools' Regular 2G: 250 kbit/s down, 50 kbit/s up, 300 ms round trip.
    const cdp = await page.context().newCDPSession(page);
    const regular2g = { latency: 300, downloadThroughput: 250_000 / 8, uploadThroughput: 50_000 / 8 };
    const network = (offline: boolean) =>
      cdp.send('Network.emulateNetworkConditions', { offline, ...regular2g });
    await network(false);

    const stamp = Date.now();
    const files = [1, 2, 3].map((n) => ({
      name: `survey-${stamp}-${n}.bin`,
      mimeType: 'application/octet-stream',
      buffer: randomBytes(70 * 1024 + n * 1000),
    }));
    await page.locator('input[type=file]').setInputFiles(files);

    // The first file is paused on its way (the next one starts meanwhile), then resumed: it goes back in
    // line and on from the bytes the server holds.
    const uploads = page.getByRole('region', { name: 'Uploads' });
    const rowOf = (name: string) => uploads.getByRole('listitem').filter({ hasText: name });
    await uploads.getByRole('button', { name: `Pause ${files[0]!.name}` }).click();
    await expect(rowOf(files[0]!.name)).toContainText('Paused at');
    await uploads.getByRole('button', { name: `Resume ${files[0]!.name}` }).click();
    await expect(rowOf(files[0]!.name)).not.toContainText('Paused at');

    // Cut while the first file and then the third are on their way, and bring the connection back.
    const progressOf = (name: string) => page.getByRole('progressbar', { name: `${name} uploaded` });
    for (const file of [files[0]!, files[2]!]) {
      await expect
        .poll(
          async () =>
            Number(
              (await progressOf(file.name)
                .getAttribute('value')
                .catch(() => '0')) ?? 0,
            ),
          {
            timeout: 90_000,
          },
        )
        .toBeGreaterThan(20);
      await network(true);
      await expect(page.getByText(/Waiting for a connection|Connection lost/).first()).toBeVisible();
      await network(false);
    }
    for (const file of files)
      await expect(rowOf(file.name)).toContainText('Uploaded', {
        timeout: 90_000,
      });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const root = await rootFiles(page, request);
    for (const file of files) {
      const stored = root.find((item) => item.name === file.name);
      expect(stored?.sizeBytes, file.name).toBe(file.buffer.length);
      expect(stored?.sha256, file.name).toBe(createHash('sha256').update(file.buffer).digest('hex'));
    }
  });

  test('files chosen offline wait visibly, survive the tab being closed, and upload on the next visit once online, whatever its screen', async ({
    page,
    context,
    signIn,
    request,
  }) => {
    await openStorageOnPhone(page, signIn, 'VOLUNTEER');
    // One small file (one request) and one sent resumably (over 64 KiB).
    const stamp = Date.now();
    const chosen = [
      {
        name: `tally ${stamp}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from('village,households\nNyamata,41\n'),
      },
      { name: `survey ${stamp}.bin`, mimeType: 'application/octet-stream', buffer: randomBytes(300 * 1024) },
    ];
    await chooseOffline(page, chosen);
    await page.close();

    await context.setOffline(false);
    const next = await context.newPage();
    await next.setViewportSize(phone);
    // The next visit starts them wherever it lands, not only on /storage.
    await next.goto('/dashboard');
    await expect
      .poll(
        async () => {
          const root = await rootFiles(next, request);
          return chosen.map((file) => root.find((f) => f.name === file.name)?.sha256 ?? 'missing');
        },
        { timeout: 30_000 },
      )
      .toEqual(chosen.map((file) => sha256(file.buffer)));
    await expect(next.getByRole('button', { name: 'Outbox: everything sent' })).toBeVisible();
    // Sent once: nothing is left on the device to send again.
    await next.goto('/storage');
    await expect(list(next).getByRole('link', { name: 'Demo files' })).toBeVisible();
    await expect(next.getByRole('region', { name: 'Uploads' })).toHaveCount(0);
  });

  test('a file chosen offline uploads when the connection returns, while the volunteer is on another screen', async ({
    page,
    context,
    signIn,
    request,
  }) => {
    await page.setViewportSize(phone);
    await signIn('VOLUNTEER');
    const menu = async (name: string) => {
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await page
        .getByRole('dialog', { name: 'Portal menu' })
        .getByRole('link', { name, exact: true })
        .click();
    };
    // The dashboard first, so its code is on the page when the volunteer goes back to it offline.
    await page.goto('/dashboard');
    await menu('Cloud Storage');
    await expect(list(page).getByRole('link', { name: 'Demo files' })).toBeVisible();
    const chosen = {
      name: `evidence ${Date.now()}.bin`,
      mimeType: 'application/octet-stream',
      buffer: randomBytes(200 * 1024),
    };
    await chooseOffline(page, [chosen]);
    await menu('Dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Outbox: 1 waiting to send' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(`${chosen.name} uploaded.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Outbox: everything sent' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const root = await rootFiles(page, request);
    expect(root.find((f) => f.name === chosen.name)?.sha256).toBe(sha256(chosen.buffer));
  });

  test('a file waiting when the session ended uploads as soon as the volunteer signs in again, with no reload and no visit to Cloud Storage', async ({
    page,
    signIn,
    request,
  }) => {
    await openStorageOnPhone(page, signIn, 'VOLUNTEER');
    const chosen = {
      name: `report ${Date.now()}.bin`,
      mimeType: 'application/octet-stream',
      buffer: randomBytes(150 * 1024),
    };
    await chooseOffline(page, [chosen]);
    // The session ends without a logout (what the 401 rule does: the stored session cleared, then the
    // sign-in page), so the file stays on the device.
    await page.evaluate(() => {
      for (const key of ['token', 'user', 'userRole', 'userId', 'ngoId']) localStorage.removeItem(key);
    });
    await page.context().setOffline(false);
    // Not page.goto: back online, a refetch may meet the 401 rule, whose own move to /signin would
    // abort a goto's navigation. Either move ends on the sign-in page.
    await page.evaluate(() => location.assign('/signin'));
    await expect(page).toHaveURL(/\/signin$/);
    await waitForApp(page);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    // Signed in within the page: the portal opens without a page load, and the file goes on.
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    await signInThroughForm(page, demoUsers.VOLUNTEER.email);
    await expect(page.getByTestId('portal-label')).toHaveText(demoUsers.VOLUNTEER.label);
    await expect(page.getByText(`${chosen.name} uploaded.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Outbox: everything sent' })).toBeVisible();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(new URL(page.url()).pathname).not.toBe('/storage');
    const root = await rootFiles(page, request);
    expect(root.find((f) => f.name === chosen.name)?.sha256).toBe(sha256(chosen.buffer));
  });

  test('a file kept on this device opens offline; one not kept says so', async ({
    page,
    context,
    signIn,
  }) => {
    await page.setViewportSize(phone);
    await signIn('VIEWER', '/storage');
    await list(page).getByRole('link', { name: 'Demo files' }).click();
    const keep = list(page).getByRole('button', {
      name: 'Keep Volunteer hours by district.csv on this device',
    });
    await expect(keep).toHaveAttribute('aria-pressed', 'false');
    await keep.click();
    await expect(
      page.getByText('Volunteer hours by district.csv is kept on this device: it opens offline.'),
    ).toBeVisible();
    await expect(keep).toHaveAttribute('aria-pressed', 'true');
    const online = page.waitForEvent('download');
    await list(page).getByRole('button', { name: 'Download Volunteer hours by district.csv' }).click();
    const expected = readFileSync((await (await online).path())!);

    await context.setOffline(true);
    try {
      const offline = page.waitForEvent('download');
      await list(page).getByRole('button', { name: 'Download Volunteer hours by district.csv' }).click();
      const file = await offline;
      expect(file.suggestedFilename()).toBe('Volunteer hours by district.csv');
      expect(sha256(readFileSync((await file.path())!))).toBe(sha256(expected));
      await list(page).getByRole('button', { name: 'Download Read me.txt' }).click();
      await expect(
        page.getByText('You are offline and this file is not kept on this device. Connect to download it.'),
      ).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await keep.click();
    await expect(
      page.getByText('Volunteer hours by district.csv is no longer kept on this device.'),
    ).toBeVisible();
    await expect(keep).toHaveAttribute('aria-pressed', 'false');
  });

  test('a staff member shares a file with a password; a visitor with no account downloads it; revoked, it stops', async ({
    page,
    signIn,
    browser,
    server,
  }) => {
    await page.setViewportSize(phone);
    await signIn('STAFF', '/storage');
    const name = `budget ${Date.now()}.csv`;
    const bytes = Buffer.from('line,amount\nwater,120000\nschool fees,45000\n');
    await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
    await expect(page.getByText(`${name} uploaded.`)).toBeVisible();

    await list(page)
      .getByRole('button', { name: `Share ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Share ${name}` });
    await expect(dialog.getByText('No links yet.')).toBeVisible();
    await dialog.getByLabel('Link expires').selectOption({ label: 'In 1 day' });
    await dialog.getByLabel('Password (optional)').fill('abc');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.getByText('Password must have at least 6 characters.')).toBeVisible();
    await dialog.getByLabel('Password (optional)').fill('kigali-2026');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(address).toHaveValue(new RegExp(`^${server.baseURL}/s/[A-Za-z0-9_-]{43}$`));
    const url = await address.inputValue();
    const links = dialog.getByRole('list', { name: 'Share links' });
    await expect(links.getByRole('listitem')).toHaveCount(1);
    await expect(links).toContainText('Password');
    await expect(links).toContainText('0 downloads');

    // Someone without an account, on another phone.
    const visitorContext = await browser.newContext({ viewport: phone, acceptDownloads: true });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(url);
      await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(visitor.getByText('shared a file with you')).toBeVisible();
      await expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.getByLabel('Password').fill('kigali-2025');
      await visitor.getByRole('button', { name: 'Download' }).click();
      await expect(visitor.getByRole('alert')).toHaveText(
        'That password is not right. Check it and try again.',
      );
      await visitor.getByLabel('Password').fill('kigali-2026');
      const download = visitor.waitForEvent('download');
      await visitor.getByRole('button', { name: 'Download' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(name);
      const received = readFileSync((await file.path())!);
      expect(sha256(received)).toBe(sha256(bytes));

      // The counter moved; revoking ends the link at once.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await list(page)
        .getByRole('button', { name: `Share ${name}` })
        .click();
      await expect(links).toContainText('1 download');
      await links.getByRole('button', { name: /^Revoke/ }).click();
      await expect(page.getByText('Link revoked')).toBeVisible();
      await expect(links).toContainText('Revoked');
      await visitor.goto(url);
      await expect(
        visitor.getByRole('heading', { level: 1, name: 'This link is not available' }),
      ).toBeVisible();
    } finally {
      await visitorContext.close();
    }
  });

  test('a viewer reads the demo files but is offered no upload, rename or delete', async ({
    page,
    signIn,
  }) => {
    await signIn('VIEWER', '/storage');
    await list(page).getByRole('link', { name: 'Demo files' }).click();
    await expect(list(page).getByRole('button', { name: 'Download Read me.txt' })).toBeVisible();
    // The picture shows as its thumbnail, fetched with the viewer's token.
    await expect(
      list(page).getByRole('listitem').filter({ hasText: 'Borehole site.png' }).locator('img'),
    ).toHaveAttribute('src', /^blob:/);
    await expect(page.getByText('Upload files')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New folder' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Rename|^Move .* to the trash|^Share/ })).toHaveCount(0);
  });
});

for (const theme of ['light', 'dark'] as const) {
  const staffOnPhone: Screen = { theme, viewport: phone, as: 'STAFF' };
  scanTest(
    `/storage in the ${theme} theme on a phone has no serious accessibility violations`,
    async ({ tabFor }) => {
      const page = await tabFor(staffOnPhone);
      const violations = await scan(page, '/storage', staffOnPhone, (p) =>
        expect(list(p).getByRole('link', { name: 'Demo files' })).toBeVisible(),
      );
      expect(violations).toEqual([]);
    },
  );
}
