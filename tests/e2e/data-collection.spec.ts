import type { APIRequestContext, Page } from '@playwright/test';
import { demoPassword, demoUsers, expect, test } from './support/fixtures';

// The fill page works offline through the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const phone = { width: 360, height: 760 };

/** A form with skip logic and a repeat, as a field team would build it. */
const visitForm = (title: string) => ({
  title,
  languages: ['default'],
  questions: [
    { name: 'village', type: 'text', label: { default: 'Village' }, required: 'true()' },
    {
      name: 'has_children',
      type: 'select_one',
      listName: 'yesno',
      label: { default: 'Children in the household?' },
      required: 'true()',
    },
    {
      name: 'child',
      type: 'repeat',
      label: { default: 'Child' },
      relevant: "${has_children} = 'yes'",
      children: [
        { name: 'child_name', type: 'text', label: { default: 'Child’s name' }, required: 'true()' },
      ],
    },
  ],
  choices: {
    yesno: [
      { name: 'yes', label: { default: 'Yes' } },
      { name: 'no', label: { default: 'No' } },
    ],
  },
});

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

async function fillOne(page: Page, village: string, children: string[]) {
  await page.getByLabel('Village *').fill(village);
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

test.describe('Data collection', () => {
  test('a volunteer fills a published form offline on a phone, reloads between responses, and exactly five arrive once online', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    const title = `Home visits ${Date.now()}`;
    const created = await request.post('/api/forms', {
      headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
      data: { definition: visitForm(title) },
    });
    const formId = ((await created.json()) as { id: string }).id;
    expect(
      (
        await request.post(`/api/forms/${formId}/publish`, {
          headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
        })
      ).status(),
    ).toBe(200);

    await page.setViewportSize(phone);
    await page.goto(`/data-collection/forms/${formId}/fill`);
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
    await fillOne(page, 'Gashora', []);
    await page.getByRole('button', { name: 'Fill again' }).click();

    // A half-filled response survives a reload with no connection.
    await page.getByLabel('Village *').fill('Juru');
    await page.reload();
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
    const listed = await request.get(`/api/forms/${formId}/submissions?limit=100`, { headers: auth });
    const rows = (await listed.json()) as {
      answers: { village: string; child?: { child_name: string }[] };
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
  });
});
