import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../contract/roles';
import { PHONE_MESSAGE } from '../../../contract/phone';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../testing/users';

/* /api/me/phone: each member's own number for text messages, normalised to E.164. */

let t: TestApp;
let ngoId: string;
let ada: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ngoId = await createTestNgo(t, 'Phone Relief');
  ada = await createTestUser(t, { ngoId, role: 'STAFF', name: 'Ada Mukamana' });
  ben = await createTestUser(t, { ngoId, role: 'VOLUNTEER', name: 'Ben Habimana' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, user: TestUser | null, body?: unknown) =>
  t.app.request('/api/me/phone', {
    method,
    headers: {
      ...(user && { authorization: `Bearer ${user.token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const stored = async (user: TestUser) =>
  (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id)))[0]?.phone;

describe('/api/me/phone', () => {
  it('starts with no number, and refuses a caller without a token', async () => {
    const answer = await call('GET', ada);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ phone: null });
    expect((await call('GET', null)).status).toBe(401);
    expect((await call('PUT', null, { phone: '+250788123456' })).status).toBe(401);
    expect((await call('DELETE', null)).status).toBe(401);
  });

  it.each([
    ['+250788123456', '+250788123456'],
    ['+250 788 123 456', '+250788123456'],
    ['+250-788-123-456', '+250788123456'],
    ['(+250) 788 123 456', '+250788123456'],
    ['0788 123 456', '+250788123456'],
    ['0788-123-456', '+250788123456'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('keeps %s as %s', async (typed, phone) => {
    const answer = await call('PUT', ada, { phone: typed });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ phone });
    expect(await stored(ada)).toBe(phone);
    expect(await (await call('GET', ada)).json()).toEqual({ phone });
  });

  it.each([
    ['no country code', '788123456'],
    ['digits without the plus', '250788123456'],
    ['a national number of the wrong length', '078812345'],
    ['a country code starting with 0', '+0788123456'],
    ['too short', '+2507881'],
    ['too long', '+2507881234567890'],
    ['letters', '+250 788 CALL ME'],
    ['dots', '+250.788.123.456'],
    ['empty', ''],
    ['very long', `+${'1'.repeat(200)}`],
  ])('refuses %s with a field message, keeping the number', async (_case, phone) => {
    await call('PUT', ben, { phone: '+250722000111' });
    const answer = await call('PUT', ben, { phone });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { message: string; fields: Record<string, string> };
    expect(body.fields).toEqual({ phone: PHONE_MESSAGE });
    expect(await stored(ben)).toBe('+250722000111');
  });

  it('refuses a body without a phone, or not text', async () => {
    for (const body of [{}, { phone: 250788123456 }, { phone: null }]) {
      const answer = await call('PUT', ben, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await answer.json()) as { fields: object }).fields)).toEqual(['phone']);
    }
  });

  it('removes the number, and touches only the caller’s own row', async () => {
    await call('PUT', ada, { phone: '+250788123456' });
    await call('PUT', ben, { phone: '+250722000111' });
    const removed = await call('DELETE', ada);
    expect(removed.status).toBe(204);
    expect(await stored(ada)).toBeNull();
    expect(await (await call('GET', ada)).json()).toEqual({ phone: null });
    expect(await stored(ben)).toBe('+250722000111');
    // Removing again is fine.
    expect((await call('DELETE', ada)).status).toBe(204);
  });

  it('lets every role keep a number', async () => {
    for (const role of [...roles, 'admin']) {
      const user = await createTestUser(t, { ngoId, role });
      expect((await call('PUT', user, { phone: '0788 000 111' })).status, role).toBe(200);
      expect(await (await call('GET', user)).json(), role).toEqual({ phone: '+250788000111' });
      expect((await call('DELETE', user)).status, role).toBe(204);
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const spec = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(spec.paths['/api/me/phone'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
  });
});
