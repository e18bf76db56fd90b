import { count, eq } from 'drizzle-orm';
import type { DbExecutor } from '..';
import { newId } from '../../services/ids';
import { chatConversations, chatMembers, chatMessages, users } from '../schema';
import { createRng } from './prng';
import { SAMPLE_PRIVATE_CONVERSATIONS } from './sample-chat-private';
import { SAMPLE_PUBLIC_CHANNELS } from './sample-chat-public';
import { CHAT_PEOPLE, type ScriptConversation, type Who } from './sample-chat-script';

/*
 * The demo's team chat (issue 16): #general, #field-team, #coordinators (private) and a direct
 * conversation between the NGO admin and the demo volunteer, each with two weeks of history, threads,
 * reactions, an edited and a deleted message, @mentions and a few unread messages. Rows are written
 * as the API would leave them: seq in send order, every change its own rev (a thread's parent takes
 * one more per reply, an edit, a reaction or a delete one more after the message's own), the
 * conversation's rev and last_seq the last of them.
 */

/** Every sample conversation, in the order they are seeded. */
export const SAMPLE_CHAT: readonly ScriptConversation[] = [
  ...SAMPLE_PUBLIC_CHANNELS,
  ...SAMPLE_PRIVATE_CONVERSATIONS,
];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** 8:00 in Kigali (UTC+2): the working day's first message. */
const WORKDAY_START_UTC_HOUR = 6;

type Ids = Record<Who, string | undefined>;

/** The send times of a conversation's lines: working hours of each line's day, rising, never future. */
function sendTimes(conversation: ScriptConversation, now: Date, seed: number): Date[] {
  const rng = createRng(seed);
  let previous = 0;
  return conversation.lines.map((line, index) => {
    const day = new Date(now.getTime() - line.day * DAY_MS);
    const dayStart = Date.UTC(
      day.getUTCFullYear(),
      day.getUTCMonth(),
      day.getUTCDate(),
      WORKDAY_START_UTC_HOUR,
    );
    const next = Math.max(previous + rng.int(2, 95) * MINUTE_MS, dayStart + rng.int(0, 120) * MINUTE_MS);
    // Today's lines stay in the past, however early in the day the seed runs (still in send order).
    const latest = now.getTime() - (conversation.lines.length - index) * 2 * MINUTE_MS;
    previous = Math.max(Math.min(next, latest), previous + 1000);
    return new Date(previous);
  });
}

async function demoPeople(tx: DbExecutor, ngoId: string): Promise<{ ids: Ids; everyone: string[] }> {
  const rows = await tx
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.ngoId, ngoId));
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const ids = Object.fromEntries(
    Object.entries(CHAT_PEOPLE).map(([who, email]) => [who, byEmail.get(email)]),
  ) as Ids;
  return { ids, everyone: rows.filter((r) => r.status === 'active').map((r) => r.id) };
}

async function seedConversation(
  tx: DbExecutor,
  ngoId: string,
  now: Date,
  script: ScriptConversation,
  people: { ids: Ids; everyone: string[] },
  seed: number,
) {
  const { ids } = people;
  const memberIds =
    script.members === 'everyone'
      ? people.everyone
      : script.members.map((who) => ids[who]).filter((id): id is string => Boolean(id));
  const conversationId = newId();
  const times = sendTimes(script, now, seed);
  const creator = ids[script.createdBy] ?? null;
  const directKey = script.kind === 'direct' ? [...memberIds].sort().join(',') : null;
  await tx.insert(chatConversations).values({
    id: conversationId,
    ngoId,
    kind: script.kind,
    name: script.name,
    topic: script.topic,
    visibility: script.visibility,
    directKey,
    createdBy: creator,
    createdAt: new Date(times[0]!.getTime() - 30 * MINUTE_MS),
  });

  let rev = 0;
  const byKey = new Map<string, { id: string; index: number }>();
  const rows: (typeof chatMessages.$inferInsert & { id: string; rev: number; replyCount: number })[] = [];
  script.lines.forEach((line, index) => {
    const authorId = ids[line.by] ?? null;
    const at = times[index]!;
    const parent = line.reply ? byKey.get(line.reply) : undefined;
    const row = {
      id: newId(),
      ngoId,
      conversationId,
      seq: index + 1,
      rev: ++rev,
      authorId,
      // A UUID made of the conversation's seed and the line's place: stable, and unlike any device's.
      clientId: `00000000-0000-4000-8000-${String(seed).padStart(4, '0')}${String(index).padStart(8, '0')}`,
      parentId: parent ? rows[parent.index]!.id : null,
      body: line.deleted ? '' : line.text,
      mentionIds: line.deleted
        ? []
        : (line.mentions ?? []).map((w) => ids[w]).filter((id): id is string => !!id),
      reactions: {} as Record<string, string[]>,
      replyCount: 0,
      lastReplyAt: null as Date | null,
      createdAt: at,
      editedAt: line.editedFrom ? new Date(at.getTime() + 4 * MINUTE_MS) : null,
      deletedAt: line.deleted ? new Date(at.getTime() + 2 * MINUTE_MS) : null,
    };
    if (line.editedFrom || line.deleted) row.rev = ++rev;
    for (const [emoji, who] of line.deleted ? [] : (line.reactions ?? [])) {
      const reactors = who.map((w) => ids[w]).filter((id): id is string => Boolean(id));
      if (reactors.length) row.reactions[emoji] = reactors;
      row.rev = ++rev;
    }
    if (parent) {
      const parentRow = rows[parent.index]!;
      parentRow.replyCount += 1;
      parentRow.lastReplyAt = at;
      parentRow.rev = ++rev;
    }
    if (line.key) byKey.set(line.key, { id: row.id, index });
    rows.push(row);
  });
  await tx.insert(chatMessages).values(rows);

  const last = rows.at(-1)!;
  await tx
    .update(chatConversations)
    .set({ rev, lastSeq: last.seq, lastMessageAt: last.createdAt })
    .where(eq(chatConversations.id, conversationId));

  // Everyone has read everything but their `unreadFor` newest messages of others.
  const unreadFor = new Map(
    Object.entries(script.unreadFor).map(([who, n]) => [ids[who as Who], n] as const),
  );
  await tx.insert(chatMembers).values(
    memberIds.map((userId) => {
      const leave = unreadFor.get(userId) ?? 0;
      const others = rows.filter((r) => r.authorId !== userId && !r.deletedAt);
      const firstUnread = leave > 0 ? others[others.length - leave] : undefined;
      return {
        conversationId,
        userId,
        ngoId,
        joinedAt: new Date(times[0]!.getTime() - 30 * MINUTE_MS),
        lastReadSeq: firstUnread ? firstUnread.seq - 1 : last.seq,
      };
    }),
  );
}

/**
 * The demo's chat, added once: not while the demo NGO has any conversation (so what people wrote in
 * the demo stays as it is), and only when its NGO admin and volunteer accounts are the demo's.
 */
export async function seedSampleChat(tx: DbExecutor, ngoId: string, now: Date): Promise<boolean> {
  const [existing] = await tx
    .select({ n: count() })
    .from(chatConversations)
    .where(eq(chatConversations.ngoId, ngoId));
  if ((existing?.n ?? 0) > 0) return false;
  const people = await demoPeople(tx, ngoId);
  if (!people.ids.nadia || !people.ids.grace) return false;
  for (const [index, script] of SAMPLE_CHAT.entries()) {
    await seedConversation(tx, ngoId, now, script, people, 1601 + index);
  }
  return true;
}
