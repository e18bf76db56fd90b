import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { startAiStandIn } from '../../../server/testing/ai-stand-in';
import { startServerProcess } from './server-process';
import { waitForApp } from './wait-for-app';

export { waitForApp };

/** The server a worker's tests talk to, and where to read its log and steer its AI provider. */
export interface WorkerServer {
  baseURL: string;
  logFile: string;
  /** The AI stand-in's control origin (POST /__stand-in/mode). */
  aiStandInUrl: string;
}

let currentServer: WorkerServer | undefined;

/** This worker's server (started by the `server` fixture of any test that opens a page). */
export function workerServer(): WorkerServer {
  if (!currentServer) throw new Error('No server in this worker yet: use the `server` fixture first.');
  return currentServer;
}

interface SessionUser {
  id: string;
  role: string;
  name?: string;
  email?: string;
  ngoId: string;
}

export const demoPassword = 'demo-pass-2026';

export const demoUsers = {
  SUPER_ADMIN: { email: 'superadmin@demo.ngo', label: 'SuperAdmin Portal' },
  ADMIN: { email: 'admin@demo.ngo', label: 'Admin Portal' },
  NGO_ADMIN: { email: 'ngoadmin@demo.ngo', label: 'NGO Admin Portal' },
  STAFF: { email: 'staff@demo.ngo', label: 'Staff Portal' },
  VOLUNTEER: { email: 'volunteer@demo.ngo', label: 'Volunteer Portal' },
  ANALYST: { email: 'analyst@demo.ngo', label: 'NGO Admin Portal' },
  VIEWER: { email: 'viewer@demo.ngo', label: 'NGO Admin Portal' },
} as const;
export type DemoRole = keyof typeof demoUsers;

/** Fills the sign-in form as a person would and waits for the portal. */
export async function signInThroughForm(page: Page, email: string, password = demoPassword) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The newest link mailed to `email`, read from the server log (no SMTP in tests: the outbox logs it). */
export async function mailedLink(email: string, pathPrefix: string): Promise<string> {
  const { logFile } = workerServer();
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(logFile, 'utf8').split('\n');
        for (const line of lines.reverse()) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line) as { mail?: { to: string; link?: string } };
          if (entry.mail?.to === email && entry.mail.link?.includes(pathPrefix)) {
            link = entry.mail.link;
            return true;
          }
        }
        return false;
      },
      { message: `a ${pathPrefix} mail to ${email}` },
    )
    .toBe(true);
  return link!;
}

/** Signs in as `role` and opens `path` (a portal page; the dashboard by default), checking the portal's label. */
export type SignIn = (role: DemoRole, path?: string) => Promise<void>;

export const test = base.extend<{ signIn: SignIn }, { server: WorkerServer }>({
  /**
   * Each worker has its own server over its own fresh data folder and port, with its own AI
   * stand-in as AI provider (so blog generation runs end to end without a model or a network): the
   * two workers never share data, rate limits or the stand-in's mode, and no test depends on what a
   * test of the other worker did.
   */
  server: [
    // Playwright reads a fixture's dependencies from its destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const aiStandIn = await startAiStandIn();
      try {
        const server = await startServerProcess({
          AI_BASE_URL: aiStandIn.baseUrl,
          AI_API_KEY: 'e2e-stand-in-key',
          AI_MODEL: 'stand-in-model',
          // A failing provider is retried once; keep a stuck call well inside a test's time limit.
          AI_TIMEOUT_MS: '10000',
        });
        try {
          currentServer = { baseURL: server.baseURL, logFile: server.logFile, aiStandInUrl: aiStandIn.url };
          await use(currentServer);
        } finally {
          currentServer = undefined;
          await server.dispose();
        }
      } finally {
        await aiStandIn.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  // Public pages arrive prerendered and hydrate a moment after they paint; a test acting before
  // that would click on markup React has not attached to yet. Every navigation waits for the app.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForApp(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
  // Signing in through the form is auth.spec.ts's subject; elsewhere a test starts signed in, as a
  // returning user does: the API's answer is stored the way the sign-in form stores it, then the portal
  // opens. Once per tab (a flag in sessionStorage), so signing out within a test stays signed out.
  signIn: async ({ page }, use) => {
    await use(async (role, path = '/dashboard') => {
      const response = await page.request.post('/api/auth/signin', {
        data: { email: demoUsers[role].email, password: demoPassword },
      });
      expect(response.status(), `sign-in as ${role}`).toBe(200);
      const { token, user } = (await response.json()) as { token: string; user: SessionUser };
      await page.addInitScript(
        ({ token, user }) => {
          if (sessionStorage.getItem('e2e-signed-in')) return;
          sessionStorage.setItem('e2e-signed-in', '1');
          localStorage.setItem('token', token);
          localStorage.setItem(
            'user',
            JSON.stringify({
              id: user.id,
              role: user.role,
              name: user.name,
              email: user.email,
              ngoId: user.ngoId,
            }),
          );
          localStorage.setItem('userRole', user.role);
          localStorage.setItem('userId', user.id);
          localStorage.setItem('ngoId', user.ngoId);
        },
        { token, user },
      );
      // Straight to the page the test is about: a dashboard first would load the app twice.
      await page.goto(path);
      await expect(page.getByTestId('portal-label')).toHaveText(demoUsers[role].label);
    });
  },
});

export { expect };
