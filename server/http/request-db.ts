import { createMiddleware } from 'hono/factory';
import type { AppBindings, AppDeps } from './context';

/**
 * Gives every request its database handle and its mail queue (ADR 0023).
 *
 * `c.var.db` starts as the pool; a transactional route's middleware (http/idempotency.ts) replaces it
 * with the request's transaction while the route runs. Handlers and the services they call query only
 * through it: on PGlite, one connection, a query on the pool while the request's transaction is open
 * would wait for that transaction forever.
 *
 * Mail queued through `c.var.mail` is delivered here, once the request's transaction has ended, whatever
 * the answer: rows of a rolled-back transaction no longer exist, so nothing of a failed request is sent,
 * while mail a non-transactional request committed (an unlock link sent with a 429) still goes.
 * `c.var.afterTransaction(task)` runs a task at the same moment (a Web Push), without delaying the answer.
 */
export function requestDb(deps: Pick<AppDeps, 'db' | 'mailer'> & { logger?: AppDeps['logger'] }) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const mail = deps.mailer.newQueue();
    const later: (() => Promise<unknown>)[] = [];
    c.set('db', deps.db);
    c.set('mail', mail);
    c.set('afterTransaction', (task) => later.push(task));
    try {
      await next();
    } finally {
      await mail.deliver();
      // Not awaited: the answer does not wait for them. Each reads what committed, so a rolled-back
      // request's tasks find nothing to act on.
      for (const task of later)
        task().catch((err: unknown) => deps.logger?.error({ err }, 'after-transaction task failed'));
    }
  });
}
