import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../contract/forms/definition';
import type { AppDeps } from '../../http/context';
import {
  fullAnswers,
  LANGUAGES,
  villageSurvey,
  villageSurveyV1,
} from '../../services/forms/exports/survey.testing';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { createExportsRouter } from './exports.routes';

let t: TestApp;
let users: Record<string, TestUser>;
let otherVolunteer: TestUser;
let outsider: TestUser;
let formId: string;
/** The four responses in the order they were received (R1 of version 1, the others of version 2). */
const sent: { id: string; instanceId: string; receivedAt: string }[] = [];

const v1Answers = {
  old_question: 'from v1',
  respondent: 'Old Timer',
  household: { village: 'kayonza', size: '2', gps: '10.5 -20.25' },
  needs: 'medicine food',
  member: [
    {
      member_name: 'Phone Owner',
      age: '40',
      member_phone: '+250 788 000 000',
      visit: [{ visit_date: '2026-01-05', clinic: 'Gahini' }],
    },
  ],
};
const staffAnswers = {
  respondent: '@Bob',
  household: { village: 'kayonza', size: '3' },
  comment: '+SUM(1,2)',
};
const otherAnswers = { respondent: 'Other volunteer', household: { gps: '0 0' }, needs: 'food' };

const admin = () => users.NGO_ADMIN!.token;

/** Mounted by app.ts once wired; until then the test mounts it itself, at the same place. */
function mountExports(app: TestApp) {
  if (app.app.routes.some((r) => r.path === '/api/forms/:formId/exports/csv')) return;
  const deps = { env: app.env, db: app.db, jwt: app.jwt, logger: pino({ level: 'silent' }) } as AppDeps;
  app.app.route('/api/forms', createExportsRouter(deps));
}

async function send(answers: unknown, version: number, token?: string, submittedAt?: string) {
  const instanceId = randomUUID();
  const res = await call(
    t.app,
    'POST',
    `/api/forms/${formId}/submissions`,
    { instanceId, version, answers, ...(submittedAt && { submittedAt }) },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  sent.push({ id: res.body.id as string, instanceId, receivedAt: res.body.receivedAt as string });
  // Distinct received times, so the export's order is the sending order.
  await new Promise((r) => setTimeout(r, 5));
}

const get = (path: string, token?: string) =>
  t.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** RFC 4180 parsing, enough to check the writer: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

async function csv(query = '', token = admin()) {
  const res = await get(`/api/forms/${formId}/exports/csv${query}`, token);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
  return {
    res,
    header: header!,
    rows,
    records: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]]))),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  mountExports(t);
  const ngoId = await createTestNgo(t);
  users = await createUserPerRole(t, ngoId);
  otherVolunteer = await createTestUser(t, { ngoId, role: 'VOLUNTEER', name: 'Second Volunteer' });
  outsider = await createTestUser(t, { ngoId: await createTestNgo(t, 'Other'), role: 'NGO_ADMIN' });
  formId = (await call(t.app, 'POST', '/api/forms', { definition: villageSurveyV1 }, admin())).body
    .id as string;
  expect((await call(t.app, 'POST', `/api/forms/${formId}/publish`, {}, admin())).status).toBe(200);
  await send(v1Answers, 1, users.VOLUNTEER!.token);
  expect(
    (await call(t.app, 'PUT', `/api/forms/${formId}`, { definition: villageSurvey }, admin())).status,
  ).toBe(200);
  expect((await call(t.app, 'POST', `/api/forms/${formId}/publish`, {}, admin())).status).toBe(200);
  await send(fullAnswers, 2, undefined, '2026-06-20T10:00:00Z');
  await send(staffAnswers, 2, users.STAFF!.token);
  await send(otherAnswers, 2, otherVolunteer.token);
  const review = await call(
    t.app,
    'POST',
    `/api/forms/${formId}/submissions/${sent[2]!.id}/review`,
    { reviewStatus: 'approved' },
    users.STAFF!.token,
  );
  expect(review.status).toBe(200);
});
afterAll(() => t.close());

