import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PushPayload } from '../../../contract/push';
import type { DbExecutor } from '../../db';
import { pushSubscriptions } from '../../db/schema/push';
import type { PushSender } from './push-sender';

/*
 * Who gets a push for a new chat message: in a direct conversation every other member; in a channel
 * the members it mentions. Never the author, nor a deactivated member. Sent by the process that
 * committed the message, once, after commit (a push is best effort: a mention left unread is also
 * mailed, services/chat-mention-mail.ts). Whether the app is open on the device is the service
 * worker's call: it shows nothing while a window of the app has focus.
 */

const EXCERPT = 140;

interface MessageRow extends Record<string, unknown> {
  conversation_id: string;
  kind: string;
  name: string;
  author_id: string | null;
  author_name: string | null;
  body: string;
  mention_ids: string[];
  recipients: string[];
}

/** Sends the pushes a committed message calls for; returns how many devices took one. */
export async function pushChatMessage(
  db: DbExecutor,
  sender: PushSender,
  logger: Logger,
  messageId: string,
): Promise<number> {
  const found = await db.execute<MessageRow>(sql`
    select m.conversation_id, c.kind, c.name, m.author_id, a.name as author_name, m.body, m.mention_ids,
      array(
        select cm.user_id from chat_members cm join users u on u.id = cm.user_id and u.status = 'active'
        where cm.conversation_id = m.conversation_id
          and cm.user_id is distinct from m.author_id
          and (c.kind = 'direct' or cm.user_id = any(m.mention_ids))
      ) as recipients
    from chat_messages m
    join chat_conversations c on c.id = m.conversation_id
    left join users a on a.id = m.author_id
    where m.id = ${messageId} and m.deleted_at is null`);
  const message = found.rows[0];
  if (!message || message.recipients.length === 0) return 0;
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, message.recipients));
  if (devices.length === 0) return 0;

  const author = message.author_name ?? 'Someone';
  const flat = message.body.replace(/\s+/g, ' ').trim();
  const payloadFor = (userId: string): PushPayload => ({
    title:
      message.kind === 'direct'
        ? author
        : message.mention_ids.includes(userId)
          ? `${author} mentioned you in #${message.name}`
          : `${author} in #${message.name}`,
    body: flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat || 'Sent an attachment',
    url: `/team-chat?c=${encodeURIComponent(message.conversation_id)}`,
    tag: `chat-${message.conversation_id}`,
  });

  let sent = 0;
  await Promise.all(
    devices.map(async (device) => {
      const result = await sender.send(device, payloadFor(device.userId));
      if (result === 'sent') {
        sent++;
        await db
          .update(pushSubscriptions)
          .set({ lastPushedAt: sql`now()` })
          .where(eq(pushSubscriptions.endpoint, device.endpoint));
      } else if (result === 'gone') {
        await db
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.endpoint, device.endpoint), eq(pushSubscriptions.userId, device.userId)),
          );
        logger.info({ userId: device.userId }, 'push subscription gone; forgotten');
      }
    }),
  );
  return sent;
}
