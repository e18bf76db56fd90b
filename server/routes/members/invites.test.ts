import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInResponse } from '../../../contract/auth';
import { invite, inviteLookup, type Invite, type Member } from '../../../contract/members';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { invites, users as usersTable } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';
import {
  givePlan,
  insertInvite,
  inviteTokenMailedTo,
  mailCountTo,
  setPassword,
  userRow,
} from './members.testing';

let t: TestApp;

const PASSWORD = 'a-long-enough-password';
const lookup = (token: string) => call(t.app, 'GET', `/api/invites/lookup/${encodeURIComponent(token)}`);
const accept = (body: object, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/invites/accept', body, undefined, headers);
const inviteAs = (who: TestUser, email: string, role = 'VOLUNTEER', headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/invites', { email, role }, who.token, headers);
const invitesOf = async (who: TestUser) =>
  (await call(t.app, 'GET', '/api/invites?limit=100', undefined, who.token)).body as unknown as Invite[];

/** An NGO with its NGO admin (named), on the free plan unless given another. */
async function newNgo(name: string) {
  const ngoId = await createTestNgo(t, name);
  const admin = await createTestUser(t, { ngoId, role: 'NGO_ADMIN', name: `${name} Admin` });
  return { ngoId, admin };
}

beforeAll(async () => {
  t = await createTestApp({
    // Every request here comes from one address; the limit itself is tested with its own address.
    AUTH_RATE_LIMIT_PER_IP: '100',
    TRUST_PROXY: 'true',
  });
});
afterAll(() => t.close());

describe('the invitation lifecycle', () => {
  it('mails a link whose token looks up; accepting makes an account, signs in and lists the member', async () => {
    const { ngoId, admin } = await newNgo('Lifecycle Relief');
    const created = await inviteAs(admin, ' New.Person@Example.TEST ', 'STAFF', {
      'idempotency-key': 'invite-1',
    });
    expect(created.status).toBe(201);
    expect(invite.safeParse(created.body).success).toBe(true);
    expect(created.body).toMatchObject({
      email: 'new.person@example.test',
      role: 'STAFF',
      status: 'pending',
      invitedBy: 'Lifecycle Relief Admin',
    });
    const week = new Date(created.body.expiresAt as string).getTime() - Date.now();
    expect(week).toBeGreaterThan(6.9 * 86_400_000);
    expect(week).toBeLessThan(7.1 * 86_400_000);
    // The same Idempotency-Key replays the answer and mails nothing more.
    const replay = await inviteAs(admin, ' New.Person@Example.TEST ', 'STAFF', {
      'idempotency-key': 'invite-1',
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(created.body);
    expect(await mailCountTo(t, 'new.person@example.test')).toBe(1);

    const token = await inviteTokenMailedTo(t, 'new.person@example.test');
    // Only the digest is stored.
    const [row] = await t.db
      .select()
      .from(invites)
      .where(eq(invites.id, created.body.id as string));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const found = await lookup(token);
    expect(found.status).toBe(200);
    expect(inviteLookup.safeParse(found.body).success).toBe(true);
    expect(found.body).toEqual({
      ngoName: 'Lifecycle Relief',
      email: 'new.person@example.test',
      role: 'STAFF',
      accountExists: false,
    });

    const joined = await accept({ token, name: '  Nia Newcomer ', password: PASSWORD });
    expect(joined.status).toBe(200);
    expect(signInResponse.safeParse(joined.body).success).toBe(true);
    const user = joined.body.user as unknown as { id: string; role: string; ngoId: string; name: string };
    expect(user).toMatchObject({
      role: 'STAFF',
      ngoId,
      name: 'Nia Newcomer',
      email: 'new.person@example.test',
    });
    const me = await call(t.app, 'GET', '/api/auth/me', undefined, joined.body.token as string);
    expect(me.body).toMatchObject({ user: { id: user.id, emailVerified: true }, ngo: { id: ngoId } });
    // The new password signs in.
    const signIn = await call(t.app, 'POST', '/api/auth/signin', {
      email: 'new.person@example.test',
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);

    const members = (await call(t.app, 'GET', '/api/members', undefined, admin.token))
      .body as unknown as Member[];
    expect(members).toContainEqual(expect.objectContaining({ id: user.id, role: 'STAFF', status: 'active' }));
    expect(await invitesOf(admin)).toEqual([
      expect.objectContaining({ id: created.body.id, status: 'accepted' }),
    ]);

    // Single use.
    for (const again of [await lookup(token), await accept({ token, name: 'Again', password: PASSWORD })]) {
      expect(again.status).toBe(404);
      expect(again.body).toEqual({
        message: 'This invitation link is no longer valid. Ask for a new one.',
        code: 'invite_invalid',
      });
    }
    // Already a member now.
    const twice = await inviteAs(admin, 'new.person@example.test');
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'already_member' });
  });

  it('refreshes an open invitation rather than duplicating it; a resend invalidates the old link', async () => {
    const { admin } = await newNgo('Resend Trust');
    const first = await inviteAs(admin, 'twice@resend.test', 'VIEWER');
    const oldToken = await inviteTokenMailedTo(t, 'twice@resend.test');
    const again = await inviteAs(admin, 'twice@resend.test', 'STAFF');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, role: 'STAFF', status: 'pending' });
    const midToken = await inviteTokenMailedTo(t, 'twice@resend.test');
    expect(midToken).not.toBe(oldToken);
    expect((await lookup(oldToken)).status).toBe(404);

    const resent = await call(
      t.app,
      'POST',
      `/api/invites/${first.body.id as string}/resend`,
      undefined,
      admin.token,
    );
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: first.body.id, status: 'pending', role: 'STAFF' });
    const newToken = await inviteTokenMailedTo(t, 'twice@resend.test');
    expect(await mailCountTo(t, 'twice@resend.test')).toBe(3);
    expect((await lookup(midToken)).status).toBe(404);
    expect((await lookup(newToken)).body).toMatchObject({ role: 'STAFF' });
    expect(await invitesOf(admin)).toHaveLength(1);
  });

  it('revoking stops the link; an expired link is invalid too, and a resend revives it', async () => {
    const { admin } = await newNgo('Revoke Fund');
    const revoked = await inviteAs(admin, 'revoked@revoke.test');
    const revokedToken = await inviteTokenMailedTo(t, 'revoked@revoke.test');
    const id = revoked.body.id as string;
    expect((await call(t.app, 'DELETE', `/api/invites/${id}`, undefined, admin.token)).status).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/invites/${id}`, undefined, admin.token)).status).toBe(204);
    expect((await lookup(revokedToken)).status).toBe(404);
    expect((await accept({ token: revokedToken, name: 'Late', password: PASSWORD })).status).toBe(404);
    const resend = await call(t.app, 'POST', `/api/invites/${id}/resend`, undefined, admin.token);
    expect(resend.status).toBe(409);

    const expired = await inviteAs(admin, 'expired@revoke.test');
    const expiredToken = await inviteTokenMailedTo(t, 'expired@revoke.test');
    await t.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, expired.body.id as string));
    expect((await lookup(expiredToken)).body).toMatchObject({ code: 'invite_invalid' });
    expect((await accept({ token: expiredToken, name: 'Late', password: PASSWORD })).status).toBe(404);
    const listed = await invitesOf(admin);
    expect(listed.map((i) => [i.email, i.status])).toEqual([
      ['expired@revoke.test', 'expired'],
      ['revoked@revoke.test', 'revoked'],
    ]);
    const revived = await call(
      t.app,
      'POST',
      `/api/invites/${expired.body.id as string}/resend`,
      undefined,
      admin.token,
    );
    expect(revived.body).toMatchObject({ status: 'pending' });
    expect((await lookup(await inviteTokenMailedTo(t, 'expired@revoke.test'))).status).toBe(200);

    // An accepted invitation can be neither revoked nor resent.
    const taken = await inviteAs(admin, 'taken@revoke.test');
    await accept({
      token: await inviteTokenMailedTo(t, 'taken@revoke.test'),
      name: 'Taken',
      password: PASSWORD,
    });
    const takenId = taken.body.id as string;
    expect((await call(t.app, 'DELETE', `/api/invites/${takenId}`, undefined, admin.token)).status).toBe(409);
    expect((await call(t.app, 'POST', `/api/invites/${takenId}/resend`, undefined, admin.token)).status).toBe(
      409,
    );
  });

  it('joins with an existing account: a wrong password is 401, the right one moves it and ends its old sessions', async () => {
    const from = await newNgo('Old Home');
    const mover = await createTestUser(t, { ngoId: from.ngoId, role: 'STAFF', email: 'mover@move.test' });
    await setPassword(t, mover.id, PASSWORD);
    const to = await newNgo('New Home');
    await inviteAs(to.admin, 'mover@move.test', 'ANALYST');
    const token = await inviteTokenMailedTo(t, 'mover@move.test');
    expect((await lookup(token)).body).toMatchObject({ accountExists: true, ngoName: 'New Home' });

    const wrong = await accept({ token, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Incorrect email or password.', code: 'invalid_credentials' });
    // A name is not needed, and a password shorter than sign-up's rule is only a wrong password here.
    expect((await accept({ token, password: 'short' })).status).toBe(401);

    const joined = await accept({ token, password: PASSWORD, name: 'Ignored Name' });
    expect(joined.status).toBe(200);
    expect(joined.body.user).toEqual({
      id: mover.id,
      role: 'ANALYST',
      name: mover.name,
      email: 'mover@move.test',
      ngoId: to.ngoId,
    });
    expect((await call(t.app, 'GET', '/api/auth/me', undefined, mover.token)).status).toBe(401);
    const me = await call(t.app, 'GET', '/api/auth/me', undefined, joined.body.token as string);
    expect(me.body).toMatchObject({ ngo: { id: to.ngoId, name: 'New Home' } });
    const oldList = (await call(t.app, 'GET', '/api/members', undefined, from.admin.token))
      .body as unknown as Member[];
    expect(oldList.map((m) => m.id)).not.toContain(mover.id);
  });

  it('refuses to move the last active admin of another NGO', async () => {
    const from = await newNgo('Solo Admin');
    await setPassword(t, from.admin.id, PASSWORD);
    const to = await newNgo('Tempting Offer');
    await inviteAs(to.admin, from.admin.email, 'STAFF');
    const token = await inviteTokenMailedTo(t, from.admin.email);
    const refused = await accept({ token, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'last_admin' });
    expect(refused.body.message).toMatch(/last active admin of Solo Admin/);
    expect(await userRow(t, from.admin.id)).toMatchObject({ ngoId: from.ngoId, role: 'NGO_ADMIN' });
    // Nothing was used up: with a second admin there, the same link works.
    await createTestUser(t, { ngoId: from.ngoId, role: 'ADMIN' });
    expect((await accept({ token, password: PASSWORD })).status).toBe(200);
  });

  it('a deactivated member invited back is reactivated with the new role', async () => {
    const { ngoId, admin } = await newNgo('Welcome Back');
    const former = await createTestUser(t, { ngoId, role: 'STAFF', email: 'former@back.test' });
    await setPassword(t, former.id, PASSWORD);
    await call(t.app, 'PATCH', `/api/members/${former.id}`, { status: 'deactivated' }, admin.token);
    await inviteAs(admin, 'former@back.test', 'VIEWER');
    const joined = await accept({
      token: await inviteTokenMailedTo(t, 'former@back.test'),
      password: PASSWORD,
    });
    expect(joined.status).toBe(200);
    expect(await userRow(t, former.id)).toMatchObject({ status: 'active', role: 'VIEWER', ngoId });
  });
});

describe('invitation input and ranks', () => {
  it('refuses bad input with field messages', async () => {
    const { admin } = await newNgo('Validators');
    const bad = await call(
      t.app,
      'POST',
      '/api/invites',
      { email: 'not-an-email', role: 'KING' },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      email: 'Enter a valid email address.',
      role: 'Choose a role from the list.',
    });
    expect((await call(t.app, 'POST', '/api/invites', {}, admin.token)).body.fields).toEqual({
      email: 'Email is required.',
      role: 'Choose a role from the list.',
    });

    await inviteAs(admin, 'fresh@validators.test');
    const token = await inviteTokenMailedTo(t, 'fresh@validators.test');
    const noName = await accept({ token, password: PASSWORD });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ code: 'validation_failed', fields: { name: 'Name is required.' } });
    const longName = await accept({ token, password: PASSWORD, name: 'x'.repeat(1000) });
    expect(longName.status).toBe(400);
    expect(longName.body.fields).toEqual({ name: 'Name is too long.' });
    const shortPassword = await accept({ token, password: 'short', name: 'Fresh' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.fields).toEqual({ password: 'Password must be at least 8 characters.' });
    expect((await accept({ token: 'short', password: PASSWORD, name: 'Fresh' })).body.fields).toEqual({
      token: 'The link is invalid.',
    });
    expect((await lookup('short')).status).toBe(400);
    // None of that used the link.
    expect((await lookup(token)).status).toBe(200);
  });

  it('gives only roles at or below the inviter’s own, and so resends and revokes', async () => {
    const { ngoId, admin } = await newNgo('Rank Keepers');
    const above = await inviteAs(admin, 'boss@rank.test', 'ADMIN');
    expect(above.status).toBe(403);
    expect(above.body).toMatchObject({ code: 'role_not_assignable' });
    expect(await mailCountTo(t, 'boss@rank.test')).toBe(0);
    const platformAdmin = await createTestUser(t, { ngoId, role: 'ADMIN' });
    const byAdmin = await inviteAs(platformAdmin, 'boss@rank.test', 'ADMIN');
    expect(byAdmin.status).toBe(201);
    const id = byAdmin.body.id as string;
    expect((await call(t.app, 'POST', `/api/invites/${id}/resend`, undefined, admin.token)).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/invites/${id}`, undefined, admin.token)).status).toBe(403);
    expect((await inviteAs(platformAdmin, 'sa@rank.test', 'SUPER_ADMIN')).status).toBe(400);
  });

  it('pages the invitations newest first', async () => {
    const { admin } = await newNgo('Many Invites');
    await givePlan(t, admin.ngoId, 'growth');
    for (let i = 0; i < 5; i++) await inviteAs(admin, `p${i}@pages.test`);
    const whole = await invitesOf(admin);
    expect(whole.map((i) => i.email)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0'].map((p) => `${p}@pages.test`));
    const walked: Invite[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        t.app,
        'GET',
        `/api/invites?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        undefined,
        admin.token,
      );
      walked.push(...(res.body as unknown as Invite[]));
      cursor = res.headers.get(NEXT_CURSOR_HEADER);
    } while (cursor);
    expect(walked).toEqual(whole);
  });

  it('rate-limits the public endpoints per address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    let last = { status: 0, headers: new Headers() };
    for (let i = 0; i <= 100; i++) {
      last = await call(
        t.app,
        'GET',
        '/api/invites/lookup/not-a-real-token-at-all',
        undefined,
        undefined,
        from,
      );
      if (i < 100) expect(last.status).toBe(404);
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await lookup('not-a-real-token-at-all')).status).toBe(404);
  });
});

describe('the member limit', () => {
  it('lets exactly one of 10 concurrent accepts take the last seat; the rest are 409 and write nothing', async () => {
    const { ngoId, admin } = await newNgo('Crowded Starter');
    for (let i = 0; i < 3; i++) await createTestUser(t, { ngoId, role: 'VIEWER' });
    // 4 active members; 10 invitations, as a plan downgraded after sending them would leave.
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await insertInvite(t, ngoId, `crowd${i}@limit.test`));
    const answers = await Promise.all(
      tokens.map((token, i) => accept({ token, name: `Crowd ${i}`, password: PASSWORD })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(refused.body).toMatchObject({ code: 'member_limit_reached' });
      expect(refused.body.message).toMatch(
        /Crowded Starter has reached its NGO Starter plan's limit of 5 members/,
      );
    }
    const seats = await call(t.app, 'GET', '/api/members/seats', undefined, admin.token);
    expect(seats.body).toEqual({ limit: 5, active: 5, pendingInvites: 9, planName: 'NGO Starter' });
    expect(await t.db.$count(usersTable, eq(usersTable.ngoId, ngoId))).toBe(5);

    // Full: inviting says so, naming the plan and pointing to it.
    const more = await inviteAs(admin, 'one.more@limit.test');
    expect(more.status).toBe(409);
    expect(more.body).toEqual({
      code: 'member_limit_reached',
      message:
        'Your NGO Starter plan allows 5 members, and 14 seats are taken (members and pending invitations). ' +
        'Choose a bigger plan in Account Settings (Choose a plan), or revoke a pending invitation.',
    });
    expect(await mailCountTo(t, 'one.more@limit.test')).toBe(0);
  });

  it('counts pending invitations as seats when inviting, and frees them when revoked', async () => {
    const { ngoId, admin } = await newNgo('Counting Seats');
    for (let i = 0; i < 3; i++) await createTestUser(t, { ngoId, role: 'VIEWER' });
    const fifth = await inviteAs(admin, 'fifth@seats.test');
    expect(fifth.status).toBe(201);
    const sixth = await inviteAs(admin, 'sixth@seats.test');
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toMatch(/^Your NGO Starter plan allows 5 members, and 5 seats are taken/);
    // Refreshing the pending one takes no new seat.
    expect((await inviteAs(admin, 'fifth@seats.test')).status).toBe(201);
    await call(t.app, 'DELETE', `/api/invites/${fifth.body.id as string}`, undefined, admin.token);
    expect((await inviteAs(admin, 'sixth@seats.test')).status).toBe(201);
    // A bigger plan, more seats.
    await givePlan(t, ngoId, 'growth');
    expect((await inviteAs(admin, 'seventh@seats.test')).status).toBe(201);
  });

  it('lets one link be used once under concurrency', async () => {
    const { ngoId } = await newNgo('Single Use');
    const token = await insertInvite(t, ngoId, 'race@once.test');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => accept({ token, name: `Racer ${i}`, password: PASSWORD })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await t.db.$count(usersTable, eq(usersTable.email, 'race@once.test'))).toBe(1);
  });
});
