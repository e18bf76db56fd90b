import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { phone, scan, scanTest, type Screen } from './support/scan-pages';

const list = (page: Page) => page.getByRole('list', { name: 'Files and folders' });

test.describe('Cloud Storage', () => {
  test('a volunteer on a phone uploads files into a folder, renames, trashes and restores one; the bytes come back whole', async ({
    page,
    signIn,
    request,
  }) => {
    await page.setViewportSize(phone);
    await signIn('VOLUNTEER');
    await page.goto('/storage');
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

  test('a viewer reads the demo files but is offered no upload, rename or delete', async ({
    page,
    signIn,
  }) => {
    await signIn('VIEWER');
    await page.goto('/storage');
    await list(page).getByRole('link', { name: 'Demo files' }).click();
    await expect(list(page).getByRole('button', { name: 'Download Read me.txt' })).toBeVisible();
    await expect(page.getByText('Upload files')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New folder' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Rename|^Move .* to the trash/ })).toHaveCount(0);
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
