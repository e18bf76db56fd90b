import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db';
import type { Mailer } from './mailer';
import { scheduleJob } from './scheduled-job';

/*
 * The mail for mentions left unread (issue 16): a member mentioned in a conversation who has not read
 * the message `delayMinutes` after it was sent gets one mail naming the mentions waiting for them, with
 * a link to the conversation. Each mention is mailed at most once: `chat_members.mention_mailed_seq`
 * moves past the newest mention mailed, in the same transaction that queues the mail, by a conditional
 * UPDATE, so two processes running the sweep at once mail each member once (the second's UPDATE finds
 * the mark already moved and returns nothing). A mention read in time (last_read_seq past it), deleted,
 * or by the member themselves is never mailed; a deactivated member gets nothing.
 */

/** Members mailed per run at most: the rest wait for the next minute. */
const BATCH = 200;
/** The mentions quoted in one mail at most (the mail says how many more wait). */
const QUOTED = 3;
const EXCERPT = 280;

interface DueRow extends Record<string, unknown> {
  conversation_id: string;
  user_id: string;
  upto: number;
  count: number;
  email: string;
  user_name: string;
  conversation_name: string;
  kind: string;
}

/** Mails the mentions due now; returns how many members were mailed. */
export async function mailUnreadMentions(
  db: Database,
  mailer: Mailer,
  opts: { delayMinutes: number; appUrl: string },
): Promise<number> {
  const mail = mailer.newQueue();
  const mailed = await db.transaction(async (tx) => {
    const due = await tx.execute<DueRow>(sql`
      with due as (
        select cm.conversation_id, cm.user_id, max(m.seq) as upto, count(*)::int as count
        from chat_members cm
        join chat_messages m on m.conversation_id = cm.conversation_id
          and m.seq > greatest(cm.last_read_seq, cm.mention_mailed_seq)
        where cm.user_id = any(m.mention_ids)
          and m.deleted_at is null
          and m.author_id is distinct from cm.user_id
          and m.created_at <= now() - make_interval(mins => ${opts.delayMinutes})
        group by cm.conversation_id, cm.user_id
        limit ${BATCH}
      ),
      marked as (
        update chat_members cm set mention_mailed_seq = due.upto
        from due
        where cm.conversation_id = due.conversation_id and cm.user_id = due.user_id
          and cm.mention_mailed_seq < due.upto
        returning cm.conversation_id, cm.user_id, due.upto, due.count
      )
      select marked.conversation_id, marked.user_id, marked.upto::int as upto, marked.count,
        u.email, u.name as user_name, c.name as conversation_name, c.kind
      from marked
      join users u on u.id = marked.user_id and u.status = 'active'
      join chat_conversations c on c.id = marked.conversation_id and c.archived_at is null`);
    for (const row of due.rows) {
      const quotes = await tx.execute<{ author: string | null; body: string }>(sql`
        select a.name as author, m.body from chat_messages m
        left join users a on a.id = m.author_id
        where m.conversation_id = ${row.conversation_id} and m.seq <= ${row.upto}
          and ${row.user_id} = any(m.mention_ids) and m.deleted_at is null
        order by m.seq desc limit ${Math.min(QUOTED, row.count)}`);
      const where = row.kind === 'direct' ? 'a direct conversation' : `#${row.conversation_name}`;
      const link = `${opts.appUrl}/team-chat?c=${encodeURIComponent(row.conversation_id)}`;
      const lines = quotes.rows
        .reverse()
        .map((q) => `${q.author ?? 'Someone'}: ${excerpt(q.body)}`)
        .join('\n\n');
      const more = row.count > quotes.rows.length ? `\n\n…and ${row.count - quotes.rows.length} more.` : '';
      await mail.queue(tx, {
        to: row.email,
        subject:
          row.count === 1
            ? `You were mentioned in ${where}`
            : `You were mentioned ${row.count} times in ${where}`,
        text: `Hello ${row.user_name},\n\nWhile you were away:\n\n${lines}${more}\n\nRead and reply: ${link}\n\n(You get this mail when a mention stays unread for ${opts.delayMinutes} minutes.)`,
        link,
      });
    }
    return due.rows.length;
  });
  await mail.deliver();
  return mailed;
}

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

/** Runs the sweep every minute (any replica may: the UPDATE keeps each mail single). */
export function scheduleMentionMail(
  db: Database,
  mailer: Mailer,
  logger: Logger,
  opts: { delayMinutes: number; appUrl: string },
): () => void {
  return scheduleJob(logger, {
    intervalMs: 60_000,
    failure: 'mention mail sweep failed',
    run: async () => {
      const count = await mailUnreadMentions(db, mailer, opts);
      if (count > 0) logger.info({ count }, 'unread mentions mailed');
    },
  });
}
