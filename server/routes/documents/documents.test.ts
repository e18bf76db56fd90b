import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentBulkResult, issuedDocument, type IssuedDocument } from '../../../contract/documents';
import { NEXT_CURSOR_HEADER } from '../../../contract/paging';
import { roles } from '../../../contract/roles';
import { activityReports, auditLog, users, volunteerDocuments } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { insertReport, issue } from './documents.testing';

let t: TestApp;
let ngoA: string;
let a: Record<string, TestUser>;
let b: Record<string, TestUser>;
/** A second volunteer of NGO A. */
let vol2: TestUser;
/** A certificate of a.VOLUNTEER; one of vol2; one of NGO B's volunteer. */
let aDoc: IssuedDocument;
let vol2Doc: IssuedDocument;
let bDoc: IssuedDocument;

const everyRole = [...roles, 'admin'];
const issuers = ['SUPER_ADMIN', 'ADMIN', 'admin', 'NGO_ADMIN'];

const certificate = (volunteerId: string, extra: Record<string, unknown> = {}) => ({
  volunteerId,
  kind: 'certificate' as const,
  periodFrom: '2026-01-01',
  periodTo: '2026-06-30',
  ...extra,
});

async function listAll(user: TestUser, query = ''): Promise<IssuedDocument[]> {
  const res = await call(t.app, 'GET', `/api/documents?limit=100${query}`, undefined, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  return res.body as unknown as IssuedDocument[];
}

const auditCount = (action: 'document.issued' | 'document.revoked', targetId: string) =>
  t.db.$count(auditLog, and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

beforeAll(async () => {
  t = await createTestApp();
  ngoA = await createTestNgo(t, 'Alpha Relief');
  a = await createUserPerRole(t, ngoA);
  vol2 = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Zed Second' });
  const ngoB = await createTestNgo(t, 'Bravo Aid');
  b = await createUserPerRole(t, ngoB);
  aDoc = await issue(t, a.NGO_ADMIN!, certificate(a.VOLUNTEER!.id));
  vol2Doc = await issue(t, a.NGO_ADMIN!, certificate(vol2.id));
  bDoc = await issue(t, b.NGO_ADMIN!, certificate(b.VOLUNTEER!.id));
});
afterAll(() => t.close());

describe('the permission matrix (every role, two NGOs)', () => {
  type Send = (user: TestUser | undefined) => Promise<{ status: number }>;
  const settings = {
    letterTemplate: 'Dear reader, {{name}}.',
    signerName: 'Ann',
    signerTitle: 'Chair',
    logoFileId: null,
  };
  const endpoints: { name: string; allowed: string[]; ok: number; send: Send }[] = [
    {
      name: 'GET /api/documents',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/documents', undefined, u?.token),
    },
    {
      name: 'GET /api/documents/{documentId}',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', `/api/documents/${aDoc.id}`, undefined, u?.token),
    },
    {
      name: 'GET /api/documents/{documentId}/pdf',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', `/api/documents/${aDoc.id}/pdf`, undefined, u?.token),
    },
    {
      name: 'GET /api/documents/settings',
      allowed: everyRole,
      ok: 200,
      send: (u) => call(t.app, 'GET', '/api/documents/settings', undefined, u?.token),
    },
    {
      name: 'PUT /api/documents/settings',
      allowed: issuers,
      ok: 200,
      send: (u) => call(t.app, 'PUT', '/api/documents/settings', settings, u?.token),
    },
    {
      name: 'POST /api/documents',
      allowed: issuers,
      ok: 201,
      send: (u) => call(t.app, 'POST', '/api/documents', certificate(a.VOLUNTEER!.id), u?.token),
    },
    {
      name: 'POST /api/documents/bulk',
      allowed: issuers,
      ok: 201,
      send: (u) =>
        call(
          t.app,
          'POST',
          '/api/documents/bulk',
          { kind: 'letter', periodFrom: '2025-01-01', periodTo: '2025-12-31', minHours: 0 },
          u?.token,
        ),
    },
    // Last: it revokes the document the others read (a revoked one still reads and downloads).
    {
      name: 'POST /api/documents/{documentId}/revoke',
      allowed: issuers,
      ok: 200,
      send: (u) => call(t.app, 'POST', `/api/documents/${aDoc.id}/revoke`, { reason: 'Matrix' }, u?.token),
    },
  ];

  it.each(endpoints.map((e) => [e.name, e] as const))('%s: allowed, 403 or 401 by role', async (_, e) => {
    for (const role of everyRole) {
      const res = await e.send(a[role]);
      expect(res.status, `${e.name} as ${role}`).toBe(e.allowed.includes(role) ? e.ok : 403);
    }
    expect((await e.send(undefined)).status, `${e.name} without a token`).toBe(401);
  });

  it('verification is public: no token needed', async () => {
    const res = await call(t.app, 'GET', `/api/documents/verify/${bDoc.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: bDoc.code, ngoName: 'Bravo Aid' });
  });

  it("answers another NGO's document as missing (a SUPER_ADMIN reads it by id, ADR 0020)", async () => {
    for (const role of everyRole) {
      const token = a[role]!.token;
      const readStatus = role === 'SUPER_ADMIN' ? 200 : 404;
      const get = await call(t.app, 'GET', `/api/documents/${bDoc.id}`, undefined, token);
      expect(get.status, `GET as ${role}`).toBe(readStatus);
      const pdf = await call(t.app, 'GET', `/api/documents/${bDoc.id}/pdf`, undefined, token);
      expect(pdf.status, `PDF as ${role}`).toBe(readStatus);
      const revoke = await call(
        t.app,
        'POST',
        `/api/documents/${bDoc.id}/revoke`,
        { reason: 'Taken' },
        token,
      );
      expect(revoke.status, `revoke as ${role}`).toBe(issuers.includes(role) ? 404 : 403);
      const list = await listAll(a[role]!);
      expect(list.map((d) => d.id)).not.toContain(bDoc.id);
      const filtered = await listAll(a[role]!, `&volunteerId=${b.VOLUNTEER!.id}`);
      expect(filtered.some((d) => d.volunteerId === b.VOLUNTEER!.id)).toBe(false);
    }
    const still = await call(t.app, 'GET', `/api/documents/${bDoc.id}`, undefined, b.VIEWER!.token);
    expect(still.body).toMatchObject({ status: 'valid', revokedAt: null });
  });

  it('a volunteer sees only their own documents, whatever they filter', async () => {
    for (const query of ['', `&volunteerId=${vol2.id}`]) {
      const mine = await listAll(a.VOLUNTEER!, query);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((d) => d.volunteerId === a.VOLUNTEER!.id)).toBe(true);
    }
    for (const path of [`/api/documents/${vol2Doc.id}`, `/api/documents/${vol2Doc.id}/pdf`]) {
      expect((await call(t.app, 'GET', path, undefined, a.VOLUNTEER!.token)).status, path).toBe(404);
      expect((await call(t.app, 'GET', path, undefined, vol2.token)).status, path).toBe(200);
    }
    const staffSees = (await listAll(a.STAFF!)).map((d) => d.id);
    expect(staffSees).toEqual(expect.arrayContaining([aDoc.id, vol2Doc.id]));
    expect((await listAll(a.ANALYST!)).map((d) => d.id)).toEqual(staffSees);
  });
});

describe('issuing: validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a period ending before it starts', { periodFrom: '2026-05-01', periodTo: '2026-04-30' }, 'periodTo'],
    ['an impossible day', { periodFrom: '2026-02-30' }, 'periodFrom'],
    ['an unknown kind', { kind: 'diploma' }, 'kind'],
    ['a 121-character signer', { signerName: 's'.repeat(121) }, 'signerName'],
  ];
  it.each(cases)('%s is a 400 naming the field', async (_, change, field) => {
    const res = await call(
      t.app,
      'POST',
      '/api/documents',
      certificate(a.VOLUNTEER!.id, change),
      a.ADMIN!.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
  });

  it('refuses anyone but an active volunteer of the NGO (400 volunteerId), writing nothing', async () => {
    const gone = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Gone Volunteer' });
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gone.id));
    const before = await t.db.$count(volunteerDocuments);
    for (const id of [a.STAFF!.id, a.ANALYST!.id, b.VOLUNTEER!.id, gone.id, 'no-such-user']) {
      const res = await call(t.app, 'POST', '/api/documents', certificate(id), a.ADMIN!.token);
      expect(res.status, id).toBe(400);
      expect(res.body.fields).toHaveProperty('volunteerId');
    }
    expect(await t.db.$count(volunteerDocuments)).toBe(before);
  });

  it('prints the settings’ signer unless the body names one', async () => {
    const ngo = await createTestNgo(t, 'Signer Trust');
    const admin = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN', name: 'Ines Issuer' });
    const volunteer = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Vera Volunteer' });
    const unsigned = await issue(t, admin, certificate(volunteer.id));
    expect(unsigned).toMatchObject({ signerName: '', signerTitle: '', issuedByName: 'Ines Issuer' });
    const saved = await call(
      t.app,
      'PUT',
      '/api/documents/settings',
      { letterTemplate: 'Hello {{name}}', signerName: 'Ruth Chair', signerTitle: 'Chair', logoFileId: null },
      admin.token,
    );
    expect(saved.status).toBe(200);
    expect(await issue(t, admin, certificate(volunteer.id))).toMatchObject({
      signerName: 'Ruth Chair',
      signerTitle: 'Chair',
    });
    expect(
      await issue(
        t,
        admin,
        certificate(volunteer.id, { signerName: ' Sam Other ', signerTitle: 'Treasurer' }),
      ),
    ).toMatchObject({
      signerName: 'Sam Other',
      signerTitle: 'Treasurer',
      role: 'Volunteer',
      ngoName: 'Signer Trust',
    });
  });
});

describe('the hours on a document', () => {
  let volunteer: TestUser;
  let pendingId: string;
  beforeAll(async () => {
    volunteer = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Hana Hours' });
    // Inside the period (both ends included): 30 + 120 + 45 = 195 approved minutes.
    await insertReport(t, volunteer, '2026-01-01', 30);
    await insertReport(t, volunteer, '2026-03-10', 120);
    await insertReport(t, volunteer, '2026-06-30', 45);
    // Not counted: outside the period, not approved, or someone else's.
    await insertReport(t, volunteer, '2025-12-31', 300);
    await insertReport(t, volunteer, '2026-07-01', 60);
    pendingId = await insertReport(t, volunteer, '2026-04-01', 500, 'pending');
    await insertReport(t, volunteer, '2026-04-02', 700, 'declined');
    await insertReport(t, vol2, '2026-04-03', 90);
  });

  it('are the approved minutes of the period at the moment of issue', async () => {
    const doc = await issue(t, a.ADMIN!, certificate(volunteer.id));
    expect(doc).toMatchObject({
      minutes: 195,
      volunteerName: 'Hana Hours',
      ngoName: 'Alpha Relief',
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
      status: 'valid',
      kind: 'certificate',
      body: '',
    });
    expect(await auditCount('document.issued', doc.id)).toBe(1);
  });

  it('a later approval does not change a document already issued; a new one counts it', async () => {
    const before = await issue(t, a.ADMIN!, certificate(volunteer.id));
    await t.db.update(activityReports).set({ status: 'approved' }).where(eq(activityReports.id, pendingId));
    const again = await call(t.app, 'GET', `/api/documents/${before.id}`, undefined, a.STAFF!.token);
    expect(again.body).toMatchObject({ minutes: 195 });
    const verify = await call(t.app, 'GET', `/api/documents/verify/${before.code}`);
    expect(verify.body).toMatchObject({ minutes: 195 });
    expect((await issue(t, a.ADMIN!, certificate(volunteer.id))).minutes).toBe(695);
  });

  it('a period with nothing approved is still issued, with 0 minutes', async () => {
    const doc = await issue(
      t,
      a.ADMIN!,
      certificate(volunteer.id, { periodFrom: '2030-01-01', periodTo: '2030-01-31' }),
    );
    expect(doc.minutes).toBe(0);
  });
});

describe('letters', () => {
  it('merge the NGO’s template with the volunteer’s figures and task titles', async () => {
    const ngo = await createTestNgo(t, 'Letter Works');
    const admin = await createTestUser(t, { ngoId: ngo, role: 'ADMIN' });
    const staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });
    const volunteer = await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Lena Letter' });
    const template =
      '{{name}} served {{ngo}} as {{role}} during {{period}}: {{hours}} hours on {{tasks}}. Dated {{date}}.';
    const put = await call(
      t.app,
      'PUT',
      '/api/documents/settings',
      { letterTemplate: template, signerName: 'Ann', signerTitle: 'Chair', logoFileId: null },
      admin.token,
    );
    expect(put.status).toBe(200);
    const letter = {
      volunteerId: volunteer.id,
      kind: 'letter',
      periodFrom: '2026-01-01',
      periodTo: '2026-11-30',
    } as const;
    const noTasks = await issue(t, admin, letter);
    expect(noTasks.body).toContain('on various activities.');

    const taskIds: string[] = [];
    for (const title of ['Water point visit', 'Clothes sorting']) {
      const res = await call(
        t.app,
        'POST',
        '/api/tasks',
        {
          title,
          description: '',
          place: '',
          dueOn: '2026-05-01',
          estimatedMinutes: 60,
          assigneeIds: [volunteer.id],
        },
        staff.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      taskIds.push(String(res.body.id));
    }
    await insertReport(t, volunteer, '2026-05-01', 90, 'approved', taskIds[0]);
    await insertReport(t, volunteer, '2026-05-02', 60, 'approved', taskIds[0]);
    await insertReport(t, volunteer, '2026-05-03', 60, 'approved', taskIds[1]);
    await insertReport(t, volunteer, '2026-05-04', 60, 'pending');
    const doc = await issue(t, admin, letter);
    const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
    expect(doc.body).toBe(
      'Lena Letter served Letter Works as Volunteer during 1 January 2026 – 30 November 2026: 3.5 hours on ' +
        `Clothes sorting, Water point visit. Dated ${today}.`,
    );
    expect(doc).toMatchObject({ kind: 'letter', minutes: 210 });
  });
});

describe('revoking', () => {
  it('marks the document revoked with its reason; again is a 200 that changes nothing', async () => {
    const doc = await issue(t, a.ADMIN!, certificate(vol2.id, { periodTo: '2026-02-28' }));
    const noReason = await call(
      t.app,
      'POST',
      `/api/documents/${doc.id}/revoke`,
      { reason: ' ' },
      a.ADMIN!.token,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toHaveProperty('reason');
    const first = await call(
      t.app,
      'POST',
      `/api/documents/${doc.id}/revoke`,
      { reason: 'Issued in error' },
      a.ADMIN!.token,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'revoked', revokedReason: 'Issued in error' });
    expect(first.body.revokedAt).toEqual(expect.any(String));
    const again = await call(
      t.app,
      'POST',
      `/api/documents/${doc.id}/revoke`,
      { reason: 'Other' },
      a.NGO_ADMIN!.token,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await auditCount('document.revoked', doc.id)).toBe(1);
    const revoked = await listAll(a.STAFF!, `&status=revoked&volunteerId=${vol2.id}`);
    expect(revoked.map((d) => d.id)).toContain(doc.id);
    expect((await listAll(a.STAFF!, '&status=valid')).map((d) => d.id)).not.toContain(doc.id);
  });
});

describe('bulk issue', () => {
  let ngo: string;
  let admin: TestUser;
  let v: Record<'many' | 'exact' | 'few' | 'gone', TestUser>;
  const bulk = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/documents/bulk', body, admin.token).then((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return documentBulkResult.parse(res.body);
    });
  const year = { kind: 'certificate', periodFrom: '2026-01-01', periodTo: '2026-12-31', minHours: 20 };

  beforeAll(async () => {
    ngo = await createTestNgo(t, 'Bulk Hands');
    admin = await createTestUser(t, { ngoId: ngo, role: 'NGO_ADMIN' });
    v = {
      many: await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Many Hours' }),
      exact: await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Exact Twenty' }),
      few: await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Few Hours' }),
      gone: await createTestUser(t, { ngoId: ngo, role: 'VOLUNTEER', name: 'Gone Hours' }),
    };
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, v.gone.id));
    for (let i = 0; i < 25; i++)
      await insertReport(t, v.many, `2026-02-${String(i + 1).padStart(2, '0')}`, 60);
    await insertReport(t, v.exact, '2026-03-01', 600);
    await insertReport(t, v.exact, '2026-03-02', 600);
    await insertReport(t, v.exact, '2025-03-02', 600);
    await insertReport(t, v.few, '2026-03-03', 600);
    await insertReport(t, v.few, '2026-03-04', 600, 'pending');
    await insertReport(t, v.gone, '2026-03-05', 1200);
    await insertReport(t, v.gone, '2026-03-06', 1200);
    // A staff member's hours (before a role change) never make them a volunteer.
    const staff = await createTestUser(t, { ngoId: ngo, role: 'STAFF' });
    await insertReport(t, staff, '2026-03-07', 1440);
  });

  it('issues to active volunteers at or above the threshold, with their period minutes', async () => {
    const result = await bulk(year);
    expect(result.skipped).toBe(1);
    expect(result.alreadyIssued).toBe(0);
    const byName = Object.fromEntries(result.issued.map((d) => [d.volunteerName, d.minutes]));
    expect(byName).toEqual({ 'Many Hours': 1500, 'Exact Twenty': 1200 });
    for (const doc of result.issued) expect(await auditCount('document.issued', doc.id)).toBe(1);
  });

  it('does not issue twice: a holder of a valid one of that kind and period is alreadyIssued', async () => {
    const again = await bulk(year);
    expect(again).toEqual({ issued: [], skipped: 1, alreadyIssued: 2 });
    const [manyDoc] = await listAll(admin, `&volunteerId=${v.many.id}`);
    const revoke = await call(
      t.app,
      'POST',
      `/api/documents/${manyDoc!.id}/revoke`,
      { reason: 'Reissue' },
      admin.token,
    );
    expect(revoke.status).toBe(200);
    const afterRevoke = await bulk(year);
    expect(afterRevoke.issued.map((d) => d.volunteerName)).toEqual(['Many Hours']);
    expect(afterRevoke.alreadyIssued).toBe(1);
    // Another kind, or another period, is another document.
    const letters = await bulk({ ...year, kind: 'letter' });
    expect(letters.issued).toHaveLength(2);
    const lowered = await bulk({ ...year, periodTo: '2026-11-30', minHours: 0 });
    expect(lowered.issued.map((d) => d.volunteerName).sort()).toEqual([
      'Exact Twenty',
      'Few Hours',
      'Many Hours',
    ]);
    expect(lowered.skipped).toBe(0);
  });

  it('refuses a reversed period and negative hours with field messages', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/documents/bulk',
      { ...year, periodTo: '2025-12-31', minHours: -1 },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('periodTo');
    expect(res.body.fields).toHaveProperty('minHours');
  });
});

describe('listing', () => {
  it('pages newest first, and the pages add up to the whole listing', async () => {
    const whole = await listAll(a.STAFF!);
    expect(whole.length).toBeGreaterThan(5);
    const sorted = [...whole].sort((x, y) =>
      x.issuedAt === y.issuedAt ? y.id.localeCompare(x.id) : y.issuedAt.localeCompare(x.issuedAt),
    );
    expect(whole.map((d) => d.id)).toEqual(sorted.map((d) => d.id));
    const walked: string[] = [];
    let cursor = '';
    do {
      const res = await call(
        t.app,
        'GET',
        `/api/documents?limit=2${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
        undefined,
        a.STAFF!.token,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      walked.push(...(res.body as unknown as IssuedDocument[]).map((d) => d.id));
      cursor = res.headers.get(NEXT_CURSOR_HEADER) ?? '';
    } while (cursor);
    expect(walked).toEqual(whole.map((d) => d.id));
  });

  it('filters by kind, by a name and by a code as typed', async () => {
    const letters = await listAll(a.STAFF!, '&kind=letter');
    expect(letters.every((d) => d.kind === 'letter')).toBe(true);
    const named = await listAll(a.STAFF!, '&q=zed');
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((d) => d.volunteerName === 'Zed Second')).toBe(true);
    const typed = `${aDoc.code.slice(0, 5).toLowerCase()}-${aDoc.code.slice(5)}`;
    expect((await listAll(a.STAFF!, `&q=${typed}`)).map((d) => d.id)).toEqual([aDoc.id]);
    const part = await listAll(a.STAFF!, `&q=${aDoc.code.slice(3, 8).toLowerCase()}`);
    expect(part.map((d) => d.id)).toContain(aDoc.id);
    const bad = await call(t.app, 'GET', '/api/documents?status=lost', undefined, a.STAFF!.token);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('status');
  });
});

describe('idempotency', () => {
  it('a replayed POST /api/documents answers the same document, issued once', async () => {
    const volunteer = await createTestUser(t, { ngoId: ngoA, role: 'VOLUNTEER', name: 'Ida Idem' });
    const key = { 'idempotency-key': `doc-${volunteer.id}` };
    const first = await issue(t, a.ADMIN!, certificate(volunteer.id), key);
    const replay = await call(
      t.app,
      'POST',
      '/api/documents',
      certificate(volunteer.id),
      a.ADMIN!.token,
      key,
    );
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(issuedDocument.parse(replay.body)).toEqual(first);
    expect(await t.db.$count(volunteerDocuments, eq(volunteerDocuments.volunteerId, volunteer.id))).toBe(1);
    const changed = await call(
      t.app,
      'POST',
      '/api/documents',
      certificate(volunteer.id, { kind: 'letter' }),
      a.ADMIN!.token,
      key,
    );
    expect(changed.status).toBe(409);
  });
});
