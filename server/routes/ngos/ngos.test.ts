import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ngoDetail, ngoMembers } from '../../../contract/ngos';
import { ngos, users } from '../../db/schema';
import { newId } from '../../services/ids';
import { call, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const ngoA = { id: newId(), name: 'Alpha Relief', country: 'Rwanda' };
const ngoB = { id: newId(), name: 'Bravo Aid', country: 'Kenya' };
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$never-leak-this';

async function addUser(ngoId: string, key: string, name: string, role: string, verified = true) {
  const id = newId();
  ids[key] = id;
  await t.db.insert(users).values({
    id,
    ngoId,
    name,
    email: `${key}@ngos.test`,
    passwordHash: SECRET_HASH,
    role,
    emailVerifiedAt: verified ? new Date() : null,
    createdAt: new Date('2025-06-01T12:00:00.000Z'),
  });
  tokens[key] = await t.jwt.sign({ sub: id, ngo: ngoId, role, sv: 1 });
}

const get = (path: string, key?: string) =>
  call(t.app, 'GET', path, undefined, key === undefined ? undefined : tokens[key]);

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(ngos).values([
    { ...ngoA, plan: 'starter', createdAt: new Date('2025-01-02T03:04:05.000Z') },
    { ...ngoB, plan: 'pro' },
  ]);
  // Inserted out of order, with mixed case, to check the name ordering.
  await addUser(ngoA.id, 'a-staff', 'charlie Staff', 'STAFF');
  await addUser(ngoA.id, 'a-admin', 'Bella Admin', 'NGO_ADMIN');
  await addUser(ngoA.id, 'a-volunteer', 'Victor Volunteer', 'VOLUNTEER', false);
  await addUser(ngoA.id, 'a-viewer', 'alice Viewer', 'VIEWER');
  await addUser(ngoA.id, 'a-legacy', 'Dan Legacy', 'admin');
  await addUser(ngoA.id, 'a-super', 'Zed Super', 'SUPER_ADMIN');
  await addUser(ngoB.id, 'b-admin', 'Bravo Boss', 'NGO_ADMIN');
  await addUser(ngoB.id, 'b-staff', 'Bravo Staffer', 'STAFF');
  // Deactivated (staff management): never counted nor listed as a member.
  await addUser(ngoB.id, 'b-former', 'Bravo Former', 'STAFF');
  await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.email, 'b-former@ngos.test'));
});
afterAll(() => t.close());

describe('GET /api/ngos/{ngoId}', () => {
  it("answers the caller's organisation with its member count", async () => {
    const res = await get(`/api/ngos/${ngoA.id}`, 'a-staff');
    expect(res.status).toBe(200);
    expect(ngoDetail.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({
      id: ngoA.id,
      name: 'Alpha Relief',
      plan: 'starter',
      country: 'Rwanda',
      createdAt: '2025-01-02T03:04:05.000Z',
      memberCount: 6,
    });
  });

  it('is readable by volunteers', async () => {
    const res = await get(`/api/ngos/${ngoA.id}`, 'a-volunteer');
    expect(res.status).toBe(200);
  });

  it('answers another organisation exactly like a missing one', async () => {
    const other = await get(`/api/ngos/${ngoB.id}`, 'a-admin');
    const missing = await get(`/api/ngos/${newId()}`, 'a-admin');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Organisation not found.', code: 'not_found' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(other.body);
  });

  it('lets a SUPER_ADMIN read any organisation', async () => {
    const res = await get(`/api/ngos/${ngoB.id}`, 'a-super');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ngoB.id, name: 'Bravo Aid', plan: 'pro', memberCount: 2 });
    expect((await get(`/api/ngos/${newId()}`, 'a-super')).status).toBe(404);
  });

  it('answers 401 without a token, before looking at the id', async () => {
    expect((await get(`/api/ngos/${ngoA.id}`)).status).toBe(401);
    expect((await get('/api/ngos/not-an-id')).status).toBe(401);
  });

  it.each([['not-an-id'], [ngoA.id.toUpperCase()], [ngoA.id.slice(1)], [`${ngoA.id}0`]])(
    'rejects the malformed id %s with 400 and the field',
    async (bad) => {
      const res = await get(`/api/ngos/${encodeURIComponent(bad)}`, 'a-admin');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', fields: { ngoId: expect.any(String) } });
    },
  );
});

describe('GET /api/ngos/{ngoId}/members', () => {
  it('lists the members ordered by name, without password hashes', async () => {
    const res = await get(`/api/ngos/${ngoA.id}/members`, 'a-admin');
    expect(res.status).toBe(200);
    expect(ngoMembers.safeParse(res.body).success).toBe(true);
    const members = res.body as unknown as Array<Record<string, unknown>>;
    expect(members.map((m) => m.name)).toEqual([
      'alice Viewer',
      'Bella Admin',
      'charlie Staff',
      'Dan Legacy',
      'Victor Volunteer',
      'Zed Super',
    ]);
    expect(members.find((m) => m.name === 'Victor Volunteer')).toEqual({
      id: ids['a-volunteer'],
      name: 'Victor Volunteer',
      email: 'a-volunteer@ngos.test',
      role: 'VOLUNTEER',
      emailVerified: false,
      createdAt: '2025-06-01T12:00:00.000Z',
    });
    expect(members.find((m) => m.name === 'Dan Legacy')).toMatchObject({
      role: 'ADMIN',
      emailVerified: true,
    });
    for (const m of members) expect(Object.keys(m).sort()).toEqual(Object.keys(members[0] ?? {}).sort());
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('is closed to volunteers (403)', async () => {
    const res = await get(`/api/ngos/${ngoA.id}/members`, 'a-volunteer');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', message: expect.any(String) });
  });

  it('is open to viewers', async () => {
    expect((await get(`/api/ngos/${ngoA.id}/members`, 'a-viewer')).status).toBe(200);
  });

  it("never shows another organisation's members", async () => {
    const res = await get(`/api/ngos/${ngoB.id}/members`, 'a-admin');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Organisation not found.', code: 'not_found' });
    expect(JSON.stringify(res.body)).not.toContain('Bravo');
    const mine = await get(`/api/ngos/${ngoB.id}/members`, 'b-staff');
    expect((mine.body as unknown as Array<{ name: string }>).map((m) => m.name)).toEqual([
      'Bravo Boss',
      'Bravo Staffer',
    ]);
  });

  it('lets a SUPER_ADMIN list any organisation, and 404s a missing one', async () => {
    const res = await get(`/api/ngos/${ngoB.id}/members`, 'a-super');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const missing = await get(`/api/ngos/${newId()}/members`, 'a-super');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Organisation not found.', code: 'not_found' });
  });

  it('answers 401 without a token and 400 for a malformed id', async () => {
    expect((await get(`/api/ngos/${ngoA.id}/members`)).status).toBe(401);
    const bad = await get('/api/ngos/NOT_AN_ID/members', 'a-admin');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', fields: { ngoId: expect.any(String) } });
  });
});
