import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';

let t: TestApp;
let users: Record<string, TestUser>;
let outsider: TestUser;

const body = {
  title: 'School meals in Gulu',
  story: 'Hot lunches for 300 pupils.',
  goalMinor: 5_000_000,
  currency: 'UGX',
  suggestedAmountsMinor: [20_000, 10_000, 20_000],
  status: 'published',
};

beforeAll(async () => {
  t = await createTestApp();
  const ngoId = await createTestNgo(t);
  users = await createUserPerRole(t, ngoId);
  outsider = await createTestUser(t, { ngoId: await createTestNgo(t, 'Other'), role: 'NGO_ADMIN' });
});
afterAll(() => t.close());

describe('causes', () => {
  it('lets NGO admins and staff create, and refuses every other role', async () => {
    for (const role of ['NGO_ADMIN', 'STAFF']) {
      const res = await call(t.app, 'POST', '/api/causes', body, users[role]!.token);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: body.title,
        raisedMinor: 0,
        donorCount: 0,
        suggestedAmountsMinor: [10_000, 20_000],
        recentDonations: [],
        status: 'published',
      });
      expect(res.body.id).toMatch(/^[0-9a-z]{26}$/);
    }
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'admin', 'VOLUNTEER', 'ANALYST', 'VIEWER']) {
      expect((await call(t.app, 'POST', '/api/causes', body, users[role]!.token)).status).toBe(403);
    }
    expect((await call(t.app, 'POST', '/api/causes', body)).status).toBe(401);
  });

  it('validates the body', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/causes',
      { ...body, title: ' ', goalMinor: -1, currency: 'NGN', imageUrl: 'javascript:x' },
      users.NGO_ADMIN!.token,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object).sort()).toEqual([
      'currency',
      'goalMinor',
      'imageUrl',
      'title',
    ]);
    const draft = await call(
      t.app,
      'POST',
      '/api/causes',
      { title: 'Draft', goalMinor: 100, currency: 'USD' },
      users.STAFF!.token,
    );
    expect(draft.body).toMatchObject({ status: 'draft', story: '', endDate: null, imageUrl: null });
  });

  it('lets every role of the NGO read, and hides causes from other NGOs', async () => {
    const created = await call(t.app, 'POST', '/api/causes', body, users.NGO_ADMIN!.token);
    const id = created.body.id as string;
    for (const role of ['VIEWER', 'VOLUNTEER', 'ANALYST', 'STAFF']) {
      const list = await call(t.app, 'GET', '/api/causes', undefined, users[role]!.token);
      expect(list.status).toBe(200);
      expect((list.body as unknown as { id: string }[]).some((c) => c.id === id)).toBe(true);
      expect((await call(t.app, 'GET', `/api/causes/${id}`, undefined, users[role]!.token)).status).toBe(200);
    }
    expect((await call(t.app, 'GET', '/api/causes', undefined, outsider.token)).body).toEqual([]);
    expect((await call(t.app, 'GET', `/api/causes/${id}`, undefined, outsider.token)).status).toBe(404);
    expect((await call(t.app, 'PATCH', `/api/causes/${id}`, { title: 'Mine' }, outsider.token)).status).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', `/api/causes/${id}`, undefined, outsider.token)).status).toBe(404);
  });

  it('lets a super-admin of another NGO read a cause by id, like its organisation, and change nothing (ADR 0020)', async () => {
    const created = await call(t.app, 'POST', '/api/causes', body, users.NGO_ADMIN!.token);
    const id = created.body.id as string;
    const ngoId = users.NGO_ADMIN!.ngoId;
    const elsewhere = await createTestNgo(t, 'Platform');
    const superAdmin = await createTestUser(t, { ngoId: elsewhere, role: 'SUPER_ADMIN' });
    const platformAdmin = await createTestUser(t, { ngoId: elsewhere, role: 'ADMIN' });
    // The same scope on every by-id read: the organisation, its members, its cause.
    for (const path of [`/api/ngos/${ngoId}`, `/api/ngos/${ngoId}/members`, `/api/causes/${id}`]) {
      expect((await call(t.app, 'GET', path, undefined, superAdmin.token)).status, path).toBe(200);
      expect((await call(t.app, 'GET', path, undefined, platformAdmin.token)).status, path).toBe(404);
    }
    expect((await call(t.app, 'GET', `/api/causes/${id}`, undefined, superAdmin.token)).body).toMatchObject({
      id,
      title: body.title,
    });
    // Lists and writes stay within the caller's own NGO.
    expect((await call(t.app, 'GET', '/api/causes', undefined, superAdmin.token)).body).toEqual([]);
    expect(
      (await call(t.app, 'PATCH', `/api/causes/${id}`, { title: 'Taken over' }, superAdmin.token)).status,
    ).toBeGreaterThanOrEqual(403);
    expect(
      (await call(t.app, 'DELETE', `/api/causes/${id}`, undefined, superAdmin.token)).status,
    ).toBeGreaterThanOrEqual(403);
    const after = await call(t.app, 'GET', `/api/causes/${id}`, undefined, users.NGO_ADMIN!.token);
    expect(after.body).toMatchObject({ title: body.title });
  });

  it('updates some fields, and the public view shows only published causes', async () => {
    const created = await call(t.app, 'POST', '/api/causes', body, users.NGO_ADMIN!.token);
    const id = created.body.id as string;
    const patched = await call(
      t.app,
      'PATCH',
      `/api/causes/${id}`,
      { status: 'draft', endDate: '2099-12-31' },
      users.STAFF!.token,
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'draft', endDate: '2099-12-31', title: body.title });
    expect((await call(t.app, 'GET', `/api/causes/${id}/public`)).status).toBe(404);
    await call(t.app, 'PATCH', `/api/causes/${id}`, { status: 'published' }, users.STAFF!.token);
    const pub = await call(t.app, 'GET', `/api/causes/${id}/public`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      title: body.title,
      ngoName: 'Test Relief',
      currency: 'UGX',
      acceptingDonations: true,
    });
    expect(pub.body).not.toHaveProperty('ngoId');
    expect(
      (await call(t.app, 'PATCH', `/api/causes/${id}`, { title: 'x' }, users.VIEWER!.token)).status,
    ).toBe(403);
  });

  it('deletes a cause without donations (NGO_ADMIN only) and keeps one that has some', async () => {
    const created = await call(t.app, 'POST', '/api/causes', body, users.NGO_ADMIN!.token);
    const id = created.body.id as string;
    expect((await call(t.app, 'DELETE', `/api/causes/${id}`, undefined, users.STAFF!.token)).status).toBe(
      403,
    );
    const donated = await call(t.app, 'POST', '/api/payments/flutterwave/checkout/donation', {
      causeId: id,
      amountMinor: 10_000,
    });
    expect(donated.status).toBe(201);
    expect((await call(t.app, 'DELETE', `/api/causes/${id}`, undefined, users.NGO_ADMIN!.token)).status).toBe(
      409,
    );
    expect(
      (await call(t.app, 'PATCH', `/api/causes/${id}`, { currency: 'USD' }, users.NGO_ADMIN!.token)).status,
    ).toBe(409);
    const spare = await call(t.app, 'POST', '/api/causes', body, users.NGO_ADMIN!.token);
    expect(
      (
        await call(
          t.app,
          'DELETE',
          `/api/causes/${spare.body.id as string}`,
          undefined,
          users.NGO_ADMIN!.token,
        )
      ).status,
    ).toBe(204);
  });
});
