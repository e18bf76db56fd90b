import { roles } from '../../contract/roles';
import { ngos, users } from '../db/schema';
import { newId } from '../services/ids';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  ngoId: string;
  name: string;
  email: string;
  role: string;
  /** A signed bearer token for this user. */
  token: string;
}

/** A fresh organisation; returns its id. */
export async function createTestNgo(t: TestApp, name = 'Test Relief'): Promise<string> {
  const id = newId();
  await t.db.insert(ngos).values({ id, name });
  return id;
}

/**
 * A verified user with a fresh id and address, plus a token, without going through sign-up (and its
 * deliberately slow password hashing). The password hash is a placeholder: sign in with the token.
 */
export async function createTestUser(
  t: TestApp,
  options: { ngoId: string; role: string; name?: string; email?: string },
): Promise<TestUser> {
  const id = newId();
  const user = {
    id,
    ngoId: options.ngoId,
    name: options.name ?? `${options.role} user`,
    email: options.email ?? `${options.role.toLowerCase()}.${id}@users.test`,
    role: options.role,
  };
  await t.db.insert(users).values({ ...user, passwordHash: 'not-a-real-hash', emailVerifiedAt: new Date() });
  const token = await t.jwt.sign({ sub: id, ngo: options.ngoId, role: options.role, sv: 1 });
  return { ...user, token };
}

/** Every role except SUPER_ADMIN, plus the legacy lowercase 'admin': the ones a SUPER_ADMIN-only route refuses. */
export const rolesBelowSuperAdmin = [...roles.filter((r) => r !== 'SUPER_ADMIN'), 'admin'] as const;

/** One user per role in one organisation, keyed by role (and 'admin' for the legacy spelling). */
export async function createUserPerRole(t: TestApp, ngoId: string): Promise<Record<string, TestUser>> {
  const all: Record<string, TestUser> = {};
  for (const role of [...roles, 'admin']) all[role] = await createTestUser(t, { ngoId, role });
  return all;
}
