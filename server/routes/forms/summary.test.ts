import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../contract/forms/definition';
import type { AppDeps } from '../../http/context';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { createSummaryRouter } from './summary.routes';
import type { FormResponsesSummary, QuestionSummary } from './summary.service';

const SUMMARY_PATH = '/api/forms/{formId}/summary';

const survey = {
  title: 'Needs assessment',
  languages: ['default'],
  questions: [
    { name: 'village', type: 'text', label: { default: 'Village' } },
    { name: 'age', type: 'integer', label: { default: 'Age' } },
    { name: 'income', type: 'decimal', label: { default: 'Income' } },
    { name: 'has_children', type: 'select_one', listName: 'yesno', label: { default: 'Children?' } },
    { name: 'needs', type: 'select_multiple', listName: 'needs', label: { default: 'Needs' } },
    { name: 'location', type: 'geopoint', label: { default: 'Where' } },
    {
      name: 'house',
      type: 'group',
      label: { default: 'House' },
      children: [{ name: 'roof', type: 'select_one', listName: 'roofs', label: { default: 'Roof' } }],
    },
    {
      name: 'member',
      type: 'repeat',
      label: { default: 'Members' },
      children: [
        { name: 'member_name', type: 'text', label: { default: 'Name' } },
        { name: 'member_age', type: 'integer', label: { default: 'Age' } },
      ],
    },
    { name: 'intro', type: 'note', label: { default: 'Thanks' } },
    { name: 'start', type: 'start' },
  ],
  choices: {
    yesno: [
      { name: 'yes', label: { default: 'Yes' } },
      { name: 'no', label: { default: 'No' } },
    ],
    needs: [
      { name: 'food', label: { default: 'Food' } },
      { name: 'water', label: { default: 'Water' } },
      { name: 'shelter', label: { default: 'Shelter' } },
    ],
    roofs: [
      { name: 'metal', label: { default: 'Metal' } },
      { name: 'thatch', label: { default: 'Thatch' } },
    ],
  },
} satisfies FormDefinition;

const responses = [
  {
    village: 'Kayonza',
    age: '20',
    income: '10.5',
    has_children: 'yes',
    needs: 'food water',
    location: '-1.95 30.06 1500 5',
    house: { roof: 'metal' },
    member: [
      { member_name: 'Aline', member_age: '5' },
      { member_name: 'Eric', member_age: '7' },
    ],
  },
  {
    village: 'Rwamagana',
    age: '30',
    income: '20',
    has_children: 'no',
    needs: 'water',
    location: '-2.1 30.4 0 3',
    member: [{ member_name: 'Jo', member_age: '40' }],
  },
  { village: 'Ngoma', age: '45', has_children: 'yes', needs: 'food water shelter' },
];

let t: TestApp;
let users: Record<string, TestUser>;
let outsider: TestUser;
let formId: string;
let ids: string[];

const key = () => ({ 'Idempotency-Key': randomUUID() });

async function createForm(definition: FormDefinition, publish = true) {
  const token = users.NGO_ADMIN!.token;
  const id = (await call(t.app, 'POST', '/api/forms', { definition }, token, key())).body.id as string;
  if (publish) await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, token, key());
  return id;
}

