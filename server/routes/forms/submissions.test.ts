import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, localDateTime } from '../../../contract/forms/engine/metadata';
import { tenantOf } from '../../services/auth/tenant-scope';
import { call, createTestApp, type TestApp } from '../../testing/test-app';
import { createTestNgo, createTestUser, createUserPerRole, type TestUser } from '../../testing/users';
import { householdSurvey } from './forms.testing';
import { editSubmissionAnswers } from './submissions.service';

let t: TestApp;
let users: Record<string, TestUser>;
let outsider: TestUser;
let formId: string;

const good = {
  village: 'Kayonza',
  visit_date: '2026-11-20',
  age: '42',
  has_children: 'yes',
  children: '3',
  member: [{ member_name: 'Aline' }, { member_name: 'Eric' }],
};

/** A form whose one date must be the day it is logged (its `today()`), a `today` field and a note. */
const visitLog = (title: string) => ({
  title,
  languages: ['default'],
  questions: [
    {
      name: 'visited_on',
      type: 'date',
      label: { default: 'Visited on' },
      constraint: '. = today()',
      constraintMessage: { default: 'The visit is logged on its day.' },
    },
    { name: 'logged_on', type: 'today' },
    { name: 'note', type: 'text', label: { default: 'Note' } },
  ],
  choices: {},
});

/** Creates and publishes a form as the NGO admin; its id. */
async function publish(definition: object): Promise<string> {
  const admin = users.NGO_ADMIN!.token;
  const id = (await call(t.app, 'POST', '/api/forms', { definition }, admin)).body.id as string;
  await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, admin);
  return id;
}

const send = (answers: unknown, instanceId: string = randomUUID(), token?: string, version = 1) =>
  call(t.app, 'POST', `/api/forms/${formId}/submissions`, { instanceId, version, answers }, token);

beforeAll(async () => {
  t = await createTestApp();
  const ngoId = await createTestNgo(t);
  users = await createUserPerRole(t, ngoId);
  outsider = await createTestUser(t, { ngoId: await createTestNgo(t, 'Other'), role: 'NGO_ADMIN' });
  formId = (await call(t.app, 'POST', '/api/forms', { definition: householdSurvey }, users.NGO_ADMIN!.token))
    .body.id as string;
  await call(t.app, 'POST', `/api/forms/${formId}/publish`, {}, users.NGO_ADMIN!.token);
});
afterAll(() => t.close());

