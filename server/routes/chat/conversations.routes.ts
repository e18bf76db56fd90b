import { createRoute } from '@hono/zod-openapi';
import {
  conversation,
  conversationChange,
  conversationCreate,
  conversationIdParams,
  conversationList,
  conversationListQuery,
  markRead,
  memberParams,
  membersAdd,
} from '../../../contract/chat';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { idempotency } from '../../http/idempotency';
import {
  bearer,
  errors,
  idempotencyKeyHeaders,
  idempotentResponses,
  jsonBody,
  jsonResponse,
} from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { callerOf, tags, tenancy } from './chat-routing';
import {
  addMembers,
  changeConversation,
  createConversation,
  getConversation,
  listConversations,
  markRead as markConversationRead,
  removeMember,
} from './conversations.service';

/** /api/chat/conversations: channels and direct conversations, their members and read marks. */
export function createChatConversationsRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const listRoute = createRoute({
    method: 'get',
    path: '/conversations',
    tags,
    summary: 'The caller’s conversations, latest message first',
    description:
      'Channels and direct conversations the caller is in, each with its unread count (messages after their ' +
      'read mark, not deleted, not their own), whether one of those mentions them, and the last message’s ' +
      'preview; ordered by last message (never-used last), then name. `browse=true` adds the organisation’s ' +
      'public channels the caller has not joined (`joined: false`; archived ones left out).',
    security: bearer,
    middleware: [auth, requirePermission('chat:read')] as const,
    request: { query: conversationListQuery },
    responses: { 200: jsonResponse(conversationList, 'The conversations'), ...errors(400, 401, 403) },
  });

  const createConversationRoute = createRoute({
    method: 'post',
    path: '/conversations',
    tags,
    summary: 'Start a channel or a direct conversation',
    description:
      'A channel: its name is unique in the organisation whatever the case (else 409 `channel_name_taken`, ' +
      'naming `name`); the creator is a member, with the `memberIds` given. A direct conversation: the caller ' +
      'and `memberIds`; the same set of people again answers their existing conversation (200), a new one ' +
      '201. Every member must be an active member of the caller’s organisation (else 400 naming `memberIds`).',
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, body: jsonBody(conversationCreate) },
    responses: {
      200: jsonResponse(conversation, 'The existing direct conversation of these people'),
      201: jsonResponse(conversation, 'The conversation as created'),
      ...errors(400, 401, 403, 409),
      ...idempotentResponses,
    },
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/conversations/{conversationId}',
    tags,
    summary: 'One conversation, as the caller sees it',
    description: `A public channel of the caller’s organisation is readable without joining it.${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:read')] as const,
    request: { params: conversationIdParams },
    responses: { 200: jsonResponse(conversation, 'The conversation'), ...errors(400, 401, 403, 404) },
  });

  const changeRoute = createRoute({
    method: 'patch',
    path: '/conversations/{conversationId}',
    tags,
    summary: 'Rename, describe or archive a channel (its creator, or chat:moderate)',
    description:
      'An archived channel stays readable and takes no new messages; `archived: false` reopens it. A taken ' +
      `name is a 409 \`channel_name_taken\`; a direct conversation has none of these (400).${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: {
      headers: idempotencyKeyHeaders,
      params: conversationIdParams,
      body: jsonBody(conversationChange),
    },
    responses: {
      200: jsonResponse(conversation, 'The conversation as changed'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const addMembersRoute = createRoute({
    method: 'post',
    path: '/conversations/{conversationId}/members',
    tags,
    summary: 'Add people to a channel, or join a public one',
    description:
      'In a private channel any member adds people. In a public channel one adds only oneself (joining) ' +
      'unless one is its creator or has chat:moderate (else 403). Each must be an active member of the ' +
      'organisation (else 400 naming `userIds`); people already in are left as they are. A direct ' +
      `conversation’s people are fixed (409 \`direct_members_fixed\`).${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: conversationIdParams, body: jsonBody(membersAdd) },
    responses: {
      200: jsonResponse(conversation, 'The conversation with its members'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const removeMemberRoute = createRoute({
    method: 'delete',
    path: '/conversations/{conversationId}/members/{userId}',
    tags,
    summary: 'Leave a channel, or remove someone from it (its creator, or chat:moderate)',
    description:
      'Anyone leaves (their own id); removing someone else is for the channel’s creator and moderators ' +
      '(else 403). Removing someone not in it answers 204 too. A direct conversation’s people are fixed ' +
      `(409 \`direct_members_fixed\`).${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: memberParams },
    responses: {
      204: { description: 'Not a member (any more); no body' },
      ...errors(400, 401, 403, 404, 409),
    },
  });

  const readRoute = createRoute({
    method: 'post',
    path: '/conversations/{conversationId}/read',
    tags,
    summary: 'Mark the conversation read up to a message',
    description:
      'Moves the caller’s read mark to `seq` (never back, never past the last message) and tells their ' +
      `other devices. In a public channel not joined it changes nothing.${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:read'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: conversationIdParams, body: jsonBody(markRead) },
    responses: {
      200: jsonResponse(conversation, 'The conversation with its new unread count'),
      ...errors(400, 401, 403, 404),
      ...idempotentResponses,
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listConversations(c.var.db, callerOf(c), c.req.valid('query').browse), 200),
    )
    .openapi(createConversationRoute, async (c) => {
      const { status, conversation } = await createConversation(c.var.db, callerOf(c), c.req.valid('json'));
      return status === 201 ? c.json(conversation, 201) : c.json(conversation, 200);
    })
    .openapi(getRoute, async (c) =>
      c.json(await getConversation(c.var.db, callerOf(c), c.req.valid('param').conversationId), 200),
    )
    .openapi(changeRoute, async (c) =>
      c.json(
        await changeConversation(
          c.var.db,
          callerOf(c),
          c.req.valid('param').conversationId,
          c.req.valid('json'),
        ),
        200,
      ),
    )
    .openapi(addMembersRoute, async (c) =>
      c.json(
        await addMembers(
          c.var.db,
          callerOf(c),
          c.req.valid('param').conversationId,
          c.req.valid('json').userIds,
        ),
        200,
      ),
    )
    .openapi(removeMemberRoute, async (c) => {
      const { conversationId, userId } = c.req.valid('param');
      await removeMember(c.var.db, callerOf(c), conversationId, userId);
      return c.body(null, 204);
    })
    .openapi(readRoute, async (c) =>
      c.json(
        await markConversationRead(
          c.var.db,
          callerOf(c),
          c.req.valid('param').conversationId,
          c.req.valid('json').seq,
        ),
        200,
      ),
    );
}
