import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, type Member } from '../../../contract/members';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { roles } from '../../../contract/roles';
import { users as usersTable } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { givePlan, setPassword, userRow } from './members.testing';

let t: TestApp;
let ngoA: string;
let a: Record<string, TestUser>;
let b: Record<string, TestUser>;
let bInviteId: string;

const everyRole = [...roles, 'admin'];
const readers = ['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN', 'STAFF', 'ANALYST', 'VIEWER'];
const managers = ['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN'];

const idem = (key: string) => ({ 'idempotency-key': key });

beforeAll(async () => {
  t = await createTestApp();
  ngoA = await createTestNgo(t, 'Alpha Relief');
  // One member per role and the legacy 'admin': 8 members, past the free plan's 5.
  a = await createUserPerRole(t, ngoA);
  await givePlan(t, ngoA, 'growth');
  const ngoB = await createTestNgo(t, 'Bravo Aid');
  b = await createUserPerRole(t, ngoB);
  await givePlan(t, ngoB, 'growth');
  const invited = await call(
    t.app,
    'POST',
    '/api/invites',
    { email: 'someone@bravo.test', role: 'STAFF' },
    b.NGO_ADMIN!.token,
  );
  expect(invited.status).toBe(201);
  bInviteId = invited.body.id as string;
});
afterAll(() => t.close());

