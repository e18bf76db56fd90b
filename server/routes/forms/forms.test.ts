import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { householdSurvey } from './forms.testing';

let t: TestApp;
let users: Record<string, TestUser>;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const ngoId = await createTestNgo(t);
  users = await createUserPerRole(t, ngoId);
  outsider = await createTestUser(t, { ngoId: await createTestNgo(t, 'Other'), role: 'NGO_ADMIN' });
});
afterAll(() => t.close());

const create = async (token: string, definition: unknown = householdSurvey) =>
  call(t.app, 'POST', '/api/forms', { definition }, token);

describe('forms: building and publishing', () => {
  it('lets builders start drafts and refuses readers, by role', async () => {
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF']) {
      const res = await create(users[role]!.token);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Household survey',
        status: 'draft',
        publishedVersion: null,
        hasUnpublishedChanges: true,
        responseCount: 0,
        lastSubmissionAt: null,
        questionCount: 6,
      });
    }
    for (const role of ['VOLUNTEER', 'ANALYST', 'VIEWER'])
      expect((await create(users[role]!.token)).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/forms', { definition: householdSurvey })).status).toBe(401);
  });

  it('refuses a definition that is not one, naming the field', async () => {
    const res = await create(users.STAFF!.token, {
      ...householdSurvey,
      title: ' ',
      questions: [{ name: '1st', type: 'text' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      'definition.title': 'Title is required.',
      'definition.questions.0.name': expect.stringContaining('must start with a letter'),
    });
  });

  it('publishes versions only when the draft changed, and only for admins', async () => {
    const id = (await create(users.STAFF!.token)).body.id as string;
    expect((await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, users.STAFF!.token)).status).toBe(403);
    const first = await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, users.NGO_ADMIN!.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'open', publishedVersion: 1, hasUnpublishedChanges: false });
    const again = await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, users.ADMIN!.token);
    expect(again.body).toMatchObject({ publishedVersion: 1 });

    const changed = { ...householdSurvey, title: 'Household survey (v2)' };
    const saved = await call(t.app, 'PUT', `/api/forms/${id}`, { definition: changed }, users.STAFF!.token);
    expect(saved.body).toMatchObject({ title: 'Household survey (v2)', hasUnpublishedChanges: true });
    // The fill link still serves version 1 until the next publish.
    const served = await call(t.app, 'GET', `/api/forms/${id}/definition`);
    expect(served.body).toMatchObject({ version: 1, definition: { title: 'Household survey' } });
    const second = await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, users.NGO_ADMIN!.token);
    expect(second.body).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: false });
  });

  it('refuses to publish a draft with problems, naming each question and field', async () => {
    const broken = {
      ...householdSurvey,
      questions: [
        ...householdSurvey.questions,
        { name: 'ghost', type: 'integer', relevant: '${nobody} > 2' },
        { name: 'pick', type: 'select_one', listName: 'missing_list' },
      ],
    };
    const id = (await create(users.NGO_ADMIN!.token, broken)).body.id as string;
    const res = await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, users.NGO_ADMIN!.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('form_invalid');
    const fields = res.body.fields as Record<string, string>;
    expect(fields['ghost.relevant']).toContain('${nobody}');
    expect(Object.keys(fields).some((k) => k.startsWith('pick.'))).toBe(true);
    expect((await call(t.app, 'GET', `/api/forms/${id}/definition`)).status).toBe(404);
  });

  it('serves the published definition publicly, revalidated by its ETag, closed or open', async () => {
    const id = (await create(users.NGO_ADMIN!.token)).body.id as string;
    expect((await call(t.app, 'GET', `/api/forms/${id}/definition`)).status).toBe(404);
    await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, users.NGO_ADMIN!.token);
    const res = await call(t.app, 'GET', `/api/forms/${id}/definition`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ formId: id, version: 1, status: 'open', ngoName: 'Test Relief' });
    const etag = res.headers.get('etag')!;
    const again = await call(t.app, 'GET', `/api/forms/${id}/definition`, undefined, undefined, {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    await call(t.app, 'POST', `/api/forms/${id}/close`, {}, users.NGO_ADMIN!.token);
    const closed = await call(t.app, 'GET', `/api/forms/${id}/definition`, undefined, undefined, {
      'if-none-match': etag,
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed' });
  });

  it('keeps forms within their NGO, and drafts from volunteers', async () => {
    const draft = (await create(users.NGO_ADMIN!.token)).body.id as string;
    const open = (await create(users.NGO_ADMIN!.token)).body.id as string;
    await call(t.app, 'POST', `/api/forms/${open}/publish`, {}, users.NGO_ADMIN!.token);

    const forOutsider = await call(t.app, 'GET', '/api/forms', undefined, outsider.token);
    expect((forOutsider.body as { id: string }[]).map((f) => f.id)).not.toContain(open);
    for (const [method, path] of [
      ['GET', `/api/forms/${open}`],
      ['PUT', `/api/forms/${open}`],
      ['POST', `/api/forms/${open}/publish`],
      ['POST', `/api/forms/${open}/close`],
      ['DELETE', `/api/forms/${draft}`],
    ] as const) {
      const body = method === 'PUT' ? { definition: householdSurvey } : method === 'POST' ? {} : undefined;
      expect((await call(t.app, method, path, body, outsider.token)).status).toBe(404);
    }

    const volunteer = await call(t.app, 'GET', '/api/forms', undefined, users.VOLUNTEER!.token);
    const seen = (volunteer.body as { id: string }[]).map((f) => f.id);
    expect(seen).toContain(open);
    expect(seen).not.toContain(draft);
    const viewer = await call(t.app, 'GET', '/api/forms', undefined, users.VIEWER!.token);
    expect((viewer.body as { id: string }[]).map((f) => f.id)).toEqual(expect.arrayContaining([draft, open]));
  });

  it('deletes a form without responses, and closes rather than deletes one with responses', async () => {
    const id = (await create(users.NGO_ADMIN!.token)).body.id as string;
    expect((await call(t.app, 'DELETE', `/api/forms/${id}`, undefined, users.STAFF!.token)).status).toBe(403);
    expect((await call(t.app, 'POST', `/api/forms/${id}/close`, {}, users.NGO_ADMIN!.token)).body.code).toBe(
      'form_not_published',
    );
    expect((await call(t.app, 'DELETE', `/api/forms/${id}`, undefined, users.NGO_ADMIN!.token)).status).toBe(
      204,
    );
    expect((await call(t.app, 'GET', `/api/forms/${id}`, undefined, users.NGO_ADMIN!.token)).status).toBe(
      404,
    );
  });
});
