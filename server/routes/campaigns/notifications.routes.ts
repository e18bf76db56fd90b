import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { inAppNotification } from '../../../contract/campaigns';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { PER_USER } from '../../http/etag';
import { bearer, errors, jsonBody, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { isoText } from '../../services/sql-json';

const tags = ['Bulk notifications'];

export const notificationList = z.object({
  unread: z.number().int(),
  items: z.array(inAppNotification),
});
const markRead = z.object({
  /** The notifications to mark read; absent: all of the caller's. */
  ids: z.array(z.string().max(64)).max(100).optional(),
});

/** /api/notifications: the caller's in-app notifications (a campaign's in_app channel), newest first. */
export function createNotificationsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const may = requirePermission('notifications:read');

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The caller’s last 50 in-app notifications and how many are unread',
    security: bearer,
    middleware: [auth, may] as const,
    responses: { 200: jsonResponse(notificationList, 'The notifications'), ...errors(401, 403) },
  });
  const readRoute = createRoute({
    method: 'post',
    path: '/read',
    tags,
    summary: 'Mark some (or all) of the caller’s notifications read',
    security: bearer,
    middleware: [auth, may] as const,
    request: { body: jsonBody(markRead) },
    responses: { 204: { description: 'Marked' }, ...errors(400, 401, 403) },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const userId = c.var.user.id;
      const result = await c.var.db.execute<{
        unread: number;
        items: z.infer<typeof inAppNotification>[] | null;
      }>(
        sql`select (select count(*)::int from notifications where user_id = ${userId} and read_at is null) as unread,
          (select json_agg(x) from (
            select n.id, n.title, n.body, coalesce(g.name, 'NGO Portal') as "from",
              ${isoText('n.created_at')} as "createdAt", ${isoText('n.read_at')} as "readAt"
            from notifications n left join ngos g on g.id = n.ngo_id
            where n.user_id = ${userId} order by n.created_at desc, n.id desc limit 50) x) as items`,
      );
      const row = result.rows[0];
      c.header('Cache-Control', PER_USER);
      return c.json({ unread: Number(row?.unread ?? 0), items: row?.items ?? [] }, 200);
    })
    .openapi(readRoute, async (c) => {
      const { ids } = c.req.valid('json');
      const which = ids
        ? ids.length
          ? sql`and id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql`and false`
        : sql``;
      await c.var.db.execute(
        sql`update notifications set read_at = now() where user_id = ${c.var.user.id} and read_at is null ${which}`,
      );
      return c.body(null, 204);
    });
}
