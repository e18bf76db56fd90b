import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ACCEPT_INVITE_PATH } from '../../../contract/members';
import { invites, mailOutbox, ngoSubscriptions, users } from '../../db/schema';
import { hashPassword } from '../../services/auth/passwords';
import { hashToken } from '../../services/auth/tokens';
import { newId } from '../../services/ids';
import type { TestApp } from '../../testing/test-app';

/** A running paid subscription, as the payments ledger writes one, so the NGO gets that plan's limits. */
export async function givePlan(t: TestApp, ngoId: string, planId: 'growth' | 'impact') {
  const values = {
    planId,
    status: 'active',
    activatedAt: new Date(),
    renewsAt: new Date(Date.now() + 30 * 86_400_000),
  };
  await t.db
    .insert(ngoSubscriptions)
    .values({ ngoId, ...values })
    .onConflictDoUpdate({ target: ngoSubscriptions.ngoId, set: values });
}

/** Gives a test user (made with a placeholder hash) a real password, so they can sign in. */
export async function setPassword(t: TestApp, userId: string, password: string) {
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
}

/**
 * A pending invitation written straight to the database, past any limit, with its token: the way to
 * set up more invitations than the plan allows (a plan downgraded after they were sent).
 */
export async function insertInvite(t: TestApp, ngoId: string, email: string, role = 'VOLUNTEER') {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(invites).values({
    id: newId(),
    ngoId,
    email,
    role,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + interval '7 days'`,
  });
  return token;
}

/** The token of the newest invitation link mailed to `to`, checking the link's shape on the way. */
export async function inviteTokenMailedTo(t: TestApp, to: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail?.link) throw new Error(`no invitation mailed to ${to}`);
  const url = new URL(mail.link);
  expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:3000${ACCEPT_INVITE_PATH}`);
  expect(mail.text).toContain(mail.link);
  return url.searchParams.get('token') ?? '';
}

export async function mailCountTo(t: TestApp, to: string) {
  return t.db.$count(mailOutbox, eq(mailOutbox.to, to));
}

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