const mediaLink = (submissionId: string, name: string) =>
  `http://localhost:3000/api/forms/${formId}/submissions/${submissionId}/media/${encodeURIComponent(name)}`;

describe('CSV export', () => {
  it('writes the main table cell by cell, older versions’ questions last, as an attachment', async () => {
    const { res, header, rows } = await csv();
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Village survey _t_ 2026.csv"; filename*=UTF-8''Village%20survey%20%C3%A9t%C3%A9%202026.csv`,
    );
    expect(res.headers.get('x-repeat-tables')).toBe('member,visit');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(header).toEqual([
      'respondent',
      'household/village',
      'household/size',
      'household/gps',
      'household/gps/latitude',
      'household/gps/longitude',
      'household/gps/altitude',
      'household/gps/precision',
      'needs',
      'needs/water',
      'needs/food',
      'needs/shelter',
      'needs/medicine',
      'photo',
      'comment',
      'old_question',
      '_id',
      '_instance_id',
      '_version',
      '_submitted_at',
      '_received_at',
      '_submitted_by',
      '_review_status',
      '_index',
    ]);
    const [r1, r2, r3, r4] = sent;
    expect(rows).toEqual([
      [
        'Old Timer',
        'kayonza',
        '2',
        '10.5 -20.25',
        '10.5',
        '-20.25',
        '',
        '',
        'medicine food',
        '0',
        '1',
        '0',
        '1',
        '',
        '',
        'from v1',
        r1!.id,
        r1!.instanceId,
        '1',
        '',
        r1!.receivedAt,
        'VOLUNTEER user',
        'received',
        '1',
      ],
      [
        'Aline',
        'rwamagana',
        '5',
        // A formula-like cell gets its apostrophe; a plain negative number does not.
        "'-1.9441 30.0619 1500 4.5",
        '-1.9441',
        '30.0619',
        '1500',
        '4.5',
        'water shelter',
        '1',
        '0',
        '1',
        '0',
        mediaLink(r2!.id, 'house front.jpg'),
        `'=HYPERLINK("http://evil.example","click")`,
        '',
        r2!.id,
        r2!.instanceId,
        '2',
        '2026-06-20T10:00:00.000Z',
        r2!.receivedAt,
        '',
        'received',
        '2',
      ],
      [
        "'@Bob",
        'kayonza',
        '3',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        "'+SUM(1,2)",
        '',
        r3!.id,
        r3!.instanceId,
        '2',
        '',
        r3!.receivedAt,
        'STAFF user',
        'approved',
        '3',
      ],
      [
        'Other volunteer',
        '',
        '',
        '0 0',
        '0',
        '0',
        '',
        '',
        'food',
        '0',
        '1',
        '0',
        '0',
        '',
        '',
        '',
        r4!.id,
        r4!.instanceId,
        '2',
        '',
        r4!.receivedAt,
        'Second Volunteer',
        'received',
        '4',
      ],
    ]);
  });

  it('writes a repeat’s table in long format, keyed to the response', async () => {
    const { res, header, rows } = await csv('?repeat=member');
    expect(res.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Village%20survey%20%C3%A9t%C3%A9%202026%20-%20member.csv",
    );
    expect(header).toEqual([
      'member/member_name',
      'member/age',
      'member/member_phone',
      '_parent_id',
      '_parent_index',
      '_index',
      '_submission_id',
    ]);
    const [r1, r2] = sent;
    expect(rows).toEqual([
      ['Phone Owner', '40', "'+250 788 000 000", r1!.id, '1', '1', r1!.id],
      ['Eric', '34', '', r2!.id, '2', '2', r2!.id],
      ['Ines', '7', '', r2!.id, '2', '3', r2!.id],
    ]);
  });

  it('keys a nested repeat’s rows to the parent repeat row', async () => {
    const { header, rows } = await csv('?repeat=visit');
    expect(header).toEqual([
      'member/visit/visit_date',
      'member/visit/clinic',
      '_parent_id',
      '_parent_index',
      '_index',
      '_submission_id',
    ]);
    const [r1, r2] = sent;
    expect(rows).toEqual([
      ['2026-01-05', 'Gahini', '1', '1', '1', r1!.id],
      ['2026-06-01', 'Kayonza HC', '2', '2', '2', r2!.id],
      ['2026-06-15', 'Rwamagana HC', '2', '2', '3', r2!.id],
    ]);
    // The same table by its path.
    expect((await csv('?repeat=member/visit')).rows).toEqual(rows);
  });

  it('writes labels in the language asked, the form’s first by default', async () => {
    const fr = await csv(`?labels=true&language=${encodeURIComponent(LANGUAGES.FR)}`);
    expect(fr.header.slice(0, 16)).toEqual([
      'Répondant',
      'Village',
      'Taille du ménage',
      'Position',
      'Position/latitude',
      'Position/longitude',
      'Position/altitude',
      'Position/precision',
      'Besoins',
      'Besoins/Eau potable',
      'Besoins/Nourriture',
      'Besoins/Abri',
      'Besoins/Médicaments',
      'Photo',
      'Commentaire',
      'Ancienne question',
    ]);
    expect(fr.rows.map((r) => [r[1], r[8], r[9], r[12]])).toEqual([
      ['Kayonza', 'Médicaments; Nourriture', '0', '1'],
      ['Ville de Rwamagana', 'Eau potable; Abri', '1', '0'],
      ['Kayonza', '', '', ''],
      ['', 'Nourriture', '0', '0'],
    ]);
    const en = await csv('?labels=true');
    expect(en.header.slice(0, 2)).toEqual(['Respondent', 'Village']);
    expect(en.records[1]!.Village).toBe('Rwamagana town');
    expect((await csv('?labels=true&repeat=visit')).header.slice(0, 2)).toEqual(['Date', 'Clinic']);
  });

  it('filters as the listing does: received range and review state', async () => {
    const ids = async (query: string) => (await csv(query)).records.map((r) => r._id);
    const [r1, r2, r3, r4] = sent.map((s) => s.id);
    expect(await ids('?reviewStatus=approved')).toEqual([r3]);
    expect(await ids(`?from=${encodeURIComponent(sent[1]!.receivedAt)}`)).toEqual([r2, r3, r4]);
    expect(await ids(`?to=${encodeURIComponent(sent[1]!.receivedAt)}`)).toEqual([r1]);
    expect(await ids(`?submittedBy=${users.STAFF!.id}`)).toEqual([r3]);
    // A filtered repeat table numbers its own rows, still keyed to the responses.
    expect(
      (await csv(`?repeat=member&from=${encodeURIComponent(sent[1]!.receivedAt)}`)).rows.map((r) =>
        r.slice(3),
      ),
    ).toEqual([
      [r2, '1', '1', r2],
      [r2, '1', '2', r2],
    ]);
  });

  it('compresses the stream for a client that takes gzip, and answers HEAD without reading', async () => {
    const plain = await csv();
    const zipped = await t.app.request(`/api/forms/${formId}/exports/csv`, {
      headers: { authorization: `Bearer ${admin()}`, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const text = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8');
    expect(parseCsv(text.slice(1))).toEqual([plain.header, ...plain.rows]);
    const head = await t.app.request(`/api/forms/${formId}/exports/xlsx`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${admin()}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toContain('.xlsx');
    expect(await head.text()).toBe('');
  });

  it('refuses an unknown repeat, language or labels value with the field named', async () => {
    const bad = async (query: string) => {
      const res = await call(t.app, 'GET', `/api/forms/${formId}/exports/csv${query}`, undefined, admin());
      expect(res.status).toBe(400);
      return Object.keys(res.body.fields as object);
    };
    expect(await bad('?repeat=nope')).toEqual(['repeat']);
    expect(await bad('?language=Klingon')).toEqual(['language']);
    expect(await bad('?labels=yes')).toEqual(['labels']);
    expect(await bad('?reviewStatus=lost')).toEqual(['reviewStatus']);
    expect(await bad('?from=yesterday')).toEqual(['from']);
  });
});

describe('who may export', () => {
  const idsAs = async (token: string) => (await csv('', token)).records.map((r) => r._id);

  it('gives every reader all responses and a volunteer only their own', async () => {
    const all = sent.map((s) => s.id);
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'NGO_ADMIN', 'STAFF', 'ANALYST', 'VIEWER', 'admin'])
      expect(await idsAs(users[role]!.token), role).toEqual(all);
    expect(await idsAs(users.VOLUNTEER!.token)).toEqual([sent[0]!.id]);
    expect(await idsAs(otherVolunteer.token)).toEqual([sent[3]!.id]);
    // A volunteer's own repeat rows only, whatever they filter on.
    const own = await csv(`?repeat=member&submittedBy=${users.STAFF!.id}`, users.VOLUNTEER!.token);
    expect(own.rows.map((r) => r[6])).toEqual([sent[0]!.id]);
  });

  it('answers 404 for another NGO’s form and an unknown one, 401 without a valid token', async () => {
    for (const format of ['csv', 'xlsx', 'geojson']) {
      expect((await get(`/api/forms/${formId}/exports/${format}`, outsider.token)).status).toBe(404);
      expect((await get(`/api/forms/nope/exports/${format}`, admin())).status).toBe(404);
      expect((await get(`/api/forms/${formId}/exports/${format}`)).status).toBe(401);
      expect((await get(`/api/forms/${formId}/exports/${format}`, 'not-a-token')).status).toBe(401);
    }
  });
});

describe('XLSX export', () => {
  it('writes a sheet for the main table and one per repeat, numbers as numbers', async () => {
    const res = await get(`/api/forms/${formId}/exports/xlsx`, admin());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Village%20survey%20%C3%A9t%C3%A9%202026.xlsx",
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets.map((s) => s.name)).toEqual(['Village survey été 2026', 'member', 'visit']);
    const rowsOf = (name: string) =>
      book
        .getWorksheet(name)!
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    const [mainHeader, , r2, r3] = rowsOf('Village survey été 2026');
    const at = (row: unknown[] | undefined, column: string) => row![(mainHeader as string[]).indexOf(column)];
    expect(at(r2, 'household/size')).toBe(5);
    expect(at(r2, 'household/gps/latitude')).toBe(-1.9441);
    expect(at(r2, 'needs/water')).toBe(1);
    expect(at(r2, 'needs/food')).toBe(0);
    expect(at(r2, '_version')).toBe(2);
    // Typed as text in the workbook, never a formula: no apostrophe needed.
    expect(at(r2, 'comment')).toBe('=HYPERLINK("http://evil.example","click")');
    expect(at(r2, 'photo')).toBe(mediaLink(sent[1]!.id, 'house front.jpg'));
    expect(at(r3, 'respondent')).toBe('@Bob');
    expect(at(r3, 'needs/water')).toBeUndefined();
    expect(rowsOf('member')).toEqual([
      [
        'member/member_name',
        'member/age',
        'member/member_phone',
        '_parent_id',
        '_parent_index',
        '_index',
        '_submission_id',
      ],
      ['Phone Owner', 40, '+250 788 000 000', sent[0]!.id, 1, 1, sent[0]!.id],
      ['Eric', 34, undefined, sent[1]!.id, 2, 2, sent[1]!.id],
      ['Ines', 7, undefined, sent[1]!.id, 2, 3, sent[1]!.id],
    ]);
    expect(rowsOf('visit').slice(1)).toEqual([
      ['2026-01-05', 'Gahini', '1', 1, 1, sent[0]!.id],
      ['2026-06-01', 'Kayonza HC', '2', 2, 2, sent[1]!.id],
      ['2026-06-15', 'Rwamagana HC', '2', 2, 3, sent[1]!.id],
    ]);
  });

  it('writes a volunteer’s own responses only, in every sheet', async () => {
    const res = await get(`/api/forms/${formId}/exports/xlsx`, otherVolunteer.token);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets.map((s) => s.actualRowCount)).toEqual([2, 1, 1]);
  });
});

