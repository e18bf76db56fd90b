import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        // The path only: query strings carry emailed tokens (?token=, ?unlock=) and search terms.
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  };
}
