import type { APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers, expect } from './support/fixtures';
import { desktop, phone, scan, scanTest, type Screen } from './support/scan-pages';

/*
 * Data collection's screens axe-clean in both themes and on a 360 px phone (a11y.spec.ts's rule),
 * over the demo's published survey: the forms list, the builder with a question open and its live
 * preview, the responses screen, and the public fill page.
 */

async function demoFormId(request: APIRequestContext) {
  const signin = await request.post('/api/auth/signin', {
    data: { email: demoUsers.NGO_ADMIN.email, password: demoPassword },
  });
  const { token } = (await signin.json()) as { token: string };
  const forms = (await (
    await request.get('/api/forms', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
    id: string;
    title: string;
  }[];
  return forms.find((f) => f.title === 'Household water access survey')!.id;
}

const screens: Screen[] = [
  { theme: 'light', viewport: desktop, as: 'NGO_ADMIN' },
  { theme: 'dark', viewport: desktop, as: 'NGO_ADMIN' },
  { theme: 'light', viewport: phone, as: 'NGO_ADMIN' },
];

scanTest.describe.configure({ mode: 'parallel' });

for (const screen of screens) {
  scanTest.describe(`data collection, ${screen.theme} theme, ${screen.viewport.width} px`, () => {
    scanTest('/data-collection has no serious accessibility violations', async ({ tabFor }) => {
      const page = await tabFor(screen);
      const violations = await scan(page, '/data-collection', screen, (p) =>
        expect(p.getByRole('heading', { name: 'Household water access survey' })).toBeVisible(),
      );
      expect(violations).toEqual([]);
    });

    scanTest('the builder has no serious accessibility violations', async ({ tabFor, request }) => {
      const page = await tabFor(screen);
      const id = await demoFormId(request);
      const violations = await scan(page, `/data-collection/forms/${id}`, screen, async (p) => {
        await p.getByRole('button', { name: 'Village', exact: true }).click();
        await expect(p.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('village');
        await expect(p.getByRole('region', { name: 'Preview' }).getByText('Village *')).toBeVisible();
      });
      expect(violations).toEqual([]);
    });

    scanTest('the responses screen has no serious accessibility violations', async ({ tabFor, request }) => {
      const page = await tabFor(screen);
      const id = await demoFormId(request);
      const violations = await scan(page, `/data-collection/responses/${id}`, screen, (p) =>
        expect(p.getByText(/36 responses in all/)).toBeVisible(),
      );
      expect(violations).toEqual([]);
    });

    scanTest('the fill page has no serious accessibility violations', async ({ tabFor, request }) => {
      const page = await tabFor(screen);
      const id = await demoFormId(request);
      // Scanned with its photo question's control loaded (it loads apart from the page).
      const violations = await scan(page, `/data-collection/forms/${id}/fill`, screen, (p) =>
        expect(p.getByLabel('Take or choose a photo')).toBeAttached(),
      );
      expect(violations).toEqual([]);
    });
  });
}
