import type { Browser, Page } from '@playwright/test';
import { demoPassword, demoUsers, expect, type DemoRole } from './fixtures';

/**
 * A tab in a browser context of its own for `role` (another person's device), signed in the way the
 * sign-in form stores a session, with the service worker blocked. `viewport` for a phone.
 */
export async function signedInTab(
  browser: Browser,
  baseURL: string,
  role: DemoRole,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    ...(viewport && { viewport }),
  });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/signin', {
    data: { email: demoUsers[role].email, password: demoPassword },
  });
  expect(response.status(), `sign-in as ${role}`).toBe(200);
  const { token, user } = (await response.json()) as {
    token: string;
    user: { id: string; role: string; name: string; email: string; ngoId: string };
  };
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('userRole', user.role);
      localStorage.setItem('userId', user.id);
      localStorage.setItem('ngoId', user.ngoId);
    },
    { token, user: { id: user.id, role: user.role, name: user.name, email: user.email, ngoId: user.ngoId } },
  );
  return page;
}
