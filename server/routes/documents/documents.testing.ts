import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { issuedDocument, type DocumentIssue, type IssuedDocument } from '../../../contract/documents';
import { activityReports } from '../../db/schema';
import { call, type TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/users';

/** An activity report written straight to the table, as the review screens would leave it. */
export async function insertReport(
  t: TestApp,
  volunteer: TestUser,
  date: string,
  minutes: number,
  status: 'approved' | 'pending' | 'declined' = 'approved',
  taskId: string | null = null,
) {
  const id = randomUUID();
  await t.db.insert(activityReports).values({
    id,
    ngoId: volunteer.ngoId,
    volunteerId: volunteer.id,
    taskId,
    date,
    minutes,
    reportedMinutes: minutes,
    description: 'Helped at the distribution.',
    status,
  });
  return id;
}

/** POST /api/documents, expecting a 201. */
export async function issue(
  t: TestApp,
  admin: TestUser,
  body: DocumentIssue,
  headers: Record<string, string> = {},
): Promise<IssuedDocument> {
  const res = await call(t.app, 'POST', '/api/documents', body, admin.token, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return issuedDocument.parse(res.body);
}

/** GET /api/documents/{id}/pdf as `user`: the answer and its bytes. */
export async function downloadPdf(t: TestApp, user: TestUser | undefined, documentId: string) {
  const res = await t.app.request(`/api/documents/${documentId}/pdf`, {
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The text of a PDF as a reader extracts it (PDF.js through unpdf), whitespace collapsed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).text;
}

/** The text of a PDF and its number of pages. */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { extractText } = await import('unpdf');
  const { text, totalPages } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}
