import { randomUUID } from 'node:crypto';
import { activityReports } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/users';

/*
 * Test helpers of the activity reports' API tests (not a test file itself): bodies as the device sends
 * them, and rows written straight to the table where a test needs many (500 for a bulk review).
 */

export const reportId = () => randomUUID();

/** A valid create body: 2 h of service on a past day. */
export const reportBody = (extra: Record<string, unknown> = {}) => ({
  id: reportId(),
  date: '2026-03-10',
  startTime: '09:00',
  endTime: '11:00',
  description: 'Sorted donated clothes at the warehouse.',
  ...extra,
});

/** Rows of `volunteer`'s reports inserted directly (fast), pending unless said otherwise. */
export async function insertReports(
  t: TestApp,
  volunteer: TestUser,
  rows: { date?: string; minutes?: number; status?: string; category?: string; description?: string }[],
): Promise<string[]> {
  const values = rows.map((r) => ({
    id: reportId(),
    ngoId: volunteer.ngoId,
    volunteerId: volunteer.id,
    date: r.date ?? '2026-03-10',
    minutes: r.minutes ?? 60,
    reportedMinutes: r.minutes ?? 60,
    category: r.category ?? 'service',
    description: r.description ?? 'Helped at the food bank.',
    status: r.status ?? 'pending',
  }));
  if (values.length) await t.db.insert(activityReports).values(values);
  return values.map((v) => v.id);
}

/** PUT …/photos/{name} with raw bytes and their Content-Length. */
export async function sendPhoto(
  t: TestApp,
  token: string | undefined,
  id: string,
  name: string,
  bytes: Uint8Array,
) {
  const res = await t.app.request(`/api/activity-reports/${id}/photos/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: bytes,
    headers: { ...(token && { authorization: `Bearer ${token}` }), 'content-length': String(bytes.length) },
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

/** The smallest valid PNG (1×1), so the file layer sniffs image/png. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
