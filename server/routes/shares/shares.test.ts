import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../../contract/permissions';
import { roles } from '../../../contract/roles';
import { fileShares } from '../../db/schema';
import { storeFileAs } from '../../testing/files';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createUserPerRole, type TestUser } from '../../testing/users';
import { tokenHashOf } from './shares.service';

let t: TestApp;
let members: Record<string, TestUser>;
let outsider: Record<string, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  members = await createUserPerRole(t, await createTestNgo(t, 'Sharing Relief'));
  outsider = await createUserPerRole(t, await createTestNgo(t, 'Other Relief'));
});
afterAll(() => t.close());

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

async function share(user: TestUser, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/shares', body, user.token);
}

/** The path of the public page in a created link's `url`, and its token. */
function pageOf(url: unknown) {
  const { pathname } = new URL(String(url));
  return { path: pathname, token: pathname.split('/')[2]! };
}

/** A visitor with no account: no Authorization header. */
async function visit(path: string, init: RequestInit = {}) {
  const res = await t.app.request(path, init);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const postPassword = (path: string, password: string, headers: Record<string, string> = {}) =>
  visit(`${path}/download`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ password }).toString(),
  });

describe('a share link', () => {
  it('lets a visitor without an account open the page and download the file, counting each download', async () => {
    const file = await storeFileAs(t, members.STAFF!, 'field report.csv', 'site,visits\nGasabo,12\n');
    const res = await share(members.STAFF!, { fileId: file.id, expiresAt: inAWeek() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fileId: file.id,
      createdBy: members.STAFF!.id,
      hasPassword: false,
      downloads: 0,
      revokedAt: null,
    });
    const { path, token } = pageOf(res.body.url);
    expect(path).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    expect(new URL(String(res.body.url)).origin).toBe('http://localhost:3000');

    const page = await visit(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = page.bytes.toString();
    expect(html).toContain('field report.csv');
    expect(html).toContain('Sharing Relief shared a file with you');
    expect(html).toContain(`href="/s/${token}/download"`);
    expect(html).not.toMatch(/<script/i);

    const first = await visit(`${path}/download`);
    expect(first.status).toBe(200);
    expect(first.bytes.toString()).toBe('site,visits\nGasabo,12\n');
    expect(first.headers.get('content-disposition')).toContain('attachment');
    // Resuming a download (a range past byte 0) is the same download, not another.
    const resumed = await visit(`${path}/download`, { headers: { range: 'bytes=5-' } });
    expect(resumed.status).toBe(206);
    await visit(`${path}/download`);

    const list = await call(t.app, 'GET', `/api/shares?fileId=${file.id}`, undefined, members.STAFF!.token);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: res.body.id, downloads: 2, hasPassword: false });
    expect((list.body[0] as { lastDownloadAt: unknown }).lastDownloadAt).toEqual(expect.any(String));
    // The token is never listed, and only its hash is stored.
    expect(JSON.stringify(list.body)).not.toContain(token);
    const [row] = await t.db
      .select()
      .from(fileShares)
      .where(eq(fileShares.id, String(res.body.id)));
    expect(row!.tokenHash).toBe(tokenHashOf(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('asks for its password: a wrong one is refused on the page, the right one downloads, guessing is stopped', async () => {
    const file = await storeFileAs(t, members.VOLUNTEER!, 'evidence.txt', 'photos of the well');
    const res = await share(members.VOLUNTEER!, { fileId: file.id, password: 'umuganda-2026' });
    expect(res.status).toBe(201);
    expect(res.body.hasPassword).toBe(true);
    const { path } = pageOf(res.body.url);

    const page = (await visit(path)).bytes.toString();
    expect(page).toContain('<form method="post"');
    expect(page).toContain('type="password"');
    // The address alone never downloads a link with a password: it goes back to the form.
    const direct = await visit(`${path}/download`, { redirect: 'manual' });
    expect(direct.status).toBe(303);
    expect(direct.headers.get('location')).toBe(path);

    const wrong = await postPassword(path, 'umuganda-2025');
    expect(wrong.status).toBe(401);
    expect(wrong.bytes.toString()).toContain('That password is not right.');
    // A page, under the site's policy (its styles apply), not the file's sandbox.
    expect(wrong.headers.get('content-security-policy')).not.toContain('sandbox');
    expect((await postPassword(path, '')).status).toBe(401);

    // A hostile body is refused before it is read whole, and downloads nothing.
    const huge = await visit(`${path}/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `password=${'x'.repeat(100_000)}`,
    });
    expect(huge.status).toBe(413);

    const right = await postPassword(path, 'umuganda-2026');
    expect(right.status).toBe(200);
    expect(right.bytes.toString()).toBe('photos of the well');
    expect(right.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");

    const [row] = await t.db
      .select()
      .from(fileShares)
      .where(eq(fileShares.id, String(res.body.id)));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.downloads).toBe(1);

    // Ten tries per 15 minutes from one address (two used above, one good): then 429, even the right one.
    const from = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 7; i++) expect((await postPassword(path, `guess-${i}`, from)).status).toBe(401);
    const stopped = await postPassword(path, 'umuganda-2026', from);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stopped.bytes.toString()).toContain('Too many wrong passwords');
  });

  it('stops opening when it ends, when revoked and when its file goes to the trash, all alike', async () => {
    const owner = members.STAFF!;
    const gone = async (path: string) => {
      const page = await visit(path);
      expect(page.status).toBe(404);
      expect(page.bytes.toString()).toContain('This link is not available');
      expect((await visit(`${path}/download`)).status).toBe(404);
    };

    const ending = await storeFileAs(t, owner, 'ending.txt', 'soon gone');
    const ended = await share(owner, { fileId: ending.id, expiresAt: inAWeek() });
    await t.db
      .update(fileShares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(fileShares.id, String(ended.body.id)));
    await gone(pageOf(ended.body.url).path);

    const revoking = await storeFileAs(t, owner, 'revoked.txt', 'no longer shared');
    const revoked = await share(owner, { fileId: revoking.id });
    const { path } = pageOf(revoked.body.url);
    expect((await visit(`${path}/download`)).status).toBe(200);
    const res = await call(t.app, 'DELETE', `/api/shares/${String(revoked.body.id)}`, undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.revokedAt).toEqual(expect.any(String));
    await gone(path);
    // Revoking again changes nothing.
    const again = await call(
      t.app,
      'DELETE',
      `/api/shares/${String(revoked.body.id)}`,
      undefined,
      owner.token,
    );
    expect(again.body.revokedAt).toBe(res.body.revokedAt);

    const trashing = await storeFileAs(t, owner, 'trashed.txt', 'in the bin');
    const trashedLink = await share(owner, { fileId: trashing.id });
    expect((await call(t.app, 'DELETE', `/api/files/${trashing.id}`, undefined, owner.token)).status).toBe(
      200,
    );
    await gone(pageOf(trashedLink.body.url).path);
    // A file in the trash cannot be shared anew either.
    expect((await share(owner, { fileId: trashing.id })).status).toBe(404);

    await gone('/s/not-a-token');
    await gone(`/s/${'A'.repeat(43)}`);
  });

  it('serves an uploaded HTML page inert: an attachment under a sandbox CSP', async () => {
    const file = await storeFileAs(
      t,
      members.STAFF!,
      'page.html',
      '<!doctype html><script>alert(1)</script>',
    );
    const { path } = pageOf((await share(members.STAFF!, { fileId: file.id })).body.url);
    const res = await visit(`${path}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const file = await storeFileAs(t, members.STAFF!, 'input.txt', 'x');
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { fileId: file.id, expiresAt: new Date(Date.now() - 60_000).toISOString() },
        'expiresAt',
        'in the future',
      ],
      [
        { fileId: file.id, expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        'expiresAt',
        '366 days',
      ],
      [{ fileId: file.id, expiresAt: 'next week' }, 'expiresAt', 'ISO 8601'],
      [{ fileId: file.id, password: 'abc' }, 'password', 'at least 6'],
      [{ fileId: file.id, password: 'x'.repeat(201) }, 'password', 'too long'],
      [{}, 'fileId', 'required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await share(members.STAFF!, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.fields as Record<string, string>)[field], field).toContain(message);
    }
    const list = await call(t.app, 'GET', `/api/shares?fileId=${file.id}`, undefined, members.STAFF!.token);
    expect(list.body).toEqual([]);
  });
});

describe('who may share (every role, two NGOs)', () => {
  it('lets the roles that add files share their NGO’s files; readers get 403, everyone else’s NGO 404', async () => {
    const file = await storeFileAs(t, members.STAFF!, 'matrix.txt', 'matrix');
    for (const role of [...roles, 'admin']) {
      const mine = await share(members[role]!, { fileId: file.id });
      expect(mine.status, role).toBe(can(role, 'files:share') ? 201 : 403);
      const listed = await call(
        t.app,
        'GET',
        `/api/shares?fileId=${file.id}`,
        undefined,
        members[role]!.token,
      );
      expect(listed.status, role).toBe(can(role, 'files:share') ? 200 : 403);
      // Another NGO's file is not found, whatever the role (SUPER_ADMIN included: writes are its own NGO's).
      const theirs = await share(outsider[role]!, { fileId: file.id });
      expect(theirs.status, `${role} of another NGO`).toBe(can(role, 'files:share') ? 404 : 403);
    }
    expect((await call(t.app, 'POST', '/api/shares', { fileId: file.id })).status).toBe(401);
  });

  it('lets a link’s maker and the NGO’s admins revoke it; other members get 403, other NGOs 404', async () => {
    const file = await storeFileAs(t, members.VOLUNTEER!, 'revoke-matrix.txt', 'r');
    for (const role of [...roles, 'admin']) {
      if (!can(role, 'files:share')) continue;
      const link = await share(members.VOLUNTEER!, { fileId: file.id });
      const id = String(link.body.id);
      const other = await call(t.app, 'DELETE', `/api/shares/${id}`, undefined, outsider[role]!.token);
      expect(other.status, `${role} of another NGO`).toBe(404);
      const res = await call(t.app, 'DELETE', `/api/shares/${id}`, undefined, members[role]!.token);
      const allowed = role === 'VOLUNTEER' || can(role, 'files:manage');
      expect(res.status, role).toBe(allowed ? 200 : 403);
    }
    const link = await share(members.VOLUNTEER!, { fileId: file.id });
    const viewer = await call(
      t.app,
      'DELETE',
      `/api/shares/${String(link.body.id)}`,
      undefined,
      members.VIEWER!.token,
    );
    expect(viewer.status).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it('documents the share routes', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as unknown as {
      paths: Record<string, object>;
    };
    expect(Object.keys(doc.paths['/api/shares']!)).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/shares/{shareId}']!)).toContain('delete');
  });
});
