import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { demoPassword, demoUsers, expect, test, waitForApp } from './support/fixtures';

// The fill page works offline through the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const phone = { width: 360, height: 760 };

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/auth/signin', {
    data: { email: demoUsers.NGO_ADMIN.email, password: demoPassword },
  });
  return ((await res.json()) as { token: string }).token;
}

/** Waits until the worker controls the page, so the form's definition is kept for offline use. */
async function controlledBy(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

async function fillOne(page: Page, village: string, children: string[], photo?: Buffer) {
  await page.getByLabel('Village *').fill(village);
  if (photo) {
    const question = page.getByRole('group', { name: 'House photo' });
    await question
      .getByLabel('Take or choose a photo')
      .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
    // Made smaller on the phone and kept there before it is queued with the response.
    await expect(question.getByRole('img', { name: 'House photo: the picture taken' })).toBeVisible();
    await expect(question.getByText(/Kept on this device \([\d.,]+ [kM]B\)/)).toBeVisible();
  }
  await page.getByRole('radio', { name: children.length ? 'Yes' : 'No' }).check();
  for (const [i, name] of children.entries()) {
    await page.getByRole('button', { name: i === 0 ? 'Add Child' : 'Add another Child' }).click();
    await page
      .getByRole('group', { name: `Child ${i + 1}` })
      .getByLabel('Child’s name *')
      .fill(name);
  }
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Builds the journey's form in the builder: skip logic on a repeat, as a field team would. */
async function buildForm(page: Page, title: string) {
  await page.goto('/data-collection/forms/new');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create form' }).click();
  const add = async (type: string, defaultName: RegExp) => {
    await page.getByRole('button', { name: 'Add question' }).click();
    await page
      .getByRole('dialog', { name: 'Add a question' })
      .getByRole('button', { name: type, exact: true })
      .click();
    // The editor has moved to the new question before anything is typed into it.
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(defaultName);
  };
  const named = async (name: string, label: string) => {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
  };
  await add('Text', /^text_\d+$/);
  await named('village', 'Village');
  await page.getByRole('checkbox', { name: 'Required' }).check();
  await add('Select one', /^select_one_\d+$/);
  await named('has_children', 'Children in the household?');
  await page.getByRole('checkbox', { name: 'Required' }).check();
  const choices = page.getByRole('list', { name: /Choices of/ });
  for (const [i, [name, label]] of [
    ['yes', 'Yes'],
    ['no', 'No'],
  ].entries()) {
    const choice = choices.getByRole('group', { name: `Choice ${i + 1}` });
    await choice.getByRole('textbox', { name: 'Choice name' }).fill(name!);
    await choice.getByRole('textbox', { name: 'Choice label' }).fill(label!);
  }
  await add('Photo', /^image_\d+$/);
  await named('house_photo', 'House photo');
  await add('Repeat', /^repeat_\d+$/);
  await named('child', 'Child');
  const when = page.getByRole('group', { name: 'Show this question only when…' });
  await when.getByRole('button', { name: 'Add rule' }).click();
  await when
    .getByRole('combobox', { name: 'Question' })
    .selectOption({ label: 'Children in the household? (has_children)' });
  await when.getByRole('combobox', { name: 'Value' }).selectOption({ label: 'Yes' });
  await expect(when.getByText("${has_children} = 'yes'")).toBeVisible();
  // Added while the repeat is selected, the question goes inside it.
  await add('Text', /^text_\d+$/);
  await named('child_name', 'Child’s name');
  await page.getByRole('checkbox', { name: 'Required' }).check();
  // The live preview runs the fill page's engine: the repeat shows once the answer asks for it.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('button', { name: 'Add Child' })).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Yes' }).check();
  await expect(preview.getByRole('button', { name: 'Add Child' })).toBeVisible();

  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText(/Version 1 published/)).toBeVisible();
  return page.getByRole('textbox', { name: 'Fill link' }).inputValue();
}

test.describe('Data collection', () => {
  test('staff build a form with skip logic and a repeat; a volunteer fills it offline on a phone, reloads between responses, and exactly five arrive once online', async ({
    browser,
    signIn,
    page: staffPage,
    request,
  }) => {
    await staffPage.setViewportSize(phone);
    await signIn('NGO_ADMIN');
    const title = `Home visits ${Date.now()}`;
    const link = await buildForm(staffPage, title);
    const formId = /forms\/([^/]+)\/fill/.exec(link)![1]!;
    const token = await adminToken(request);
    const auth = { Authorization: `Bearer ${token}` };

    // The fill link in a fresh context, as a volunteer's phone opens it.
    const context = await browser.newContext({ serviceWorkers: 'allow', baseURL: new URL(link).origin });
    const page = await context.newPage();
    await page.setViewportSize(phone);
    await page.goto(link);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await controlledBy(page);
    await expect(page.getByText('No unsent responses on this device.')).toBeVisible();

    await page.context().setOffline(true);
    // The skip logic hides the repeat until the answer asks for it.
    await expect(page.getByRole('button', { name: 'Add Child' })).toHaveCount(0);
    await fillOne(page, 'Nyamata', ['Aline', 'Eric']);
    await expect(page.getByText('Response saved on this device.')).toBeVisible();
    await expect(page.getByText('1 unsent response on this device.')).toBeVisible();

    await page.getByRole('button', { name: 'Fill again' }).click();
    // A 12-megapixel camera picture, as a phone takes one.
    const camera = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await fillOne(page, 'Gashora', [], camera);
    await page.getByRole('button', { name: 'Fill again' }).click();

    // A half-filled response survives a reload with no connection.
    await page.getByLabel('Village *').fill('Juru');
    await expect(page.getByText('Draft saved on this device.')).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.getByLabel('Village *')).toHaveValue('Juru');
    await expect(page.getByText('2 unsent responses on this device.')).toBeVisible();
    await page.getByRole('radio', { name: 'Yes' }).check();
    // Required answers are asked for before anything is queued.
    await page.getByRole('button', { name: 'Add Child' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('One answer needs a look:')).toBeVisible();
    await page.getByRole('group', { name: 'Child 1' }).getByLabel('Child’s name *').fill('Diane');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Fill again' }).click();
    await fillOne(page, 'Mayange', ['Jean']);
    await page.getByRole('button', { name: 'Fill again' }).click();
    await fillOne(page, 'Ruhuha', []);
    await expect(page.getByText('5 unsent responses on this device.')).toBeVisible();

    await page.context().setOffline(false);
    await expect(page.getByText('No unsent responses on this device.')).toBeVisible({ timeout: 30_000 });
    // The photo follows its response through the resumable upload, and then leaves the device.
    await expect(page.getByText(/waiting to upload/)).toHaveCount(0, { timeout: 30_000 });
    const listed = await request.get(`/api/forms/${formId}/submissions?limit=100`, { headers: auth });
    const rows = (await listed.json()) as {
      id: string;
      answers: { village: string; house_photo?: string; child?: { child_name: string }[] };
      media: { name: string; received: boolean; contentType: string | null }[];
    }[];
    expect(rows.map((r) => r.answers.village).sort()).toEqual([
      'Gashora',
      'Juru',
      'Mayange',
      'Nyamata',
      'Ruhuha',
    ]);
    expect(rows.find((r) => r.answers.village === 'Nyamata')?.answers.child).toEqual([
      { child_name: 'Aline' },
      { child_name: 'Eric' },
    ]);
    const withPhoto = rows.filter((r) => r.media.length > 0);
    expect(withPhoto.map((r) => r.answers.village)).toEqual(['Gashora']);
    const [photo] = withPhoto[0]!.media;
    expect(photo).toMatchObject({
      name: withPhoto[0]!.answers.house_photo,
      received: true,
      contentType: 'image/jpeg',
    });
    const arrived = await request.get(
      `/api/forms/${formId}/submissions/${withPhoto[0]!.id}/media/${encodeURIComponent(photo!.name)}`,
      { headers: auth },
    );
    expect(arrived.status()).toBe(200);
    const size = await sharp(await arrived.body()).metadata();
    expect([size.width, size.height]).toEqual([1600, 1200]);
    await context.close();

    // The CSV export: one row per response, the repeat in its own table keyed to its response.
    const csv = async (query = '') =>
      (await (await request.get(`/api/forms/${formId}/exports/csv${query}`, { headers: auth })).text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .map((line) => line.split(','));
    const [header, ...lines] = await csv();
    const village = header!.indexOf('village');
    expect(lines.map((l) => l[village]).sort()).toEqual(['Gashora', 'Juru', 'Mayange', 'Nyamata', 'Ruhuha']);
    // The photo is a link to the file, which the export's reader opens with their access.
    const gashora = lines.find((l) => l[village] === 'Gashora')!;
    expect(gashora[header!.indexOf('house_photo')]).toContain(
      `/api/forms/${formId}/submissions/${withPhoto[0]!.id}/media/`,
    );
    const [childHeader, ...children] = await csv('?repeat=child');
    const childName = childHeader!.findIndex((h) => h.endsWith('child_name'));
    expect(children.map((l) => l[childName]).sort()).toEqual(['Aline', 'Diane', 'Eric', 'Jean']);
    expect(childHeader).toContain('_submission_id');
  });
});