const send = async (form: string, answers: unknown, token?: string) => {
  const res = await call(
    t.app,
    'POST',
    `/api/forms/${form}/submissions`,
    { instanceId: randomUUID(), version: 1, answers },
    token,
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
};

const summary = async (form: string, token: string, query = '') => {
  const res = await call(t.app, 'GET', `/api/forms/${form}/summary${query}`, undefined, token);
  return res as unknown as {
    status: number;
    body: FormResponsesSummary & { message?: string; fields?: object };
  };
};

const question = (s: FormResponsesSummary, path: string): QuestionSummary => {
  const found = s.questions.find((q) => q.path === path);
  if (!found) throw new Error(`No summary of ${path}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  // Mounted here until server/app.ts mounts it; the documented path tells whether it already is.
  const mounted = t.app.openAPIRegistry.definitions.some(
    (d) => d.type === 'route' && d.route.path === SUMMARY_PATH,
  );
  if (!mounted) t.app.route('/api/forms', createSummaryRouter({ jwt: t.jwt } as AppDeps));
  const ngoId = await createTestNgo(t);
  users = await createUserPerRole(t, ngoId);
  outsider = await createTestUser(t, { ngoId: await createTestNgo(t, 'Other'), role: 'NGO_ADMIN' });
  formId = await createForm(survey);
  ids = [];
  for (const answers of responses) ids.push(await send(formId, answers));
});
afterAll(() => t.close());

describe('GET /api/forms/{formId}/summary', () => {
  it('counts each question’s answers, in form order, without groups, repeats, notes or metadata', async () => {
    const { status, body } = await summary(formId, users.ANALYST!.token);
    expect(status).toBe(200);
    expect(body.version).toBe(1);
    expect(body.responses).toBe(3);
    expect(body.questions.map((q) => q.path)).toEqual([
      'village',
      'age',
      'income',
      'has_children',
      'needs',
      'location',
      'house/roof',
      'member/member_name',
      'member/member_age',
    ]);
    expect(question(body, 'village')).toEqual({ path: 'village', type: 'text', total: 3, answered: 3 });
    expect(question(body, 'income')).toMatchObject({ total: 3, answered: 2 });
  });

  it('counts each choice, a select multiple’s choices one by one, most frequent first', async () => {
    const { body } = await summary(formId, users.STAFF!.token);
    expect(question(body, 'has_children')).toMatchObject({
      total: 3,
      answered: 3,
      counts: [
        { value: 'yes', count: 2 },
        { value: 'no', count: 1 },
      ],
    });
    expect(question(body, 'needs').counts).toEqual([
      { value: 'water', count: 3 },
      { value: 'food', count: 2 },
      { value: 'shelter', count: 1 },
    ]);
    // A question in a group is addressed through it.
    expect(question(body, 'house/roof')).toMatchObject({
      total: 3,
      answered: 1,
      counts: [{ value: 'metal', count: 1 }],
    });
  });

  it('bins numbers from the smallest answer to the largest, empty bins listed', async () => {
    const { body } = await summary(formId, users.VIEWER!.token);
    // Ages 20..45 span 26 whole numbers: bins 3 wide, 9 of them.
    const age = question(body, 'age').histogram!;
    expect(age).toHaveLength(9);
    expect(age[0]).toEqual({ from: 20, to: 23, count: 1 });
    expect(age[3]).toEqual({ from: 29, to: 32, count: 1 });
    expect(age[8]).toEqual({ from: 44, to: 47, count: 1 });
    expect(age.reduce((n, b) => n + b.count, 0)).toBe(3);
    // Decimals 10.5..20: ten bins of 0.95, the largest answer in the last.
    const income = question(body, 'income').histogram!;
    expect(income).toHaveLength(10);
    expect(income[0]).toEqual({ from: 10.5, to: 11.45, count: 1 });
    expect(income[9]).toEqual({ from: 19.05, to: 20, count: 1 });
    expect(income.slice(1, 9).every((b) => b.count === 0)).toBe(true);
  });

  it('answers the GPS positions as [latitude, longitude]', async () => {
    const { body } = await summary(formId, users.NGO_ADMIN!.token);
    const location = question(body, 'location');
    expect(location).toMatchObject({ total: 3, answered: 2 });
    expect(location.points).toEqual(
      expect.arrayContaining([
        [-1.95, 30.06],
        [-2.1, 30.4],
      ]),
    );
    expect(location.points).toHaveLength(2);
  });

  it('sums up questions inside a repeat over every instance', async () => {
    const { body } = await summary(formId, users.NGO_ADMIN!.token);
    expect(question(body, 'member/member_name')).toEqual({
      path: 'member/member_name',
      type: 'text',
      total: 3,
      answered: 3,
    });
    const ages = question(body, 'member/member_age');
    expect(ages).toMatchObject({ total: 3, answered: 3 });
    // 5..40 span 36 whole numbers: bins 4 wide.
    expect(ages.histogram![0]).toEqual({ from: 5, to: 9, count: 2 });
    expect(ages.histogram!.at(-1)).toEqual({ from: 37, to: 41, count: 1 });
  });

  it('applies the listing’s filters: review status, received range, a question’s value', async () => {
    const admin = users.NGO_ADMIN!.token;
    const review = await call(
      t.app,
      'POST',
      `/api/forms/${formId}/submissions/${ids[1]}/review`,
      { reviewStatus: 'approved' },
      admin,
    );
    expect(review.status).toBe(200);
    const approved = (await summary(formId, admin, '?reviewStatus=approved')).body;
    expect(approved.responses).toBe(1);
    expect(question(approved, 'has_children').counts).toEqual([{ value: 'no', count: 1 }]);
    expect(question(approved, 'member/member_name').total).toBe(1);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await summary(formId, admin, `?from=${encodeURIComponent(future)}`)).body.responses).toBe(0);
    const upToNow = await summary(formId, admin, `?to=${encodeURIComponent(future)}`);
    expect(upToNow.body.responses).toBe(3);

    const odd = await summary(formId, admin, '?question=house//roof/&value=metal');
    expect(odd.status).toBe(200);
    expect(odd.body.responses).toBe(0);
    const metal = (await summary(formId, admin, '?question=house/roof&value=metal')).body;
    expect(metal.responses).toBe(1);

    const withFood = (await summary(formId, admin, '?question=needs&value=food')).body;
    expect(withFood.responses).toBe(2);
    expect(question(withFood, 'age').answered).toBe(2);
  });

  it('refuses filters that are not valid with the field named', async () => {
    const res = await summary(formId, users.NGO_ADMIN!.token, '?from=yesterday&reviewStatus=maybe');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields!)).toEqual(expect.arrayContaining(['from', 'reviewStatus']));
  });

  it('gives a volunteer the summary of their own responses only', async () => {
    const volunteer = users.VOLUNTEER!.token;
    const form = await createForm(survey);
    await send(form, responses[0]);
    await send(form, responses[1], volunteer);
    const own = (await summary(form, volunteer)).body;
    expect(own.responses).toBe(1);
    expect(question(own, 'has_children').counts).toEqual([{ value: 'no', count: 1 }]);
    expect((await summary(form, users.STAFF!.token)).body.responses).toBe(2);
  });

  it('answers every role of the NGO, 404 to another NGO and 401 without a token', async () => {
    for (const role of Object.keys(users))
      expect((await summary(formId, users[role]!.token)).status).toBe(200);
    const other = await summary(formId, outsider.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Form not found.');
    expect((await call(t.app, 'GET', `/api/forms/${formId}/summary`)).status).toBe(401);
  });

  it('answers an empty summary for a form never published', async () => {
    const draft = await createForm(survey, false);
    expect((await summary(draft, users.NGO_ADMIN!.token)).body).toEqual({
      version: null,
      responses: 0,
      questions: [],
    });
  });

  it('leaves out answers that are not numbers or positions instead of failing', async () => {
    // An older version asked 'age' as text: its answers stay in the database after 'age' becomes a number.
    const form = await createForm({
      ...survey,
      questions: [
        { name: 'age', type: 'text', label: { default: 'Age' } },
        { name: 'location', type: 'text', label: { default: 'Where' } },
      ],
    });
    await send(form, { age: 'forty', location: 'by the river' });
    await send(form, { age: '1e400', location: '91 200' });
    await send(form, { age: '12', location: '0.5 0.25' });
    const token = users.NGO_ADMIN!.token;
    await call(t.app, 'PUT', `/api/forms/${form}`, { definition: survey }, token, key());
    await call(t.app, 'POST', `/api/forms/${form}/publish`, {}, token, key());
    const { status, body } = await summary(form, token);
    expect(status).toBe(200);
    expect(body.version).toBe(2);
    // Every answer counts as answered; only the numbers are binned, only valid positions plotted.
    expect(question(body, 'age')).toMatchObject({ answered: 3 });
    expect(question(body, 'age').histogram).toEqual([{ from: 12, to: 13, count: 1 }]);
    expect(question(body, 'location').points).toEqual([[0.5, 0.25]]);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as unknown as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const get = doc.paths[SUMMARY_PATH]?.get;
    expect(get).toBeDefined();
    expect(get!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['formId', 'from', 'to', 'reviewStatus', 'submittedBy', 'question', 'value']),
    );
  });
});