describe('form responses: sending', () => {
  it('stores a visitor’s response once per instance id: 201, then 200 for the same, 409 for another body', async () => {
    const instanceId = randomUUID();
    const first = await send(good, instanceId);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      instanceId,
      version: 1,
      answers: good,
      submittedBy: null,
      reviewStatus: 'received',
    });
    const replay = await send({ ...good }, instanceId);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);
    const other = await send({ ...good, village: 'Rwamagana' }, instanceId);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('instance_conflict');
  });

  it('stores exactly one row for 20 concurrent sends of one instance', async () => {
    const instanceId = randomUUID();
    const before = (await call(t.app, 'GET', `/api/forms/${formId}`, undefined, users.NGO_ADMIN!.token)).body
      .responseCount as number;
    const results = await Promise.all(Array.from({ length: 20 }, () => send(good, instanceId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const after = (await call(t.app, 'GET', `/api/forms/${formId}`, undefined, users.NGO_ADMIN!.token)).body;
    expect(after.responseCount).toBe(before + 1);
    expect(after.lastSubmissionAt).toEqual(expect.any(String));
  });

  it('refuses what the fill page refuses, with the question’s own message', async () => {
    const missing = await send({ ...good, village: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ village: 'Say which village.' });

    const child = await send({ ...good, age: '12' });
    expect(child.body.fields).toMatchObject({ age: 'The head of household is an adult.' });

    const notANumber = await send({ ...good, age: 'forty' });
    expect(notANumber.status).toBe(400);
    expect(Object.keys(notANumber.body.fields as object)).toContain('age');

    const unnamed = await send({ ...good, member: [{ member_name: 'Aline' }, { member_name: '' }] });
    expect(Object.keys(unnamed.body.fields as object)).toEqual([
      expect.stringMatching(/member\[2\].*member_name/),
    ]);

    const unknownChoice = await send({ ...good, has_children: 'maybe' });
    expect(Object.keys(unknownChoice.body.fields as object)).toContain('has_children');

    const stranger = await send({ ...good, salary: '100' });
    expect(stranger.status).toBe(400);

    const wrongVersion = await send(good, randomUUID(), undefined, 7);
    expect(wrongVersion.body.fields).toMatchObject({ version: 'This form has no version 7.' });
  });

  it('checks today() as of when the response was finished on the device, not when it arrived', async () => {
    const id = await publish(visitLog('Visit log'));
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    const day = localDate(threeDaysAgo);
    const sendVisit = (submittedAt?: string) =>
      call(t.app, 'POST', `/api/forms/${id}/submissions`, {
        instanceId: randomUUID(),
        version: 1,
        answers: { visited_on: day },
        ...(submittedAt && { submittedAt }),
      });
    // Filled offline three days ago, sent now: accepted as the volunteer's phone accepted it.
    expect((await sendVisit(localDateTime(threeDaysAgo))).status).toBe(201);
    // Without the device's time, or with one far in the future, the server's own day applies.
    const undated = await sendVisit();
    expect(undated.status).toBe(400);
    expect(undated.body.fields).toMatchObject({ visited_on: 'The visit is logged on its day.' });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await sendVisit(future)).status).toBe(400);
  });

  it('keeps a select’s attached CSV with the form and takes only the names it lists', async () => {
    const visit = {
      title: 'District visits',
      languages: ['default'],
      questions: [
        { name: 'district', type: 'select_one_from_file', listName: 'districts.csv', required: 'yes' },
      ],
      choices: {},
      attachments: {
        'districts.csv': {
          columns: ['name', 'label'],
          rows: [
            ['kgl', 'Kigali'],
            ['hye', 'Huye'],
          ],
        },
      },
    };
    const id = await publish(visit);
    const published = await call(t.app, 'GET', `/api/forms/${id}/definition`);
    expect((published.body.definition as { attachments: unknown }).attachments).toEqual(visit.attachments);
    const sendDistrict = (district: string) =>
      call(t.app, 'POST', `/api/forms/${id}/submissions`, {
        instanceId: randomUUID(),
        version: 1,
        answers: { district },
      });
    expect((await sendDistrict('hye')).status).toBe(201);
    const unknown = await sendDistrict('nyc');
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields as object)).toEqual(['district']);
  });

  it('checks today() on the date the device showed, by the offset its time is written with', async () => {
    const id = await publish(visitLog('Late visit log'));
    // Yesterday 23:00 UTC: already today in Kigali (01:00, +02:00), still yesterday in New York (-05:00).
    const lateUtc = new Date();
    lateUtc.setUTCDate(lateUtc.getUTCDate() - 1);
    lateUtc.setUTCHours(23, 0, 0, 0);
    const kigali = localDateTime(lateUtc, 120);
    const newYork = localDateTime(lateUtc, -300);
    const kigaliDay = kigali.slice(0, 10);
    const newYorkDay = newYork.slice(0, 10);
    expect(kigaliDay).not.toBe(newYorkDay);
    const sendVisit = (day: string, submittedAt: string) =>
      call(t.app, 'POST', `/api/forms/${id}/submissions`, {
        instanceId: randomUUID(),
        version: 1,
        answers: { visited_on: day },
        submittedAt,
      });
    const kept = await sendVisit(kigaliDay, kigali);
    expect(kept.status).toBe(201);
    expect(kept.body.answers).toMatchObject({ visited_on: kigaliDay, logged_on: kigaliDay });
    expect((await sendVisit(newYorkDay, newYork)).status).toBe(201);
    // An offset no clock has is refused as a time, not read.
    const impossible = await sendVisit(kigaliDay, `${kigaliDay}T01:00:00.000+99:00`);
    expect(impossible.status).toBe(400);
    expect(Object.keys(impossible.body.fields as object)).toEqual(['submittedAt']);
    const refused = await sendVisit(kigaliDay, newYork);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toMatchObject({ visited_on: 'The visit is logged on its day.' });
  });

  it('drops answers to questions skipped by their logic, and requires them only when shown', async () => {
    const noChildren = await send({ ...good, has_children: 'no', children: '' });
    expect(noChildren.status).toBe(201);
    const kept = await send({ ...good, has_children: 'no', children: '5' });
    expect(kept.status).toBe(201);
    expect((kept.body.answers as Record<string, unknown>).children ?? '').toBe('');
    const required = await send({ ...good, has_children: 'yes', children: '' });
    expect(Object.keys(required.body.fields as object)).toEqual(['children']);
  });

  it('remembers a signed-in member as the sender, and refuses a token that no longer holds', async () => {
    const res = await send(good, randomUUID(), users.VOLUNTEER!.token);
    expect(res.status).toBe(201);
    expect(res.body.submittedBy).toMatchObject({ id: users.VOLUNTEER!.id });
    expect((await send(good, randomUUID(), 'not-a-token')).status).toBe(401);
  });

  it('refuses responses to a closed form and to unknown forms', async () => {
    const id = (
      await call(t.app, 'POST', '/api/forms', { definition: householdSurvey }, users.NGO_ADMIN!.token)
    ).body.id as string;
    const post = (instanceId = randomUUID()) =>
      call(t.app, 'POST', `/api/forms/${id}/submissions`, { instanceId, version: 1, answers: good });
    expect((await post()).status).toBe(404);
    await call(t.app, 'POST', `/api/forms/${id}/publish`, {}, users.NGO_ADMIN!.token);
    const sent = randomUUID();
    expect((await post(sent)).status).toBe(201);
    await call(t.app, 'POST', `/api/forms/${id}/close`, {}, users.NGO_ADMIN!.token);
    const closed = await post();
    expect([closed.status, closed.body.code]).toEqual([409, 'form_closed']);
    // A retry of what was sent before the form closed is still answered as stored.
    expect((await post(sent)).status).toBe(200);
  });

  it('refuses malformed sends with field messages', async () => {
    const res = await call(t.app, 'POST', `/api/forms/${formId}/submissions`, {
      instanceId: 'abc',
      version: 'one',
      answers: 'x',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object).sort()).toEqual(['answers', 'instanceId', 'version']);
  });
});

