import { and, eq, inArray, sql } from 'drizzle-orm';
import { chatErrorCodes } from '../../../contract/chat';
import { can } from '../../../contract/permissions';
import type { DbExecutor } from '../../db';
import { chatConversations, chatMembers, users } from '../../db/schema';
import { ApiError } from '../../services/api-error';
import type { Tenant } from '../../services/auth/tenant-scope';

/*
 * Who may see and change what in team chat. Chat is always within the caller's own NGO, SUPER_ADMIN
 * included (tenant.ownedBy, never readable): another NGO's conversation answers exactly like a
 * missing one, and so does a private channel or direct conversation the caller is not in, so ids
 * cannot be probed.
 */

export interface ChatCaller {
  id: string;
  role: string;
  tenant: Tenant;
}

export type ConversationRow = typeof chatConversations.$inferSelect;

export interface ConversationAccess {
  conversation: ConversationRow;
  /** The caller's membership; null for a public channel they have not joined. */
  member: { lastReadSeq: number } | null;
}

export const conversationNotFound = () => new ApiError(404, 'Conversation not found.');
export const messageNotFound = () => new ApiError(404, 'Message not found.');

export const isModerator = (caller: ChatCaller) => can(caller.role, 'chat:moderate');

/** Renames, archives and removes others: a channel's creator, or a moderator of the NGO. */
export const canManage = (caller: ChatCaller, conversation: Pick<ConversationRow, 'kind' | 'createdBy'>) =>
  conversation.kind === 'channel' && (conversation.createdBy === caller.id || isModerator(caller));

const isPublicChannel = (c: Pick<ConversationRow, 'kind' | 'visibility'>) =>
  c.kind === 'channel' && c.visibility === 'public';

/**
 * The conversation with the caller's membership, or a 404 when the caller may not read it. `lock`
 * takes the conversation's row lock first: every change of a conversation's messages takes it before
 * reading them, so changes are decided on the latest state and their revs commit in order.
 */
export async function readableConversation(
  db: DbExecutor,
  caller: ChatCaller,
  conversationId: string,
  lock = false,
): Promise<ConversationAccess> {
  const query = db
    .select({ conversation: chatConversations, lastReadSeq: chatMembers.lastReadSeq })
    .from(chatConversations)
    .leftJoin(
      chatMembers,
      and(eq(chatMembers.conversationId, chatConversations.id), eq(chatMembers.userId, caller.id)),
    )
    .where(and(eq(chatConversations.id, conversationId), caller.tenant.ownedBy(chatConversations.ngoId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: chatConversations }) : await query;
  if (!row) throw conversationNotFound();
  const member = row.lastReadSeq === null ? null : { lastReadSeq: row.lastReadSeq };
  if (!member && !isPublicChannel(row.conversation)) throw conversationNotFound();
  return { conversation: row.conversation, member };
}

/** Writing (reacting) needs membership; a public channel is joined first (posting joins by itself). */
export function assertMember(access: ConversationAccess) {
  if (!access.member) {
    throw new ApiError(403, 'Join the channel first.', { code: chatErrorCodes.notMember });
  }
}

/** 400 naming `field` unless every id is an active member of the NGO. */
export async function assertActiveMembers(
  db: DbExecutor,
  ngoId: string,
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.ngoId, ngoId), eq(users.status, 'active')))
    .limit(ids.length);
  const ok = new Set(found.map((r) => r.id));
  const bad = ids.filter((id) => !ok.has(id));
  if (bad.length === 0) return;
  const message =
    bad.length === 1
      ? `${bad[0]} is not an active member of your organisation.`
      : `${bad.join(', ')} are not active members of your organisation.`;
  throw new ApiError(400, message, { fields: { [field]: message } });
}

/**
 * The ids, of those given, of people who may read the conversation (every active member of the NGO
 * for a public channel, else its members), in the order given. Mentions of anyone else are dropped:
 * they could not open what they were mentioned in.
 */
export async function readersAmong(
  db: DbExecutor,
  conversation: ConversationRow,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = isPublicChannel(conversation)
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(inArray(users.id, [...ids]), eq(users.ngoId, conversation.ngoId), eq(users.status, 'active')),
        )
    : await db
        .select({ id: chatMembers.userId })
        .from(chatMembers)
        .where(and(eq(chatMembers.conversationId, conversation.id), inArray(chatMembers.userId, [...ids])));
  const ok = new Set(rows.map((r) => r.id));
  return ids.filter((id) => ok.has(id));
}

/** Takes the conversation's next rev (`by` numbers: a reply takes one for itself, one for its parent). */
export async function nextRev(db: DbExecutor, conversationId: string, by = 1): Promise<number> {
  const [row] = await db
    .update(chatConversations)
    .set({ rev: sql`${chatConversations.rev} + ${by}` })
    .where(eq(chatConversations.id, conversationId))
    .returning({ rev: chatConversations.rev });
  if (!row) throw conversationNotFound();
  return row.rev;
}
