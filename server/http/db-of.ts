import type { Context } from 'hono';
import type { Database, DbExecutor } from '../db';
import type { AppBindings } from './context';

/**
 * The handle a handler must query through: the request's transaction when the idempotency
 * middleware opened one, else the database. On PGlite, querying `db` while that transaction is
 * open waits forever (one connection), so inside a handler never use `deps.db` directly.
 */
export const dbOf = (c: Context<AppBindings>, db: Database): DbExecutor => c.get('tx') ?? db;