describe('form responses: reading and review', () => {
  let volunteersOwn: string;
  let visitors: string;

  beforeAll(async () => {
    volunteersOwn = (await send(good, randomUUID(), users.VOLUNTEER!.token)).body.id as string;
    visitors = (await send(good)).body.id as string;
  });

  it('lets readers page through every response and a volunteer through their own', async () => {
    const first = await call(
      t.app,
      'GET',
      `/api/forms/${formId}/submissions?limit=2`,
      undefined,
      users.ANALYST!.token,
    );
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const cursor = first.headers.get('next-cursor');
    expect(cursor).toBeTruthy();
    const second = await call(
      t.app,
      'GET',
      `/api/forms/${formId}/submissions?limit=2&cursor=${encodeURIComponent(cursor!)}`,
      undefined,
      users.ANALYST!.token,
    );
    const ids = [...(first.body as { id: string }[]), ...(second.body as { id: string }[])].map((s) => s.id);
    expect(new Set(ids).size).toBe(4);

    const own = await call(
      t.app,
      'GET',
      `/api/forms/${formId}/submissions`,
      undefined,
      users.VOLUNTEER!.token,
    );
    const ownIds = (own.body as { id: string; submittedBy: { id: string } }[]).map((s) => s.submittedBy.id);
    expect(ownIds.length).toBeGreaterThan(0);
    expect(new Set(ownIds)).toEqual(new Set([users.VOLUNTEER!.id]));
    expect(
      (
        await call(
          t.app,
          'GET',
          `/api/forms/${formId}/submissions/${visitors}`,
          undefined,
          users.VOLUNTEER!.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          t.app,
          'GET',
          `/api/forms/${formId}/submissions/${volunteersOwn}`,
          undefined,
          users.VOLUNTEER!.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/forms/${formId}/submissions`, undefined, outsider.token)).status,
    ).toBe(404);
  });

  it('lets reviewers approve, reject with a reason and correct answers; others may not', async () => {
    const path = `/api/forms/${formId}/submissions/${visitors}`;
    for (const role of ['VOLUNTEER', 'ANALYST', 'VIEWER'])
      expect(
        (await call(t.app, 'POST', `${path}/review`, { reviewStatus: 'approved' }, users[role]!.token))
          .status,
      ).toBe(403);
    const noReason = await call(
      t.app,
      'POST',
      `${path}/review`,
      { reviewStatus: 'rejected' },
      users.STAFF!.token,
    );
    expect(noReason.body.fields).toMatchObject({ comment: 'Say why the response is rejected.' });
    const rejected = await call(
      t.app,
      'POST',
      `${path}/review`,
      { reviewStatus: 'rejected', comment: 'Wrong village' },
      users.STAFF!.token,
    );
    expect(rejected.body).toMatchObject({ reviewStatus: 'rejected', reviewComment: 'Wrong village' });

    const bad = await call(
      t.app,
      'PUT',
      `${path}/answers`,
      { answers: { ...good, age: '3' } },
      users.STAFF!.token,
    );
    expect(bad.body.fields).toMatchObject({ age: 'The head of household is an adult.' });
    const fixed = await call(
      t.app,
      'PUT',
      `${path}/answers`,
      { answers: { ...good, village: 'Ngoma' }, comment: 'Typo' },
      users.NGO_ADMIN!.token,
    );
    expect(fixed.status).toBe(200);
    expect((fixed.body.answers as Record<string, unknown>).village).toBe('Ngoma');
    // A reviewer may add and remove a repeat's entries; each new entry is checked like the rest.
    const unnamed = await call(
      t.app,
      'PUT',
      `${path}/answers`,
      { answers: { ...good, village: 'Ngoma', member: [{ member_name: 'Eric' }, { member_name: '' }] } },
      users.NGO_ADMIN!.token,
    );
    expect(Object.keys(unnamed.body.fields as object)).toEqual(['member[2]/member_name']);
    const regrouped = await call(
      t.app,
      'PUT',
      `${path}/answers`,
      {
        answers: {
          ...good,
          village: 'Ngoma',
          member: [{ member_name: 'Eric' }, { member_name: 'Nadia' }, { member_name: 'Jean' }],
        },
      },
      users.NGO_ADMIN!.token,
    );
    expect(regrouped.status).toBe(200);
    expect(regrouped.body.answers).toMatchObject({
      member: [{ member_name: 'Eric' }, { member_name: 'Nadia' }, { member_name: 'Jean' }],
    });
    expect(
      (await call(t.app, 'POST', `${path}/review`, { reviewStatus: 'approved' }, outsider.token)).status,
    ).toBe(404);

    const history = await call(t.app, 'GET', `${path}/history`, undefined, users.ANALYST!.token);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject([
      { kind: 'answers', previous: { member: [{ member_name: 'Aline' }, { member_name: 'Eric' }] } },
      {
        kind: 'answers',
        comment: 'Typo',
        previous: { village: 'Kayonza' },
        editedBy: { id: users.NGO_ADMIN!.id },
      },
      {
        kind: 'review',
        previous: { reviewStatus: 'received', reviewComment: null },
        editedBy: { id: users.STAFF!.id },
      },
    ]);
    expect((await call(t.app, 'GET', `${path}/history`, undefined, users.VOLUNTEER!.token)).status).toBe(403);
    expect((await call(t.app, 'GET', `${path}/history`, undefined, outsider.token)).status).toBe(404);
  });

  it('checks a reviewer’s correction on the volunteer’s day, by the offset the response was written with', async () => {
    const id = await publish(visitLog('Corrected visit log'));
    const yesterdayUtc = (hours: number, minutes: number) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() - 1);
      d.setUTCHours(hours, minutes, 0, 0);
      return d;
    };
    // A moment whose date in the volunteer's zone is not the server's: 00:30 in Kigali while a server
    // west of it (UTC, Pago Pago) is still on the day before, 23:30 in Kigali while one east of it
    // (Kiritimati) is on the next day; for a server in Kigali's own zone, a volunteer in New York.
    const [offset, at] = (
      [
        [120, yesterdayUtc(22, 30)],
        [120, yesterdayUtc(21, 30)],
        [-300, yesterdayUtc(23, 0)],
      ] as const
    ).find(([o, d]) => localDate(d, o) !== localDate(d))!;
    const volunteerDay = localDate(at, offset);
    const serverDay = localDate(at);
    const respond = async (submittedAt: string, day: string) => {
      const res = await call(t.app, 'POST', `/api/forms/${id}/submissions`, {
        instanceId: randomUUID(),
        version: 1,
        answers: { visited_on: day },
        submittedAt,
      });
      expect(res.status).toBe(201);
      return { id: res.body.id as string, answers: res.body.answers as Record<string, string> };
    };
    // The reviewer corrects at `at`: the service as the answers route calls it, with the clock set.
    const reviewer = users.STAFF!;
    const correct = (response: { id: string; answers: Record<string, string> }, visitedOn: string) =>
      editSubmissionAnswers(
        t.db,
        tenantOf(reviewer),
        reviewer.id,
        id,
        response.id,
        { ...response.answers, visited_on: visitedOn, note: 'Seen again' },
        undefined,
        at,
      );
    const refusal = { status: 400, fields: { visited_on: 'The visit is logged on its day.' } };

    const written = await respond(localDateTime(at, offset), volunteerDay);
    await expect(correct(written, volunteerDay)).resolves.toMatchObject({
      answers: { visited_on: volunteerDay, note: 'Seen again' },
    });
    await expect(correct(written, serverDay)).rejects.toMatchObject(refusal);
    // Through the route, now: today() is the volunteer's today.
    const now = new Date();
    const fixed = await call(
      t.app,
      'PUT',
      `/api/forms/${id}/submissions/${written.id}/answers`,
      { answers: { ...written.answers, visited_on: localDate(now, offset), note: 'Seen today' } },
      reviewer.token,
    );
    expect(fixed.status).toBe(200);

    // A time written in UTC tells no zone: its corrections are read in the server's, as its send was.
    const utc = await respond(at.toISOString(), serverDay);
    await expect(correct(utc, serverDay)).resolves.toMatchObject({ answers: { note: 'Seen again' } });
    await expect(correct(utc, volunteerDay)).rejects.toMatchObject(refusal);
  });

  it('filters by a question’s answer, a select multiple’s choice included', async () => {
    const marker = `Village ${Date.now()}`;
    await send({ ...good, village: marker });
    const list = async (query: string) =>
      (await call(t.app, 'GET', `/api/forms/${formId}/submissions?${query}`, undefined, users.ANALYST!.token))
        .body as { answers: Record<string, unknown> }[];
    const byVillage = await list(`question=village&value=${encodeURIComponent(marker)}`);
    expect(byVillage.map((r) => r.answers.village)).toEqual([marker]);
    const byRepeatless = await list('question=has_children&value=nobody');
    expect(byRepeatless).toEqual([]);
    expect(await list('question=a//b&value=1')).toEqual([]);
    const bad = await call(
      t.app,
      'GET',
      `/api/forms/${formId}/submissions?question=${encodeURIComponent("x'); drop")}&value=1`,
      undefined,
      users.ANALYST!.token,
    );
    expect(bad.status).toBe(400);
  });
});
