import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db';
import { chatConversations, chatMembers } from '../db/schema';

/** Who may read a conversation: its members, and for a public channel every member of its NGO. */
export interface Audience {
  conversationId: string;
  ngoId: string;
  /** Every member of the NGO reads it (a public channel). */
  wholeNgo: boolean;
  memberIds: ReadonlySet<string>;
}

/** The conversation's kind, visibility and member ids in one query; null when it does not exist. */
export async function loadAudience(db: DbExecutor, conversationId: string): Promise<Audience | null> {
  const [row] = await db
    .select({
      ngoId: chatConversations.ngoId,
      kind: chatConversations.kind,
      visibility: chatConversations.visibility,
      memberIds: sql<
        string[] | null
      >`array_agg(${chatMembers.userId}) filter (where ${chatMembers.userId} is not null)`,
    })
    .from(chatConversations)
    .leftJoin(chatMembers, eq(chatMembers.conversationId, chatConversations.id))
    .where(eq(chatConversations.id, conversationId))
    .groupBy(chatConversations.id);
  if (!row) return null;
  return {
    conversationId,
    ngoId: row.ngoId,
    wholeNgo: row.kind === 'channel' && row.visibility === 'public',
    memberIds: new Set(row.memberIds ?? []),
  };
}

/** Whether a user of `ngoId` may read the conversation (the API's rule: a member, or a public channel). */
export function mayRead(audience: Audience, user: { id: string; ngoId: string }): boolean {
  if (audience.ngoId !== user.ngoId) return false;
  return audience.wholeNgo || audience.memberIds.has(user.id);
}
