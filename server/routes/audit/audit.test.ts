import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/audit';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { roles } from '../../../contract/roles';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { givePlan, inviteTokenMailedTo, setPassword } from '../members/members.testing';

let t: TestApp;
let ngoA: string;
let a: Record<string, TestUser>;
let b: Record<string, TestUser>;

const PASSWORD = 'a-long-enough-password';
const readers = ['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN'];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100', TRUST_PROXY: 'true' });
  ngoA = await createTestNgo(t, 'Alpha Audit');
  a = await createUserPerRole(t, ngoA);
  await givePlan(t, ngoA, 'growth');
  const ngoB = await createTestNgo(t, 'Bravo Audit');
  b = await createUserPerRole(t, ngoB);
  await givePlan(t, ngoB, 'growth');
});
afterAll(() => t.close());

const trailOf = async (who: TestUser, query = 'limit=100') => {
  const res = await call(t.app, 'GET', `/api/audit?${query}`, undefined, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as AuditEntry[];
};
const entriesFor = async (targetId: string) =>
  (await trailOf(a.NGO_ADMIN!)).filter((e) => e.targetId === targetId);

describe('what the trail records', () => {
  it('a role change: one entry with the actor, the member and the roles before and after', async () => {
    const member = await createTestUser(t, { ngoId: ngoA, role: 'VIEWER', name: 'Rory Role' });
    const res = await call(t.app, 'PATCH', `/api/members/${member.id}`, { role: 'STAFF' }, a.ADMIN!.token);
    expect(res.status).toBe(200);
    expect(await entriesFor(member.id)).toEqual([
      expect.objectContaining({
        actorId: a.ADMIN!.id,
        actorName: a.ADMIN!.name,
        action: 'member.role_changed',
        targetType: 'member',
        targetId: member.id,
        details: expect.objectContaining({ before: 'VIEWER', after: 'STAFF' }),
      }),
    ]);
  });

  it('a deactivation and a reactivation: one entry each, newest first', async () => {
    const member = await createTestUser(t, { ngoId: ngoA, role: 'STAFF', name: 'Dana Deactivated' });
    const patch = (status: string) =>
      call(t.app, 'PATCH', `/api/members/${member.id}`, { status }, a.NGO_ADMIN!.token);
    expect((await patch('deactivated')).status).toBe(200);
    expect(await entriesFor(member.id)).toEqual([
      expect.objectContaining({
        actorId: a.NGO_ADMIN!.id,
        action: 'member.deactivated',
        details: expect.objectContaining({ before: 'active', after: 'deactivated' }),
      }),
    ]);
    expect((await patch('active')).status).toBe(200);
    expect((await entriesFor(member.id)).map((e) => e.action)).toEqual([
      'member.reactivated',
      'member.deactivated',
    ]);
  });

  it('a refused change (409 last admin) leaves no entry: its transaction rolled back', async () => {
    const ngoId = await createTestNgo(t, 'Lonely Audit');
    const admin = await createTestUser(t, { ngoId, role: 'NGO_ADMIN' });
    const res = await call(t.app, 'PATCH', `/api/members/${admin.id}`, { role: 'STAFF' }, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'last_admin' });
    expect(await trailOf(admin)).toEqual([]);
  });

  it('an invitation’s life: sent, resent, revoked; another sent and accepted by the person joining', async () => {
    const admin = a.NGO_ADMIN!;
    const sent = await call(
      t.app,
      'POST',
      '/api/invites',
      { email: 'life@audit.test', role: 'STAFF' },
      admin.token,
    );
    expect(sent.status).toBe(201);
    const id = sent.body.id as string;
    expect((await call(t.app, 'POST', `/api/invites/${id}/resend`, undefined, admin.token)).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/invites/${id}`, undefined, admin.token)).status).toBe(204);
    const life = await entriesFor(id);
    expect(life.map((e) => e.action)).toEqual(['invite.revoked', 'invite.resent', 'invite.sent']);
    for (const e of life) {
      expect(e).toMatchObject({
        actorId: admin.id,
        targetType: 'invite',
        details: expect.objectContaining({ email: 'life@audit.test', role: 'STAFF' }),
      });
    }

    const other = await call(
      t.app,
      'POST',
      '/api/invites',
      { email: 'joins@audit.test', role: 'VOLUNTEER' },
      a.ADMIN!.token,
    );
    expect(other.status).toBe(201);
    const token = await inviteTokenMailedTo(t, 'joins@audit.test');
    const joined = await call(t.app, 'POST', '/api/invites/accept', {
      token,
      name: 'Jo Joiner',
      password: PASSWORD,
    });
    expect(joined.status).toBe(200);
    const joinerId = (joined.body.user as { id: string }).id;
    expect(
      (await entriesFor(other.body.id as string)).map((e) => [e.action, e.actorId, e.actorName]),
    ).toEqual([
      ['invite.accepted', joinerId, 'Jo Joiner'],
      ['invite.sent', a.ADMIN!.id, a.ADMIN!.name],
    ]);
  });

  it('an existing account moving in: accepted and moved in, in the NGO it joined', async () => {
    const fromNgo = await createTestNgo(t, 'Former Home');
    const mover = await createTestUser(t, {
      ngoId: fromNgo,
      role: 'VIEWER',
      name: 'Mo Mover',
      email: 'mover@audit.test',
    });
    await setPassword(t, mover.id, PASSWORD);
    const sent = await call(
      t.app,
      'POST',
      '/api/invites',
      { email: 'mover@audit.test', role: 'ANALYST' },
      a.NGO_ADMIN!.token,
    );
    expect(sent.status).toBe(201);
    const token = await inviteTokenMailedTo(t, 'mover@audit.test');
    expect((await call(t.app, 'POST', '/api/invites/accept', { token, password: PASSWORD })).status).toBe(
      200,
    );
    expect(await entriesFor(mover.id)).toEqual([
      expect.objectContaining({
        actorId: mover.id,
        actorName: 'Mo Mover',
        action: 'member.moved_in',
        targetType: 'member',
        details: expect.objectContaining({ fromNgoId: fromNgo, before: 'VIEWER', after: 'ANALYST' }),
      }),
    ]);
    expect((await entriesFor(sent.body.id as string)).map((e) => e.action)).toEqual([
      'invite.accepted',
      'invite.sent',
    ]);
  });
});

describe('GET /api/audit', () => {
  it('answers every role as the permission says (403 otherwise), and 401 without a token', async () => {
    for (const role of [...roles, 'admin']) {
      const res = await call(t.app, 'GET', '/api/audit', undefined, a[role]!.token);
      expect(res.status, role).toBe(readers.includes(role) ? 200 : 403);
    }
    expect((await call(t.app, 'GET', '/api/audit')).status).toBe(401);
  });

  it('never shows another NGO’s entries, SUPER_ADMIN included', async () => {
    expect((await trailOf(a.NGO_ADMIN!)).length).toBeGreaterThan(0);
    for (const role of readers) expect(await trailOf(b[role]!), role).toEqual([]);
  });

  it('filters by action and by actor', async () => {
    const all = await trailOf(a.NGO_ADMIN!);
    const sent = await trailOf(a.NGO_ADMIN!, 'limit=100&action=invite.sent');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent).toEqual(all.filter((e) => e.action === 'invite.sent'));
    const byAdmin = await trailOf(a.NGO_ADMIN!, `limit=100&actorId=${a.ADMIN!.id}`);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin).toEqual(all.filter((e) => e.actorId === a.ADMIN!.id));
    const bad = await call(t.app, 'GET', '/api/audit?action=member.nonsense', undefined, a.NGO_ADMIN!.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('fields.action');
  });

  it('pages newest first: walked with limit=2, the pages are the whole trail', async () => {
    const all = await trailOf(a.NGO_ADMIN!);
    expect(all.length).toBeGreaterThan(4);
    const sorted = [...all].sort((x, y) =>
      x.createdAt === y.createdAt ? (x.id < y.id ? 1 : -1) : x.createdAt < y.createdAt ? 1 : -1,
    );
    expect(all.map((e) => e.id)).toEqual(sorted.map((e) => e.id));

    const walked: AuditEntry[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const query: string = `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await call(t.app, 'GET', `/api/audit?${query}`, undefined, a.NGO_ADMIN!.token);
      expect(res.status).toBe(200);
      const page = res.body as unknown as AuditEntry[];
      expect(page.length).toBeLessThanOrEqual(2);
      walked.push(...page);
      cursor = res.headers.get(NEXT_CURSOR_HEADER);
      if (!cursor) break;
    }
    expect(walked.map((e) => e.id)).toEqual(all.map((e) => e.id));

    // A cursor is bound to its NGO and filters: elsewhere it is a 400 naming `cursor`.
    const first = await call(t.app, 'GET', '/api/audit?limit=2', undefined, a.NGO_ADMIN!.token);
    const next = first.headers.get(NEXT_CURSOR_HEADER)!;
    const elsewhere = await call(
      t.app,
      'GET',
      `/api/audit?limit=2&cursor=${encodeURIComponent(next)}`,
      undefined,
      b.NGO_ADMIN!.token,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toHaveProperty('fields.cursor');
  });
});
