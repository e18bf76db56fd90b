import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE, xlsFormIssuesOf } from '../../../contract/forms/api';
import { importXlsForm } from '../../services/forms/xlsform-import';
import { xlsformWorkbook } from '../../services/forms/xlsform-workbook.testing';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';

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

const upload = (body: Buffer, token: string, type = XLSX_CONTENT_TYPE) =>
  t.app.request('/api/forms/import', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': type,
      'idempotency-key': crypto.randomUUID(),
    },
    body: new Uint8Array(body),
  });

const survey = [
  ['type', 'name', 'label', 'relevant', 'constraint'],
  ['text', 'village', 'Village', '', ''],
  ['select_one yesno', 'has_kids', 'Children?', '', ''],
  ['integer', 'kids', 'How many?', "${has_kids} = 'yes'", '. > 0'],
];
const choices = [
  ['list_name', 'name', 'label'],
  ['yesno', 'yes', 'Yes'],
  ['yesno', 'no', 'No'],
];

describe('XLSForm in and out', () => {
  it('starts a draft from a workbook, for builders only', async () => {
    const book = await xlsformWorkbook({ survey, choices, settings: [['form_title'], ['Home visits']] });
    const res = await upload(book, users.STAFF!.token);
    expect(res.status).toBe(201);
    const form = (await res.json()) as {
      id: string;
      title: string;
      status: string;
      draft: { questions: unknown[] };
    };
    expect(form).toMatchObject({ title: 'Home visits', status: 'draft' });
    expect(form.draft.questions).toHaveLength(3);
    for (const role of ['VOLUNTEER', 'ANALYST', 'VIEWER'])
      expect((await upload(book, users[role]!.token)).status).toBe(403);
  });

  it('refuses a workbook with problems, each named by sheet, row and column', async () => {
    const book = await xlsformWorkbook({
      survey: [...survey, ['select_one nowhere', 'pick', 'Pick', '', ''], ['integer', 'n', 'N', '', '. >']],
      choices,
    });
    const res = await upload(book, users.NGO_ADMIN!.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('xlsform_invalid');
    const issues = xlsFormIssuesOf(body.fields);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sheet: 'survey', row: 5, column: 'type' }),
        expect.objectContaining({ sheet: 'survey', row: 6, column: 'constraint' }),
      ]),
    );
    expect((await upload(Buffer.from('not a workbook'), users.NGO_ADMIN!.token)).status).toBe(400);
    expect((await upload(Buffer.from('{}'), users.NGO_ADMIN!.token, 'application/json')).status).toBe(415);
  });

  it('exports a form as a workbook that imports back to the same definition', async () => {
    const book = await xlsformWorkbook({ survey, choices, settings: [['form_title'], ['Round trip']] });
    const created = (await (await upload(book, users.NGO_ADMIN!.token)).json()) as {
      id: string;
      draft: unknown;
    };
    const res = await t.app.request(`/api/forms/${created.id}/xlsform`, {
      headers: { authorization: `Bearer ${users.VIEWER!.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const again = await importXlsForm(await res.arrayBuffer());
    expect(again.ok && again.definition).toEqual(created.draft);
    expect(
      (await call(t.app, 'GET', `/api/forms/${created.id}/xlsform`, undefined, outsider.token)).status,
    ).toBe(404);
  });
});
