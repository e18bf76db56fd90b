import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppBindings, AppDeps } from '../../http/context';
import { plainPage } from '../../http/plain-page';
import { recipientOfToken } from '../../services/campaigns/links';
import { escapeHtml } from '../../services/escape-html';

/*
 * The links a campaign's email carries (ADR 0050, services/campaigns/links.ts), without a sign-in:
 * - GET /api/unsubscribe?t=…: a page saying what the link does, with one button. A GET never
 *   unsubscribes: mail scanners follow links.
 * - POST /api/unsubscribe?t=…: the button, and RFC 8058's one-click POST (`List-Unsubscribe=One-Click`)
 *   that mail apps send. Recorded for the recipient's scope (their NGO, or the newsletter), channel and
 *   address; every later send to them is marked unsubscribed instead. Idempotent.
 * - GET /api/campaigns/opened/{token}.gif: the open-tracking image; marks the email opened once.
 */

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const invalidPage = () =>
  plainPage(
    'Link not valid',
    `<section><h1>This link is not valid</h1><p>It may have been copied incompletely. Use the link in the
email you received, or ask the organisation that wrote to you.</p></section>`,
  );

interface RecipientRow {
  id: string;
  campaign_id: string;
  channel: string;
  address: string;
  scope: string;
  ngo_name: string;
  [key: string]: unknown;
}

async function recipientOf(deps: AppDeps, token: string | undefined): Promise<RecipientRow | null> {
  const id = token ? recipientOfToken(deps.env.JWT_SECRET, 'unsubscribe', token) : null;
  if (!id) return null;
  const rows = await deps.db.execute<RecipientRow>(
    sql`select r.id, r.campaign_id, r.channel, r.address, r.scope, coalesce(n.name, 'NGO Portal') as ngo_name
      from campaign_recipients r
      left join ngos n on r.scope like 'ngo:%' and n.id = substr(r.scope, 5)
      where r.id = ${id}`,
  );
  return rows.rows[0] ?? null;
}

const listName = (row: RecipientRow) =>
  row.scope === 'platform' ? 'the NGO Portal newsletter' : `messages from ${row.ngo_name}`;

export function createUnsubscribeRouter(deps: AppDeps) {
  return new Hono<AppBindings>()
    .get('/', async (c) => {
      const token = c.req.query('t');
      const row = await recipientOf(deps, token);
      c.header('Referrer-Policy', 'no-referrer');
      c.header('Cache-Control', 'private, no-store');
      if (!row) return c.html(invalidPage(), 404);
      const action = `/api/unsubscribe?t=${encodeURIComponent(token!)}`;
      return c.html(
        plainPage(
          'Unsubscribe',
          `<section><h1>Unsubscribe</h1>
<p>Stop ${escapeHtml(listName(row))} by ${row.channel === 'sms' ? 'text message' : 'email'} to
<strong>${escapeHtml(row.address)}</strong>?</p>
<form method="post" action="${escapeHtml(action)}"><button class="button" type="submit">Unsubscribe</button></form>
</section>`,
        ),
        200,
      );
    })
    .post('/', async (c) => {
      const row = await recipientOf(deps, c.req.query('t'));
      c.header('Referrer-Policy', 'no-referrer');
      c.header('Cache-Control', 'private, no-store');
      if (!row) return c.html(invalidPage(), 404);
      await deps.db.execute(
        sql`insert into notification_unsubscribes (scope, channel, address, campaign_id)
          values (${row.scope}, ${row.channel}, ${row.address}, ${row.campaign_id})
          on conflict do nothing`,
      );
      return c.html(
        plainPage(
          'Unsubscribed',
          `<section><h1>You are unsubscribed</h1>
<p>${escapeHtml(row.address)} will get no more ${escapeHtml(listName(row))} by ${
            row.channel === 'sms' ? 'text message' : 'email'
          }.</p></section>`,
        ),
        200,
      );
    });
}

export function createOpenPixelRouter(deps: AppDeps) {
  return new Hono<AppBindings>().get('/:file', async (c) => {
    const file = c.req.param('file');
    const id = file.endsWith('.gif')
      ? recipientOfToken(deps.env.JWT_SECRET, 'open', file.slice(0, -4))
      : null;
    if (id)
      await deps.db.execute(
        sql`update campaign_recipients set opened_at = now() where id = ${id} and opened_at is null`,
      );
    c.header('Content-Type', 'image/gif');
    c.header('Cache-Control', 'private, no-store');
    return c.body(GIF, 200);
  });
}
