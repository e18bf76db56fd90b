import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { roles } from '../../../contract/roles';
import {
  isTaskOverdue,
  respondTransition,
  task as taskSchema,
  taskErrorCodes,
  taskStatus,
  type Task,
} from '../../../contract/tasks';
import { taskAssignments, tasks, users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { SAMPLE_TASKS } from '../../db/seed/sample-tasks';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';

let t: TestApp;
let ngoA: string;
let a: Record<string, TestUser>;
let b: Record<string, TestUser>;
/** A second volunteer of NGO A. */
let vol2: TestUser;
/** A task of NGO A assigned to a.VOLUNTEER; one of NGO B assigned to b.VOLUNTEER. */
let aTaskId: string;
let bTaskId: string;

const everyRole = [...roles, 'admin'];
const managers = ['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN', 'STAFF'];
const responders = ['VOLUNTEER'];

const idem = (key: string) => ({ 'idempotency-key': key });

const newTask = (assigneeIds: string[], extra: Record<string, unknown> = {}) => ({
  title: 'Deliver food parcels',
  description: 'Twenty parcels to the listed homes.',
  place: 'Kigali',
  dueOn: '2030-06-15',
  estimatedMinutes: 90,
  assigneeIds,
  ...extra,
});

async function create(body: Record<string, unknown>, user: TestUser = a.STAFF!): Promise<Task> {
  const res = await call(t.app, 'POST', '/api/tasks', body, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return taskSchema.parse(res.body);
}

const respond = (taskId: string, user: TestUser, body: Record<string, unknown>, headers = {}) =>
  call(t.app, 'POST', `/api/tasks/${taskId}/response`, body, user.token, headers);

async function listAll(user: TestUser, query = ''): Promise<Task[]> {
  const res = await call(t.app, 'GET', `/api/tasks?limit=100${query}`, undefined, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  return res.body as unknown as Task[];
}

beforeAll(async () => {
  t = await createTestApp();
  ngoA = await createTestNgo(t, 'Alpha Relief');
  a = await createUserPerRole(t, ngoA);
  vol2 = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Zed Second' });
  const ngoB = await createTestNgo(t, 'Bravo Aid');
  b = await createUserPerRole(t, ngoB);
  aTaskId = (await create(newTask([a.VOLUNTEER!.id]))).id;
  bTaskId = (await create(newTask([b.VOLUNTEER!.id]), b.STAFF)).id;
});
afterAll(() => t.close());

describe('the permission matrix (every role, two NGOs)', () => {
  type Send = (user: TestUser | undefined, role: string) => Promise<{ status: number }>;
  const endpoints: { name: string; allowed: string[]; ok: number; send: Send }[] = [
    {
      name: 'GET /api/tasks',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/tasks', undefined, u?.token),
    },
    {
      name: 'GET /api/tasks/{taskId}',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', `/api/tasks/${aTaskId}`, undefined, u?.token),
    },
    {
      name: 'POST /api/tasks',
      allowed: managers,
      ok: 201,
      send: (u) => call(t.app, 'POST', '/api/tasks', newTask([a.VOLUNTEER!.id]), u?.token),
    },
    {
      name: 'PATCH /api/tasks/{taskId}',
      allowed: managers,
      ok: 200,
      send: (u, role) => call(t.app, 'PATCH', `/api/tasks/${aTaskId}`, { place: `Set by ${role}` }, u?.token),
    },
    {
      name: 'POST /api/tasks/{taskId}/response',
      allowed: responders,
      ok: 200,
      send: (u) => call(t.app, 'POST', `/api/tasks/${aTaskId}/response`, { action: 'accept' }, u?.token),
    },
    // Last: it cancels the task the others act on.
    {
      name: 'POST /api/tasks/{taskId}/cancel',
      allowed: managers,
      ok: 200,
      send: (u) => call(t.app, 'POST', `/api/tasks/${aTaskId}/cancel`, { reason: 'Matrix' }, u?.token),
    },
  ];

  it.each(endpoints.map((e) => [e.name, e] as const))('%s: allowed, 403 or 401 by role', async (_, e) => {
    for (const role of everyRole) {
      const res = await e.send(a[role], role);
      expect(res.status, `${e.name} as ${role}`).toBe(e.allowed.includes(role) ? e.ok : 403);
    }
    expect((await e.send(undefined, 'none')).status, `${e.name} without a token`).toBe(401);
  });

  it("answers another NGO's task as missing (a SUPER_ADMIN reads it by id, ADR 0020)", async () => {
    for (const role of everyRole) {
      const token = a[role]!.token;
      const get = await call(t.app, 'GET', `/api/tasks/${bTaskId}`, undefined, token);
      expect(get.status, `GET as ${role}`).toBe(role === 'SUPER_ADMIN' ? 200 : 404);
      const writeStatus = managers.includes(role) ? 404 : 403;
      const patch = await call(t.app, 'PATCH', `/api/tasks/${bTaskId}`, { title: 'Taken' }, token);
      expect(patch.status, `PATCH as ${role}`).toBe(writeStatus);
      const cancel = await call(t.app, 'POST', `/api/tasks/${bTaskId}/cancel`, {}, token);
      expect(cancel.status, `cancel as ${role}`).toBe(writeStatus);
      const answer = await call(t.app, 'POST', `/api/tasks/${bTaskId}/response`, { action: 'accept' }, token);
      expect(answer.status, `response as ${role}`).toBe(responders.includes(role) ? 404 : 403);
      const list = (await call(t.app, 'GET', '/api/tasks?limit=100', undefined, token))
        .body as unknown as Task[];
      expect(list.map((x) => x.id)).not.toContain(bTaskId);
    }
    const bTask = await call(t.app, 'GET', `/api/tasks/${bTaskId}`, undefined, b.STAFF!.token);
    expect(bTask.body).toMatchObject({ title: 'Deliver food parcels', status: 'open', ownStatus: 'open' });
  });
});

describe('a volunteer sees only their own tasks', () => {
  let mineId: string;
  let othersId: string;
  beforeAll(async () => {
    mineId = (await create(newTask([a.VOLUNTEER!.id, vol2.id], { title: 'Shared one' }))).id;
    othersId = (await create(newTask([vol2.id], { title: 'Only Zed' }))).id;
  });

  it('lists only tasks assigned to them, whatever `mine` says', async () => {
    for (const q of ['', '&mine=false', '&mine=true']) {
      const ids = (await listAll(a.VOLUNTEER!, q)).map((x) => x.id);
      expect(ids).toContain(mineId);
      expect(ids).not.toContain(othersId);
      const all = await listAll(a.VOLUNTEER!, q);
      expect(all.every((x) => x.assignments.some((s) => s.volunteerId === a.VOLUNTEER!.id))).toBe(true);
    }
  });

  it('answers 404 for a task not assigned to them, read or answered', async () => {
    expect((await call(t.app, 'GET', `/api/tasks/${othersId}`, undefined, a.VOLUNTEER!.token)).status).toBe(
      404,
    );
    expect((await respond(othersId, a.VOLUNTEER!, { action: 'accept' })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/tasks/${othersId}`, undefined, vol2.token)).status).toBe(200);
  });

  it('staff see every task of the NGO; mine=true keeps their own (none)', async () => {
    const ids = (await listAll(a.STAFF!)).map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([mineId, othersId, aTaskId]));
    expect(await listAll(a.STAFF!, '&mine=true')).toEqual([]);
    const viewer = (await listAll(a.VIEWER!)).map((x) => x.id);
    expect(viewer).toEqual(ids);
  });
});

describe('bad input is a 400 naming the field', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an empty title', { title: '   ' }, 'title'],
    ['a 1,000-character place', { place: 'x'.repeat(1000) }, 'place'],
    ['a 201-character title', { title: 't'.repeat(201) }, 'title'],
    ['an impossible day', { dueOn: '2025-02-30' }, 'dueOn'],
    ['a day in year 0205', { dueOn: '0205-01-01' }, 'dueOn'],
    ['negative minutes', { estimatedMinutes: -1 }, 'estimatedMinutes'],
    ['fractional minutes', { estimatedMinutes: 1.5 }, 'estimatedMinutes'],
    ['no assignee', { assigneeIds: [] }, 'assigneeIds'],
  ];
  it.each(cases)('%s', async (_, change, field) => {
    const res = await call(t.app, 'POST', '/api/tasks', newTask([a.VOLUNTEER!.id], change), a.STAFF!.token);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
  });

  it('refuses an assignee who is not a volunteer, or of another NGO (400 assigneeIds), writing nothing', async () => {
    const before = await t.db.$count(tasks);
    for (const id of [a.STAFF!.id, b.VOLUNTEER!.id, 'no-such-user']) {
      const res = await call(t.app, 'POST', '/api/tasks', newTask([a.VOLUNTEER!.id, id]), a.STAFF!.token);
      expect(res.status, id).toBe(400);
      expect(res.body.fields).toHaveProperty('assigneeIds');
    }
    const patch = await call(
      t.app,
      'PATCH',
      `/api/tasks/${bTaskId}`,
      { assigneeIds: [a.VOLUNTEER!.id] },
      b.STAFF!.token,
    );
    expect(patch.status).toBe(400);
    expect(patch.body.fields).toHaveProperty('assigneeIds');
    expect(await t.db.$count(tasks)).toBe(before);
  });

  it('refuses a decline without a reason, an unknown action, and a reversed day range', async () => {
    const id = (await create(newTask([a.VOLUNTEER!.id]))).id;
    const decline = await respond(id, a.VOLUNTEER!, { action: 'decline' });
    expect(decline.status).toBe(400);
    expect(decline.body.fields).toHaveProperty('reason');
    const unknown = await respond(id, a.VOLUNTEER!, { action: 'vanish' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty('action');
    const range = await call(
      t.app,
      'GET',
      '/api/tasks?from=2030-02-01&to=2030-01-01',
      undefined,
      a.STAFF!.token,
    );
    expect(range.status).toBe(400);
    expect(range.body.fields).toHaveProperty('to');
    const badStatus = await call(t.app, 'GET', '/api/tasks?status=late', undefined, a.STAFF!.token);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.fields).toHaveProperty('status');
  });
});

describe('answers: transitions and replays', () => {
  const assignmentOf = (x: Task, user: TestUser) => x.assignments.find((s) => s.volunteerId === user.id);

  it('walks assigned → accepted → in progress → done; the same action again is a 200 without change', async () => {
    const id = (await create(newTask([a.VOLUNTEER!.id]))).id;
    const steps: [string, string, string][] = [
      ['accept', 'accepted', 'accepted'],
      ['accept', 'accepted', 'accepted'],
      ['start', 'in_progress', 'in_progress'],
      ['start', 'in_progress', 'in_progress'],
      ['done', 'done', 'done'],
      ['done', 'done', 'done'],
    ];
    for (const [action, assignment, shown] of steps) {
      const res = await respond(id, a.VOLUNTEER!, { action });
      expect(res.status, action).toBe(200);
      const x = taskSchema.parse(res.body);
      expect(assignmentOf(x, a.VOLUNTEER!)?.status).toBe(assignment);
      expect(x.status).toBe(shown);
    }
    for (const action of ['accept', 'start']) {
      const res = await respond(id, a.VOLUNTEER!, { action });
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe(taskErrorCodes.transitionRefused);
      expect(res.body.message).toMatch(/cannot/);
    }
    const decline = await respond(id, a.VOLUNTEER!, { action: 'decline', reason: 'Too late' });
    expect(decline.status).toBe(409);
  });

  it('refuses to start before accepting; declines with the reason; answers nothing on a cancelled task', async () => {
    const id = (await create(newTask([a.VOLUNTEER!.id]))).id;
    expect((await respond(id, a.VOLUNTEER!, { action: 'start' })).status).toBe(409);
    expect((await respond(id, a.VOLUNTEER!, { action: 'done' })).status).toBe(409);
    const declined = await respond(id, a.VOLUNTEER!, { action: 'decline', reason: 'Away that week' });
    expect(declined.status).toBe(200);
    expect(assignmentOf(taskSchema.parse(declined.body), a.VOLUNTEER!)).toMatchObject({
      status: 'declined',
      declineReason: 'Away that week',
    });
    expect((await respond(id, a.VOLUNTEER!, { action: 'accept' })).status).toBe(409);

    const other = (await create(newTask([a.VOLUNTEER!.id]))).id;
    const cancelled = await call(
      t.app,
      'POST',
      `/api/tasks/${other}/cancel`,
      { reason: 'Rain' },
      a.STAFF!.token,
    );
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      ownStatus: 'cancelled',
      cancelledReason: 'Rain',
    });
    const again = await call(t.app, 'POST', `/api/tasks/${other}/cancel`, {}, a.STAFF!.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'cancelled', cancelledReason: 'Rain' });
    const answer = await respond(other, a.VOLUNTEER!, { action: 'accept' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/cancelled/);
    const edit = await call(t.app, 'PATCH', `/api/tasks/${other}`, { title: 'Revived' }, a.STAFF!.token);
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe(taskErrorCodes.taskCancelled);
  });

  it('replays an answer sent again with the same Idempotency-Key, changing nothing the second time', async () => {
    const id = (await create(newTask([a.VOLUNTEER!.id]))).id;
    const first = await respond(id, a.VOLUNTEER!, { action: 'accept' }, idem('outbox-accept-1'));
    expect(first.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(taskAssignments)
      .where(and(eq(taskAssignments.taskId, id), eq(taskAssignments.volunteerId, a.VOLUNTEER!.id)));
    // Moved on since (another device); the outbox then replays its first send.
    expect((await respond(id, a.VOLUNTEER!, { action: 'start' })).status).toBe(200);
    const replay = await respond(id, a.VOLUNTEER!, { action: 'accept' }, idem('outbox-accept-1'));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const now = await call(t.app, 'GET', `/api/tasks/${id}`, undefined, a.VOLUNTEER!.token);
    expect(assignmentOf(now.body as unknown as Task, a.VOLUNTEER!)?.status).toBe('in_progress');
    expect(row?.status).toBe('accepted');
    const reused = await respond(id, a.VOLUNTEER!, { action: 'done' }, idem('outbox-accept-1'));
    expect(reused.status).toBe(409);
  });

  it('creates one task for a create sent twice with the same key', async () => {
    const before = await t.db.$count(tasks);
    const body = newTask([a.VOLUNTEER!.id], { title: 'Once only' });
    const one = await call(t.app, 'POST', '/api/tasks', body, a.STAFF!.token, idem('create-once'));
    const two = await call(t.app, 'POST', '/api/tasks', body, a.STAFF!.token, idem('create-once'));
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body).toEqual(one.body);
    expect(await t.db.$count(tasks)).toBe(before + 1);
  });
});

describe('the shown status and overdue', () => {
  it('follows the rules over several volunteers', async () => {
    const x = await create(newTask([a.VOLUNTEER!.id, vol2.id]));
    const shown = async () =>
      ((await call(t.app, 'GET', `/api/tasks/${x.id}`, undefined, a.STAFF!.token)).body as unknown as Task)
        .status;
    expect(x.status).toBe('open');
    await respond(x.id, vol2, { action: 'accept' });
    expect(await shown()).toBe('accepted');
    await respond(x.id, vol2, { action: 'start' });
    expect(await shown()).toBe('in_progress');
    await respond(x.id, vol2, { action: 'done' });
    // One done, one still assigned: in progress.
    expect(await shown()).toBe('in_progress');
    await respond(x.id, a.VOLUNTEER!, { action: 'decline', reason: 'Sick' });
    // Every non-declined assignment done.
    expect(await shown()).toBe('done');
    const done = await listAll(a.STAFF!, '&status=done');
    expect(done.map((d) => d.id)).toContain(x.id);
    expect(done.every((d) => d.status === 'done')).toBe(true);

    const allDeclined = await create(newTask([vol2.id]));
    await respond(allDeclined.id, vol2, { action: 'decline', reason: 'No' });
    const open = await listAll(a.STAFF!, '&status=open');
    expect(open.find((d) => d.id === allDeclined.id)?.status).toBe('open');
  });

  it('taskStatus and isTaskOverdue (contract)', () => {
    const open = { status: 'open' as const };
    expect(taskStatus({ status: 'cancelled' }, [{ status: 'done' }])).toBe('cancelled');
    expect(taskStatus(open, [])).toBe('open');
    expect(taskStatus(open, [{ status: 'declined' }])).toBe('open');
    expect(taskStatus(open, [{ status: 'done' }, { status: 'declined' }])).toBe('done');
    expect(taskStatus(open, [{ status: 'done' }, { status: 'assigned' }])).toBe('in_progress');
    expect(taskStatus(open, [{ status: 'accepted' }, { status: 'assigned' }])).toBe('accepted');
    expect(isTaskOverdue({ dueOn: '2030-01-01', status: 'open' }, '2030-01-02')).toBe(true);
    expect(isTaskOverdue({ dueOn: '2030-01-01', status: 'in_progress' }, '2030-01-02')).toBe(true);
    expect(isTaskOverdue({ dueOn: '2030-01-02', status: 'open' }, '2030-01-02')).toBe(false);
    expect(isTaskOverdue({ dueOn: '2030-01-01', status: 'done' }, '2030-01-02')).toBe(false);
    expect(isTaskOverdue({ dueOn: '2030-01-01', status: 'cancelled' }, '2030-01-02')).toBe(false);
    expect(respondTransition('done', 'done')).toEqual({ kind: 'same' });
    expect(respondTransition('assigned', 'accept')).toEqual({ kind: 'change', to: 'accepted' });
    expect(respondTransition('accepted', 'done')).toEqual({ kind: 'change', to: 'done' });
    expect(respondTransition('accepted', 'accept', 'cancelled').kind).toBe('refused');
  });
});

describe('editing the assignee set', () => {
  it('keeps a kept assignee’s answer, adds new ones as assigned, deletes removed ones', async () => {
    const extra = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Ama Extra' });
    const x = await create(newTask([a.VOLUNTEER!.id, vol2.id]));
    await respond(x.id, a.VOLUNTEER!, { action: 'accept' });
    const res = await call(
      t.app,
      'PATCH',
      `/api/tasks/${x.id}`,
      { assigneeIds: [a.VOLUNTEER!.id, extra.id, extra.id], title: 'Renamed', estimatedMinutes: null },
      a.STAFF!.token,
    );
    expect(res.status).toBe(200);
    const changed = taskSchema.parse(res.body);
    expect(changed).toMatchObject({ title: 'Renamed', estimatedMinutes: null, status: 'accepted' });
    expect(changed.assignments.map((s) => [s.volunteerName, s.status])).toEqual([
      ['Ama Extra', 'assigned'],
      [a.VOLUNTEER!.name, 'accepted'],
    ]);
    expect((await respond(x.id, vol2, { action: 'accept' })).status).toBe(404);
  });
});

describe('paging and the day range', () => {
  let c: Record<string, TestUser>;
  beforeAll(async () => {
    const ngoC = await createTestNgo(t, 'Charlie Care');
    c = { STAFF: await createTestUser(t, { ngoId: ngoC, role: 'STAFF' }) };
    c.VOLUNTEER = await createTestUser(t, { ngoId: ngoC, role: 'VOLUNTEER' });
    const days = [
      '2031-03-05',
      '2031-01-10',
      '2031-02-01',
      '2031-01-10',
      '2031-02-28',
      '2031-01-31',
      '2031-01-10',
    ];
    for (const [i, dueOn] of days.entries()) {
      await create(newTask([c.VOLUNTEER.id], { dueOn, title: `Task ${i}` }), c.STAFF);
    }
  });

  it('walks every page in due-day, then id, order, matching the whole list', async () => {
    const whole = await listAll(c.STAFF!);
    expect(whole).toHaveLength(7);
    const sorted = [...whole].sort((x, y) => x.dueOn.localeCompare(y.dueOn) || x.id.localeCompare(y.id));
    expect(whole.map((x) => x.id)).toEqual(sorted.map((x) => x.id));
    const walked: Task[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call(t.app, 'GET', `/api/tasks?limit=2${query}`, undefined, c.STAFF!.token);
      expect(res.status).toBe(200);
      walked.push(...(res.body as unknown as Task[]));
      cursor = res.headers.get(NEXT_CURSOR_HEADER);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(walked).toEqual(whole);
  });

  it('refuses a cursor sent with other filters or by another caller', async () => {
    const first = await call(t.app, 'GET', '/api/tasks?limit=2', undefined, c.STAFF!.token);
    const cursor = encodeURIComponent(first.headers.get(NEXT_CURSOR_HEADER) ?? '');
    const other = await call(
      t.app,
      'GET',
      `/api/tasks?limit=2&q=task&cursor=${cursor}`,
      undefined,
      c.STAFF!.token,
    );
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty('cursor');
    const vol = await call(
      t.app,
      'GET',
      `/api/tasks?limit=2&cursor=${cursor}`,
      undefined,
      c.VOLUNTEER!.token,
    );
    expect(vol.status).toBe(400);
  });

  it('keeps due days within from/to (inclusive), and searches titles', async () => {
    const jan = await listAll(c.STAFF!, '&from=2031-01-10&to=2031-01-31');
    expect(jan.map((x) => x.dueOn)).toEqual(['2031-01-10', '2031-01-10', '2031-01-10', '2031-01-31']);
    const after = await listAll(c.STAFF!, '&from=2031-02-01');
    expect(after.map((x) => x.dueOn)).toEqual(['2031-02-01', '2031-02-28', '2031-03-05']);
    const q = await listAll(c.STAFF!, '&q=TASK%204');
    expect(q.map((x) => x.title)).toEqual(['Task 4']);
  });
});

describe('the demo tasks (seed)', () => {
  it('seeds the demo volunteer’s tasks once, one per state, created by the staff account', async () => {
    const now = new Date();
    await seedDemoData(t.db, { now });
    await seedDemoData(t.db, { now });
    const [volunteer] = await t.db.select().from(users).where(eq(users.email, 'volunteer@demo.ngo'));
    const [staff] = await t.db.select().from(users).where(eq(users.email, 'staff@demo.ngo'));
    if (!volunteer || !staff) throw new Error('demo accounts missing');
    const token = await t.jwt.sign({ sub: volunteer.id, ngo: volunteer.ngoId, role: volunteer.role, sv: 1 });
    const res = await call(t.app, 'GET', '/api/tasks?limit=100', undefined, token);
    expect(res.status).toBe(200);
    const list = res.body as unknown as Task[];
    expect(list).toHaveLength(SAMPLE_TASKS.length);
    expect(new Set(list.map((x) => x.status))).toEqual(
      new Set(['open', 'accepted', 'in_progress', 'done', 'cancelled']),
    );
    expect(list.every((x) => x.createdById === staff.id)).toBe(true);
    const today = now.toISOString().slice(0, 10);
    expect(list.filter((x) => isTaskOverdue(x, today)).map((x) => x.title)).toEqual([
      'Collect clinic attendance sheets',
    ]);
  });
});