describe('the permission matrix (every role, two NGOs)', () => {
  type Send = (user: TestUser | undefined, role: string) => Promise<{ status: number }>;
  let target: TestUser;
  let resendId: string;
  let revokeId: string;

  beforeAll(async () => {
    target = await createTestUser(t, { ngoId: ngoA, role: 'VIEWER', name: 'Matrix Target' });
    const make = async (email: string) => {
      const res = await call(t.app, 'POST', '/api/invites', { email, role: 'VIEWER' }, a.NGO_ADMIN!.token);
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    resendId = await make('resend.matrix@alpha.test');
    revokeId = await make('revoke.matrix@alpha.test');
  });

  const endpoints: { name: string; allowed: string[]; ok: number; send: Send }[] = [
    {
      name: 'GET /api/members',
      allowed: readers,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/members', undefined, u?.token),
    },
    {
      name: 'GET /api/members/seats',
      allowed: readers,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/members/seats', undefined, u?.token),
    },
    {
      name: 'PATCH /api/members/{memberId}',
      allowed: managers,
      ok: 200,
      send: (u) => call(t.app, 'PATCH', `/api/members/${target.id}`, { role: 'VIEWER' }, u?.token),
    },
    {
      name: 'GET /api/invites',
      allowed: managers,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/invites', undefined, u?.token),
    },
    {
      name: 'POST /api/invites',
      allowed: managers,
      ok: 201,
      send: (u, role) =>
        call(t.app, 'POST', '/api/invites', { email: `matrix.${role}@alpha.test`, role: 'VIEWER' }, u?.token),
    },
    {
      name: 'POST /api/invites/{inviteId}/resend',
      allowed: managers,
      ok: 200,
      send: (u) => call(t.app, 'POST', `/api/invites/${resendId}/resend`, undefined, u?.token),
    },
    {
      name: 'DELETE /api/invites/{inviteId}',
      allowed: managers,
      ok: 204,
      send: (u) => call(t.app, 'DELETE', `/api/invites/${revokeId}`, undefined, u?.token),
    },
  ];

  it.each(endpoints.map((e) => [e.name, e] as const))('%s: allowed, 403 or 401 by role', async (_, e) => {
    for (const role of everyRole) {
      const res = await e.send(a[role], role);
      expect(res.status, `${e.name} as ${role}`).toBe(e.allowed.includes(role) ? e.ok : 403);
    }
    expect((await e.send(undefined, 'none')).status, `${e.name} without a token`).toBe(401);
  });

  it("answers another NGO's member and invitation ids as missing, for every role", async () => {
    const otherMember = b.STAFF!.id;
    for (const role of everyRole) {
      const token = a[role]!.token;
      const expected = managers.includes(role) ? 404 : 403;
      const patch = await call(
        t.app,
        'PATCH',
        `/api/members/${otherMember}`,
        { status: 'deactivated' },
        token,
      );
      expect(patch.status, `PATCH as ${role}`).toBe(expected);
      const resend = await call(t.app, 'POST', `/api/invites/${bInviteId}/resend`, undefined, token);
      expect(resend.status, `resend as ${role}`).toBe(expected);
      const revoke = await call(t.app, 'DELETE', `/api/invites/${bInviteId}`, undefined, token);
      expect(revoke.status, `revoke as ${role}`).toBe(expected);
    }
    const missing = await call(t.app, 'PATCH', '/api/members/nobody', { role: 'VIEWER' }, a.NGO_ADMIN!.token);
    expect(missing.body).toEqual({ message: 'Member not found.', code: 'not_found' });
    // Nothing of B changed.
    expect((await userRow(t, otherMember))?.status).toBe('active');
    const bInvites = await call(t.app, 'GET', '/api/invites', undefined, b.NGO_ADMIN!.token);
    expect(bInvites.body).toContainEqual(expect.objectContaining({ id: bInviteId, status: 'pending' }));
  });

  it("lists only the caller's own NGO, SUPER_ADMIN included", async () => {
    for (const [who, ngo] of [
      [a.SUPER_ADMIN!, a],
      [b.NGO_ADMIN!, b],
    ] as const) {
      const list = await call(t.app, 'GET', '/api/members?limit=100', undefined, who.token);
      const ids = (list.body as unknown as Member[]).map((m) => m.id);
      for (const u of Object.values(ngo)) expect(ids).toContain(u.id);
      const other = ngo === a ? b : a;
      for (const u of Object.values(other)) expect(ids).not.toContain(u.id);
      const invites = await call(t.app, 'GET', '/api/invites?limit=100', undefined, who.token);
      expect((invites.body as unknown as { id: string }[]).some((i) => i.id === bInviteId)).toBe(ngo === b);
    }
  });
});

describe('GET /api/members', () => {
  let ngo: string;
  let admin: TestUser;

  beforeAll(async () => {
    ngo = await createTestNgo(t, 'Paging Trust');
    await givePlan(t, ngo, 'growth');
    admin = await createTestUser(t, {
      ngoId: ngo,
      role: 'NGO_ADMIN',
      name: 'Bella Admin',
      email: 'bella@paging.test',
    });
    const people = [
      ['charlie Staff', 'STAFF', 'charlie@paging.test'],
      ['alice Viewer', 'VIEWER', 'alice@paging.test'],
      ['Dan Legacy', 'admin', 'dan@paging.test'],
      ['Eve Analyst', 'ANALYST', 'eve@paging.test'],
      ['Ada Volunteer', 'VOLUNTEER', 'ada.v@paging.test'],
      ['Ada Volunteer', 'VOLUNTEER', 'ada.w@paging.test'],
      ['Zoe Former', 'STAFF', 'zoe@paging.test'],
    ] as const;
    for (const [name, role, email] of people) await createTestUser(t, { ngoId: ngo, role, name, email });
    const zoe = await t.db.select().from(usersTable).where(eq(usersTable.email, 'zoe@paging.test'));
    await t.db.update(usersTable).set({ status: 'deactivated' }).where(eq(usersTable.id, zoe[0]!.id));
  });

  const list = async (query: string) => {
    const res = await call(t.app, 'GET', `/api/members${query}`, undefined, admin.token);
    expect(res.status, query).toBe(200);
    return res;
  };

  it('answers members in the contract’s shape, by name then id, with the legacy admin spelled ADMIN', async () => {
    const res = await list('?limit=100');
    const rows = res.body as unknown as Member[];
    for (const row of rows) expect(member.safeParse(row).success).toBe(true);
    expect(rows.map((m) => m.name)).toEqual([
      'Ada Volunteer',
      'Ada Volunteer',
      'alice Viewer',
      'Bella Admin',
      'charlie Staff',
      'Dan Legacy',
      'Eve Analyst',
      'Zoe Former',
    ]);
    const twins = rows.filter((m) => m.name === 'Ada Volunteer').map((m) => m.id);
    expect(twins).toEqual([...twins].sort());
    expect(rows.find((m) => m.name === 'Dan Legacy')?.role).toBe('ADMIN');
    expect(rows.find((m) => m.name === 'Zoe Former')?.status).toBe('deactivated');
    expect(rows.find((m) => m.name === 'Bella Admin')).toMatchObject({
      status: 'active',
      email: 'bella@paging.test',
    });
    expect(rows[0]).not.toHaveProperty('passwordHash');
    expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('walks pages of 2 to the same list, and refuses a cursor of other filters', async () => {
    const whole = (await list('?limit=100')).body as unknown as Member[];
    const walked: Member[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const page = res.body as unknown as Member[];
      expect(page.length).toBeLessThanOrEqual(2);
      walked.push(...page);
      cursor = res.headers.get(NEXT_CURSOR_HEADER);
      pages++;
    } while (cursor && pages < 20);
    expect(walked).toEqual(whole);
    expect(pages).toBe(4);
    const first = await list('?limit=2');
    const next = first.headers.get(NEXT_CURSOR_HEADER)!;
    const other = await call(
      t.app,
      'GET',
      `/api/members?limit=2&role=STAFF&cursor=${next}`,
      undefined,
      admin.token,
    );
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty('cursor');
    // Without limit or cursor, still one page (the default size).
    expect((await list('')).body).toEqual(whole);
  });

  it('searches names and emails in any case, and filters by role and status', async () => {
    const names = async (query: string) =>
      ((await list(query)).body as unknown as Member[]).map((m) => m.name);
    expect(await names('?q=ADA')).toEqual(['Ada Volunteer', 'Ada Volunteer']);
    expect(await names('?q=CHARLIE%40PAGING')).toEqual(['charlie Staff']);
    expect(await names('?q=%20eve%20')).toEqual(['Eve Analyst']);
    expect(await names('?role=ADMIN')).toEqual(['Dan Legacy']);
    expect(await names('?role=STAFF&status=active')).toEqual(['charlie Staff']);
    expect(await names('?status=deactivated')).toEqual(['Zoe Former']);
    expect(await names('?q=nobody')).toEqual([]);
    // Paged with a filter: the cursor carries it.
    const first = await list('?role=VOLUNTEER&limit=1');
    const second = await list(`?role=VOLUNTEER&limit=1&cursor=${first.headers.get(NEXT_CURSOR_HEADER)}`);
    expect(second.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    const emails = [first, second].flatMap((r) => (r.body as unknown as Member[]).map((m) => m.email));
    expect(emails.sort()).toEqual(['ada.v@paging.test', 'ada.w@paging.test']);
  });

  it('refuses bad filters with field messages', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/members?role=KING&status=gone&q=${'x'.repeat(201)}&limit=0`,
      undefined,
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object).sort()).toEqual(['limit', 'q', 'role', 'status']);
  });

  it('records when a member was last seen, at most every 5 minutes', async () => {
    const viewer = await createTestUser(t, { ngoId: ngo, role: 'VIEWER', name: 'Seen Viewer' });
    expect((await userRow(t, viewer.id))?.lastSeenAt).toBeNull();
    await call(t.app, 'GET', '/api/auth/me', undefined, viewer.token);
    const first = (await userRow(t, viewer.id))?.lastSeenAt;
    expect(first).toBeInstanceOf(Date);
    await call(t.app, 'GET', '/api/auth/me', undefined, viewer.token);
    expect((await userRow(t, viewer.id))?.lastSeenAt).toEqual(first);
    const seen = ((await list('?q=Seen')).body as unknown as Member[])[0];
    expect(seen?.lastSeenAt).toBe(first!.toISOString());
    // Older than 5 minutes: written again.
    const old = new Date(Date.now() - 6 * 60_000);
    await t.db.update(usersTable).set({ lastSeenAt: old }).where(eq(usersTable.id, viewer.id));
    await call(t.app, 'GET', '/api/auth/me', undefined, viewer.token);
    expect((await userRow(t, viewer.id))!.lastSeenAt!.getTime()).toBeGreaterThan(old.getTime());
  });
});

describe('GET /api/members/seats', () => {
  it('answers the effective plan’s limit, the active members and the pending invitations', async () => {
    const ngo = await createTestNgo(t, 'Seat Counters');
    const admin = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const gone = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });
    await t.db.update(usersTable).set({ status: 'deactivated' }).where(eq(usersTable.id, gone.id));
    await call(t.app, 'POST', '/api/invites', { email: 'one@seats.test', role: 'STAFF' }, admin.token);
    const revoked = await call(
      t.app,
      'POST',
      '/api/invites',
      { email: 'two@seats.test', role: 'STAFF' },
      admin.token,
    );
    await call(t.app, 'DELETE', `/api/invites/${revoked.body.id as string}`, undefined, admin.token);
    const seats = await call(t.app, 'GET', '/api/members/seats', undefined, admin.token);
    expect(seats.body).toEqual({ limit: 5, active: 1, pendingInvites: 1, planName: 'NGO Starter' });
    await givePlan(t, ngo, 'impact');
    expect((await call(t.app, 'GET', '/api/members/seats', undefined, admin.token)).body).toMatchObject({
      limit: 100,
      planName: 'NGO Impact',
    });
  });
});

describe('PATCH /api/members/{memberId}', () => {
  it('changes roles only at or below the changer’s own, for members not above them', async () => {
    const ngo = await createTestNgo(t, 'Rank Order');
    const ngoAdmin = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const admin = await createTestUser(t, { ngoId: ngo, role: 'ADMIN' });
    const staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });
    const patch = (who: TestUser, id: string, body: object) =>
      call(t.app, 'PATCH', `/api/members/${id}`, body, who.token);

    const promoted = await patch(ngoAdmin, staff.id, { role: 'NGO_ADMIN' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: staff.id, role: 'NGO_ADMIN', status: 'active' });
    expect(member.safeParse(promoted.body).success).toBe(true);

    const above = await patch(ngoAdmin, staff.id, { role: 'ADMIN' });
    expect(above.status).toBe(403);
    expect(above.body).toMatchObject({ code: 'role_not_assignable' });
    expect(above.body.message).toMatch(/NGO admin, Staff, Volunteer, Analyst, Viewer/);

    const higher = await patch(ngoAdmin, admin.id, { role: 'STAFF' });
    expect(higher.status).toBe(403);
    expect(higher.body).toMatchObject({ code: 'member_above_you' });
    expect((await userRow(t, admin.id))?.role).toBe('ADMIN');

    // An admin may give ADMIN; SUPER_ADMIN is never given here.
    expect((await patch(admin, staff.id, { role: 'ADMIN' })).body).toMatchObject({ role: 'ADMIN' });
    const superAdmin = await patch(admin, staff.id, { role: 'SUPER_ADMIN' });
    expect(superAdmin.status).toBe(400);
    expect(superAdmin.body.fields).toEqual({ role: 'Choose a role from the list.' });
    const empty = await patch(admin, staff.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('role');
  });

  it('refuses a change that would leave no active admin, and allows it with two', async () => {
    const ngo = await createTestNgo(t, 'Last Admin');
    const only = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN', name: 'Nadia' });
    const platform = await createTestUser(t, { ngoId: ngo, role: 'SUPER_ADMIN' });
    const staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });

    const demoted = await call(t.app, 'PATCH', `/api/members/${only.id}`, { role: 'STAFF' }, only.token);
    expect(demoted.status).toBe(409);
    expect(demoted.body).toMatchObject({ code: 'last_admin' });
    expect(demoted.body.message).toMatch(/^Nadia is the organisation's last active admin/);
    const deactivated = await call(
      t.app,
      'PATCH',
      `/api/members/${only.id}`,
      { status: 'deactivated' },
      platform.token,
    );
    expect(deactivated.status).toBe(409);
    expect(deactivated.body).toMatchObject({ code: 'last_admin' });
    const self = await call(t.app, 'PATCH', `/api/members/${only.id}`, { status: 'deactivated' }, only.token);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'cannot_deactivate_self' });
    expect(await userRow(t, only.id)).toMatchObject({
      role: 'NGO_ADMIN',
      status: 'active',
      sessionVersion: 1,
    });

    // A deactivated admin does not count; the legacy 'admin' spelling does.
    await t.db.update(usersTable).set({ role: 'ADMIN' }).where(eq(usersTable.id, staff.id));
    await t.db.update(usersTable).set({ status: 'deactivated' }).where(eq(usersTable.id, staff.id));
    expect(
      (await call(t.app, 'PATCH', `/api/members/${only.id}`, { role: 'STAFF' }, only.token)).status,
    ).toBe(409);
    await t.db.update(usersTable).set({ role: 'admin', status: 'active' }).where(eq(usersTable.id, staff.id));

    const ok = await call(t.app, 'PATCH', `/api/members/${only.id}`, { role: 'STAFF' }, only.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ role: 'STAFF' });
    // Now the legacy admin is the last one.
    const last = await call(
      t.app,
      'PATCH',
      `/api/members/${staff.id}`,
      { status: 'deactivated' },
      platform.token,
    );
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'last_admin' });
  });

  it('deactivation revokes a live session at once; sign-in is refused until reactivated', async () => {
    const ngo = await createTestNgo(t, 'Session Revokers');
    const admin = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF', email: 'leaver@revoke.test' });
    await setPassword(t, staff.id, 'correct-horse-battery');
    const signIn = () =>
      call(t.app, 'POST', '/api/auth/signin', { email: staff.email, password: 'correct-horse-battery' });

    expect((await call(t.app, 'GET', '/api/auth/me', undefined, staff.token)).status).toBe(200);
    const live = (await signIn()).body.token as string;
    expect((await call(t.app, 'GET', '/api/causes', undefined, live)).status).toBe(200);

    const off = await call(
      t.app,
      'PATCH',
      `/api/members/${staff.id}`,
      { status: 'deactivated' },
      admin.token,
      idem('deactivate-1'),
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: staff.id, status: 'deactivated' });
    for (const token of [staff.token, live]) {
      expect((await call(t.app, 'GET', '/api/auth/me', undefined, token)).status).toBe(401);
    }
    // Even a token of the current session version is refused while deactivated.
    const row = await userRow(t, staff.id);
    const current = await t.jwt.sign({ sub: staff.id, ngo, role: 'STAFF', sv: row!.sessionVersion });
    const refused = await call(t.app, 'GET', '/api/causes', undefined, current);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'account_deactivated' });

    const denied = await signIn();
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      message: "This account has been deactivated. Ask your organisation's admin to reactivate it.",
      code: 'account_deactivated',
    });
    // A wrong password still answers as any wrong password does.
    const wrong = await call(t.app, 'POST', '/api/auth/signin', {
      email: staff.email,
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);

    const on = await call(t.app, 'PATCH', `/api/members/${staff.id}`, { status: 'active' }, admin.token);
    expect(on.body).toMatchObject({ status: 'active' });
    const back = await signIn();
    expect(back.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', undefined, back.body.token as string)).status).toBe(200);
    // The tokens from before the deactivation stay revoked.
    expect((await call(t.app, 'GET', '/api/auth/me', undefined, live)).status).toBe(401);
  });

  it('counts reactivation against the member limit', async () => {
    const ngo = await createTestNgo(t, 'Full House');
    const admin = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    const gone = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });
    await call(t.app, 'PATCH', `/api/members/${gone.id}`, { status: 'deactivated' }, admin.token);
    for (let i = 0; i < 4; i++) await createTestUser(t, { ngoId: ngo, role: 'VIEWER' });
    const back = await call(t.app, 'PATCH', `/api/members/${gone.id}`, { status: 'active' }, admin.token);
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'member_limit_reached' });
    expect(back.body.message).toMatch(/^Your NGO Starter plan allows 5 members, and 5 seats are taken/);
    expect((await userRow(t, gone.id))?.status).toBe('deactivated');
    await givePlan(t, ngo, 'growth');
    expect(
      (await call(t.app, 'PATCH', `/api/members/${gone.id}`, { status: 'active' }, admin.token)).status,
    ).toBe(200);
  });
});