describe('GeoJSON export', () => {
  interface Collection {
    type: string;
    features: {
      type: string;
      geometry: { type: string; coordinates: number[] };
      properties: Record<string, unknown>;
    }[];
  }
  const geojson = async (query = '', token = admin()) => {
    const res = await get(`/api/forms/${formId}/exports/geojson${query}`, token);
    expect(res.status).toBe(200);
    return { res, doc: (await res.json()) as Collection };
  };

  it('writes a Point per response with a location, its other columns as properties', async () => {
    const { res, doc } = await geojson();
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('.geojson');
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features.map((f) => [f.type, f.geometry])).toEqual([
      ['Feature', { type: 'Point', coordinates: [-20.25, 10.5] }],
      ['Feature', { type: 'Point', coordinates: [30.0619, -1.9441, 1500] }],
      ['Feature', { type: 'Point', coordinates: [0, 0] }],
    ]);
    const properties = doc.features[1]!.properties;
    expect(properties).toMatchObject({
      respondent: 'Aline',
      'household/village': 'rwamagana',
      'household/size': 5,
      'household/gps/precision': 4.5,
      needs: 'water shelter',
      'needs/water': 1,
      comment: '=HYPERLINK("http://evil.example","click")',
      _id: sent[1]!.id,
      _version: 2,
      _submitted_at: '2026-06-20T10:00:00.000Z',
    });
    for (const gone of [
      'household/gps',
      'household/gps/latitude',
      'household/gps/longitude',
      'household/gps/altitude',
    ])
      expect(properties).not.toHaveProperty(gone);
    expect(doc.features[0]!.properties).toMatchObject({
      old_question: 'from v1',
      'household/gps/precision': null,
    });
  });

  it('takes the question by name or path, labels as property names, and a volunteer’s own points', async () => {
    expect((await geojson('?question=gps')).doc.features).toHaveLength(3);
    expect((await geojson('?question=household/gps')).doc.features).toHaveLength(3);
    const labelled = await geojson(`?labels=true&language=${encodeURIComponent(LANGUAGES.FR)}`);
    expect(labelled.doc.features[1]!.properties).toMatchObject({
      Répondant: 'Aline',
      Village: 'Ville de Rwamagana',
    });
    const own = await geojson('', users.VOLUNTEER!.token);
    expect(own.doc.features.map((f) => f.properties._id)).toEqual([sent[0]!.id]);
  });

  it('refuses a question that is not a geopoint, and a form without one', async () => {
    const bad = await call(
      t.app,
      'GET',
      `/api/forms/${formId}/exports/geojson?question=respondent`,
      undefined,
      admin(),
    );
    expect([bad.status, Object.keys(bad.body.fields as object)]).toEqual([400, ['question']]);
    const plain: FormDefinition = {
      title: 'No GPS',
      languages: ['default'],
      choices: {},
      questions: [{ name: 'q', type: 'text' }],
    };
    const id = (await call(t.app, 'POST', '/api/forms', { definition: plain }, admin())).body.id as string;
    const none = await call(t.app, 'GET', `/api/forms/${id}/exports/geojson`, undefined, admin());
    expect([none.status, none.body.fields]).toEqual([
      400,
      { question: 'This form has no GPS point question.' },
    ]);
    // A form never published exports its draft's columns and no rows.
    const empty = await get(`/api/forms/${id}/exports/csv`, admin());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await empty.arrayBuffer());
    expect(text).toBe(
      '\uFEFFq,_id,_instance_id,_version,_submitted_at,_received_at,_submitted_by,_review_status,_index\r\n',
    );
  });
});

describe('OpenAPI', () => {
  it('documents the three exports and the repeat tables header', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as unknown as {
      paths: Record<
        string,
        { get?: { description?: string; responses: Record<string, { headers?: object }> } }
      >;
    };
    for (const format of ['csv', 'xlsx', 'geojson'])
      expect(doc.paths[`/api/forms/{formId}/exports/${format}`]?.get).toBeDefined();
    const csvOp = doc.paths['/api/forms/{formId}/exports/csv']!.get!;
    expect(csvOp.description).toContain('X-Repeat-Tables');
    expect(csvOp.responses['200']!.headers).toHaveProperty('X-Repeat-Tables');
  });
});
