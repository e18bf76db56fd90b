import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { users } from '../db/schema';
import { normalizeRole } from '../../contract/roles';
import { can, type Action } from '../../contract/permissions';
import type { AppBindings, AppDeps } from './context';
import { ApiError } from '../services/api-error';
import { tenantOf } from '../services/auth/tenant-scope';

/** Bearer token → the current user and tenant, re-read from the database so revoked sessions stop at once. */
export function requireAuth(deps: Pick<AppDeps, 'jwt'>) {
  return authenticate(deps, true);
}

/**
 * For public routes that remember who a signed-in caller is (a form filled while signed in): no token,
 * no user; a token that no longer holds is a 401 as anywhere else, so the device signs in again rather
 * than sending as a stranger.
 */
export function optionalAuth(deps: Pick<AppDeps, 'jwt'>) {
  return authenticate(deps, false);
}

function authenticate(deps: Pick<AppDeps, 'jwt'>, required: boolean) {
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
    const role = normalizeRole(user.role);
    c.set('user', { id: user.id, ngoId: user.ngoId, role, name: user.name, email: user.email });
    c.set('tenant', tenantOf({ ngoId: user.ngoId, role }));
    await next();
  });
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
