import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';
import type { DbExecutor } from '../db';
import { users } from '../db/schema';
import { normalizeRole } from '../../contract/roles';
import { can, type Action } from '../../contract/permissions';
import type { AppBindings, AppDeps } from './context';
import { ApiError } from '../services/api-error';
import { accountDeactivated } from '../services/auth/account-status';
import { tenantOf } from '../services/auth/tenant-scope';

type AuthDeps = Pick<AppDeps, 'jwt' | 'logger'>;

/** Members' last seen time is written at most this often, so a busy session costs no write per request. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * Bearer token → the current user and tenant, re-read from the database so revoked sessions stop at
 * once: a password reset, a deactivation or a move to another NGO bumps the session version, and a
 * deactivated account is refused whatever its token.
 */
export function requireAuth(deps: AuthDeps) {
  return authenticate(deps, true);
}

/**
 * For public routes that remember who a signed-in caller is (a form filled while signed in): no token,
 * no user; a token that no longer holds is a 401 as anywhere else, so the device signs in again rather
 * than sending as a stranger.
 */
export function optionalAuth(deps: AuthDeps) {
  return authenticate(deps, false);
}

function authenticate(deps: AuthDeps, required: boolean) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.match(/^Bearer\s+(.+)$/i)?.[1];
    if (!token && !required) return next();
    if (!token) throw new ApiError(401, 'Sign in to continue.');
    const claims = await deps.jwt.verify(token);
    if (!claims) throw new ApiError(401, 'Your session has expired. Sign in again.');
    const [user] = await c.var.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (!user || user.sessionVersion !== claims.sv) {
      throw new ApiError(401, 'Your session has expired. Sign in again.');
    }
    if (user.status === 'deactivated') {
      throw accountDeactivated(401);
    }
    if (!user.lastSeenAt || Date.now() - user.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      await noteLastSeen(c.var.db, user.id, deps.logger);
    }
    const role = normalizeRole(user.role);
    c.set('user', { id: user.id, ngoId: user.ngoId, role, name: user.name, email: user.email });
    c.set('tenant', tenantOf({ ngoId: user.ngoId, role }));
    await next();
  });
}

/**
 * Marks the member seen now, unless another request (of this replica or another) did within the last
 * 5 minutes: one conditional UPDATE on database time. A failure is logged and the request goes on:
 * the last seen time is a hint for the staff screen, never worth refusing a request for.
 */
async function noteLastSeen(db: DbExecutor, userId: string, logger: Logger) {
  try {
    await db
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.lastSeenAt), lt(users.lastSeenAt, sql`now() - interval '5 minutes'`)),
        ),
      );
  } catch (err) {
    logger.warn({ err }, 'could not record the last seen time');
  }
}

/** Use after requireAuth: 403 unless the user's role may perform the action. */
export function requirePermission(action: Action) {
  return createMiddleware<AppBindings>(async (c, next) => {
    if (!can(c.get('user').role, action)) {
      throw new ApiError(403, 'You do not have permission to do this.');
    }
    await next();
  });
}
