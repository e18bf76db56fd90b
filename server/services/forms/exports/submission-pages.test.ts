import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions, forms } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createTestNgo, createTestUser, type TestUser } from '../../../testing/users';
import { newId } from '../../ids';
import type { ExportSubmission } from './export-types';
import { submissionPages, type SubmissionFilter } from './submission-pages';
import { villageSurvey } from './survey.testing';

let t: TestApp;
let member: TestUser;
let formId: string;
let otherFormId: string;
/** The rows in the order an export must read them. */
const expected: string[] = [];

// Ten rows in the same microsecond, five one microsecond later: pages must cut between equal times.
const T0 = '2026-06-01T10:00:00.000001Z';
const T1 = '2026-06-01T10:00:00.000002Z';

async function insert(
  form: string,
  id: string,
  receivedAt: string,
  extra: Partial<typeof formSubmissions.$inferInsert> = {},
) {
  await t.db.insert(formSubmissions).values({
    id,
    ngoId: member.ngoId,
    formId: form,
    version: 1,
    instanceId: newId(),
    bodyHash: 'x',
    answers: { respondent: id, household: { size: '3' } },
    receivedAt: sql`${receivedAt}::timestamptz` as unknown as Date,
    ...extra,
  });
}

async function readAll(filter: Partial<SubmissionFilter>, pageSize = 4) {
  const pages: ExportSubmission[][] = [];
  for await (const page of submissionPages(
    t.db,
    { formId, asOf: new Date('2030-01-01'), ...filter },
    pageSize,
  ))
    pages.push(page);
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  const ngoId = await createTestNgo(t);
  member = await createTestUser(t, { ngoId, role: 'VOLUNTEER', name: 'Vée Volunteer' });
  [formId, otherFormId] = [newId(), newId()];
  for (const id of [formId, otherFormId])
    await t.db.insert(forms).values({ id, ngoId, title: 'Survey', draft: villageSurvey, status: 'open' });
  // Inserted out of order: the export reads by received time, then id.
  for (let i = 9; i >= 0; i--) await insert(formId, `a${i}`, T0);
  for (let i = 4; i >= 0; i--)
    await insert(formId, `b${i}`, T1, {
      submittedBy: member.id,
      reviewStatus: i % 2 ? 'approved' : 'received',
    });
  await insert(formId, 'c0', '2026-06-02T00:00:00Z', {
    submittedAt: new Date('2026-06-01T23:59:00.123Z'),
  });
  await insert(formId, 'future', '2031-01-01T00:00:00Z');
  await insert(otherFormId, 'elsewhere', T0);
  expected.push(...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `a${i}`), 'b0', 'b1', 'b2', 'b3', 'b4', 'c0');
});
afterAll(() => t.close());

describe('keyset pages of responses', () => {
  it('reads every response of the form once, oldest first, in pages of the size asked', async () => {
    const pages = await readAll({});
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 4]);
    expect(pages.flat().map((s) => s.id)).toEqual(expected);
    const one = await readAll({}, 1_000);
    expect(one).toHaveLength(1);
    expect(one[0]!.map((s) => s.id)).toEqual(expected);
  });

  it('stops at the export’s own cut, so responses arriving during it are left for the next', async () => {
    const ids = (await readAll({ asOf: new Date('2031-06-01') })).flat().map((s) => s.id);
    expect(ids).toEqual([...expected, 'future']);
  });

  it('formats metadata: times in ISO UTC, the submitter’s name, answers parsed', async () => {
    const rows = (await readAll({})).flat();
    const b0 = rows.find((s) => s.id === 'b0')!;
    const c0 = rows.find((s) => s.id === 'c0')!;
    expect(b0).toMatchObject({
      version: 1,
      submittedBy: 'Vée Volunteer',
      submittedAt: null,
      receivedAt: '2026-06-01T10:00:00.000Z',
      reviewStatus: 'received',
      answers: { respondent: 'b0', household: { size: '3' } },
    });
    expect(c0).toMatchObject({
      submittedBy: '',
      submittedAt: '2026-06-01T23:59:00.123Z',
      receivedAt: '2026-06-02T00:00:00.000Z',
    });
  });

  it('filters as the listing does: received range, review state, submitter', async () => {
    const ids = async (filter: Partial<SubmissionFilter>) => (await readAll(filter)).flat().map((s) => s.id);
    expect(await ids({ from: '2026-06-01T12:00:00Z' })).toEqual(['c0']);
    expect(await ids({ to: T1 })).toEqual(expected.slice(0, 10));
    expect(await ids({ reviewStatus: 'approved' })).toEqual(['b1', 'b3']);
    expect(await ids({ submittedBy: member.id })).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
    expect(
      await ids({ submittedBy: member.id, reviewStatus: 'received', to: '2026-06-01T11:00:00Z' }),
    ).toEqual(['b0', 'b2', 'b4']);
  });

  it('stops reading when the consumer stops', async () => {
    const pages = submissionPages(t.db, { formId, asOf: new Date('2030-01-01') }, 2);
    const first = await pages.next();
    expect(first.value).toHaveLength(2);
    await pages.return(undefined);
    expect((await pages.next()).done).toBe(true);
  });
});
