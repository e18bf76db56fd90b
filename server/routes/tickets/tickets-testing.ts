import { and, asc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { ticketDetail, type TicketCreate, type TicketDetail } from '../../../contract/tickets';
import { mailOutbox } from '../../db/schema';
import { call, type TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/users';

/** Helpers of the tickets API tests: each call checks its status and answers the parsed body. */
export function ticketClient(t: TestApp) {
  const send = (
    method: string,
    path: string,
    user: TestUser | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => call(t.app, method, `/api/tickets${path}`, body, user?.token, headers);

  const expectStatus = async <T>(promise: ReturnType<typeof send>, status: number): Promise<T> => {
    const res = await promise;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as unknown as T;
  };

  const detail = async (promise: ReturnType<typeof send>, status: number) =>
    ticketDetail.parse(await expectStatus<unknown>(promise, status));

  return {
    send,
    expectStatus,
    open: (user: TestUser, body: Partial<TicketCreate> = {}, status = 201): Promise<TicketDetail> =>
      detail(
        send('POST', '', user, {
          subject: 'The donation page shows an error',
          description: 'Since this morning the page answers “something went wrong”.',
          category: 'problem',
          ...body,
        }),
        status,
      ),
    get: (user: TestUser, id: string) => detail(send('GET', `/${id}`, user), 200),
    change: (user: TestUser, id: string, body: Record<string, unknown>) =>
      detail(send('PATCH', `/${id}`, user, body), 200),
    reply: (user: TestUser, id: string, body: Record<string, unknown>) =>
      detail(send('POST', `/${id}/replies`, user, body), 201),
    rate: (user: TestUser, id: string, body: Record<string, unknown>) =>
      detail(send('PUT', `/${id}/rating`, user, body), 200),
  };
}
export type TicketClient = ReturnType<typeof ticketClient>;

/** The mail queued to `to` whose subject holds `subjectPart`. */
export const mailsTo = (t: TestApp, to: string, subjectPart: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subjectPart}%`)))
    // Oldest first: a table without ORDER BY answers in whatever order its pages hold (CI saw it reversed).
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));

/** Every address mailed with `subjectPart` in the subject, sorted. */
export async function mailedAbout(t: TestApp, subjectPart: string): Promise<string[]> {
  const rows = await t.db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `%${subjectPart}%`));
  return rows.map((r) => r.to).sort();
}
