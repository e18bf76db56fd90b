import type { APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers, expect } from './support/fixtures';
import { desktop, phone, scan, scanTest, type Screen } from './support/scan-pages';

/*
 * Issue 15's volunteer screens axe-clean in both themes and on a 360 px phone (a11y.spec.ts's rule),
 * over the demo's tasks, reports, hours and issued certificate: the task list, the report form with the
 * volunteer's reports,
 * the hours screen (the review queue for staff), the certificates screen, and the public verification
 * page. The journey (volunteer-hours.spec.ts) scans them in light on a phone as it goes.
 */

async function demoCertificateCode(request: APIRequestContext) {
  const signin = await request.post('/api/auth/signin', {
    data: { email: demoUsers.NGO_ADMIN.email, password: demoPassword },
  });
  const { token } = (await signin.json()) as { token: string };
  const documents = (await (
    await request.get('/api/documents?kind=certificate', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { code: string; status: string }[];
  return documents.find((d) => d.status === 'valid')!.code;
}

const screens: Screen[] = [
  { theme: 'dark', viewport: phone, as: 'VOLUNTEER' },
  { theme: 'dark', viewport: desktop, as: 'NGO_ADMIN' },
  { theme: 'light', viewport: desktop, as: 'NGO_ADMIN' },
];

scanTest.describe.configure({ mode: 'parallel' });

for (const screen of screens) {
  scanTest.describe(
    `volunteer screens, ${screen.theme} theme, ${screen.viewport.width} px, ${screen.as}`,
    () => {
      scanTest('/volunteer/activity-report has no serious accessibility violations', async ({ tabFor }) => {
        const page = await tabFor(screen);
        const violations = await scan(page, '/volunteer/activity-report', screen, (p) =>
          expect(p.getByText('Fire safety briefing at the warehouse.').first()).toBeVisible(),
        );
        expect(violations).toEqual([]);
      });

      scanTest('/volunteer/tasks has no serious accessibility violations', async ({ tabFor }) => {
        const page = await tabFor(screen);
        const violations = await scan(page, '/volunteer/tasks', screen, (p) =>
          expect(p.getByRole('article').first()).toBeVisible(),
        );
        expect(violations).toEqual([]);
      });

      scanTest('/volunteer/hours has no serious accessibility violations', async ({ tabFor }) => {
        const page = await tabFor(screen);
        const violations = await scan(page, '/volunteer/hours', screen, (p) =>
          screen.as === 'VOLUNTEER'
            ? expect(p.getByRole('img', { name: /hours/i }).first()).toBeVisible()
            : expect(p.getByRole('list', { name: 'Reports to review' })).toBeVisible(),
        );
        expect(violations).toEqual([]);
      });

      scanTest('/volunteer/certificates has no serious accessibility violations', async ({ tabFor }) => {
        const page = await tabFor(screen);
        const violations = await scan(page, '/volunteer/certificates', screen, (p) =>
          expect(p.getByRole('article').filter({ hasText: 'Grace Volunteer' }).first()).toBeVisible(),
        );
        expect(violations).toEqual([]);
      });
    },
  );
}

for (const screen of [
  { theme: 'dark', viewport: phone },
  { theme: 'light', viewport: phone },
] satisfies Screen[]) {
  scanTest(
    `/verify/{code} has no serious accessibility violations, ${screen.theme} theme, 360 px`,
    async ({ tabFor, request }) => {
      const code = await demoCertificateCode(request);
      const page = await tabFor(screen);
      const violations = await scan(page, `/verify/${code}`, screen, (p) =>
        expect(p.getByRole('heading', { name: 'Genuine document' })).toBeVisible(),
      );
      expect(violations).toEqual([]);
    },
  );
}
