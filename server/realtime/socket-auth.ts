import { eq, inArray } from 'drizzle-orm';
import { can } from '../../contract/permissions';
import { normalizeRole } from '../../contract/roles';
import type { DbExecutor } from '../db';
import { users } from '../db/schema';
import type { Jwt } from '../services/auth/jwt';
import type { AuthUser } from '../http/context';

/** Who a socket belongs to, and the session version its token was signed with. */
export interface SocketUser extends AuthUser {
  sessionVersion: number;
}

/**
 * The socket's token → its user, as http/auth-middleware.ts checks a bearer token: the signature and
 * expiry, then the user re-read (a password reset, a deactivation or a move to another NGO bumps the
 * session version), a deactivated account refused. Null when any of it fails, or when the role may not
 * read chat at all.
 */
export async function authenticateSocket(
  db: DbExecutor,
  jwt: Jwt,
  token: string,
): Promise<SocketUser | null> {
  const claims = await jwt.verify(token);
  if (!claims) return null;
  const [user] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!user || user.sessionVersion !== claims.sv || user.status === 'deactivated') return null;
  const role = normalizeRole(user.role);
  if (!can(role, 'chat:read')) return null;
  return {
    id: user.id,
    ngoId: user.ngoId,
    role,
    name: user.name,
    email: user.email,
    sessionVersion: claims.sv,
  };
}

/**
 * Which of these connected sessions still hold (same session version, active, same NGO): one query for
 * every socket of the process. Returns a test for each session.
 */
export async function sessionsStillValid(
  db: DbExecutor,
  connected: readonly Pick<SocketUser, 'id' | 'ngoId' | 'sessionVersion'>[],
): Promise<(session: Pick<SocketUser, 'id' | 'ngoId' | 'sessionVersion'>) => boolean> {
  const ids = [...new Set(connected.map((u) => u.id))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            ngoId: users.ngoId,
            sessionVersion: users.sessionVersion,
            status: users.status,
          })
          .from(users)
          .where(inArray(users.id, ids));
  const current = new Map(rows.map((r) => [r.id, r]));
  return (session) => {
    const now = current.get(session.id);
    return (
      now !== undefined &&
      now.sessionVersion === session.sessionVersion &&
      now.status !== 'deactivated' &&
      now.ngoId === session.ngoId
    );
  };
}
