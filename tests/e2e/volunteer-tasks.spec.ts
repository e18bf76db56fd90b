import { seriousViolations } from './support/axe';
import { demoPassword, demoUsers, expect, test } from './support/fixtures';
import { phone } from './support/scan-pages';

interface Member {
  id: string;
  email: string;
}

interface Task {
  id: string;
  assignments: { volunteerId: string; status: string }[];
}

/** A day `days` after today, 'YYYY-MM-DD'. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('on a phone, a volunteer accepts a task offline; the answer waits on the card and arrives once when back online', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);

  // Staff plan the task through the API (the dialog is the component tests'), for the demo volunteer.
  const staff = await page.request.post('/api/auth/signin', {
    data: { email: demoUsers.STAFF.email, password: demoPassword },
  });
  expect(staff.status(), 'staff sign-in').toBe(200);
  const headers = { Authorization: `Bearer ${((await staff.json()) as { token: string }).token}` };
  const volunteers = (await (
    await page.request.get('/api/members?role=VOLUNTEER&status=active&limit=100', { headers })
  ).json()) as Member[];
  const grace = volunteers.find((m) => m.email === demoUsers.VOLUNTEER.email)!;
  expect(grace, 'the demo volunteer').toBeDefined();
  const title = `Sort donated clothes ${Date.now()}`;
  const created = await page.request.post('/api/tasks', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      title,
      place: 'Kimironko depot',
      dueOn: dayFromNow(3),
      estimatedMinutes: 120,
      assigneeIds: [grace.id],
    },
  });
  expect(created.status(), 'task created').toBe(201);
  const task = (await created.json()) as Task;

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/tasks/${task.id}/response`))
      sent.push(request.headers()['idempotency-key'] ?? '');
  });

  await signIn('VOLUNTEER', '/volunteer/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Assigned Tasks' })).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Kimironko depot');
  await expect(card).toContainText('About 2 hours');
  expect(await seriousViolations(page)).toEqual([]);

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByText('Waiting to send')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Start' })).toBeVisible();
  expect(sent).toEqual([]);

  await context.setOffline(false);
  await expect(card.getByText('Waiting to send')).toBeHidden({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Start' })).toBeVisible();

  // The server has it, once, under one key.
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/tasks/${task.id}`, { headers });
      return ((await answer.json()) as Task).assignments.find((a) => a.volunteerId === grace.id)?.status;
    })
    .toBe('accepted');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
});
