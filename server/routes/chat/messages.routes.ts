import { createRoute } from '@hono/zod-openapi';
import {
  conversationIdParams,
  message,
  messageCreate,
  messageEdit,
  messageIdParams,
  messageListQuery,
  messagePage,
  reactionSet,
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
import { pushChatMessage } from '../../services/push/chat-push';
import { deleteMessage, editMessage, listMessages, postMessage, setReaction } from './messages.service';

/** A conversation's messages: history, threads, the catch-up after a reconnect, and their changes. */
export function createChatMessagesRouter(deps: AppDeps) {
  const auth = requireAuth(deps);
  const idem = idempotency();

  const listRoute = createRoute({
    method: 'get',
    path: '/conversations/{conversationId}/messages',
    tags,
    summary: 'A conversation’s history, a thread, or the changes since a rev',
    description:
      'History: the conversation’s own messages (not thread replies) before `beforeSeq` (default: the latest), ' +
      'the newest `limit` of them in ascending seq, `hasMore` when older ones exist. A thread: `parentId` (a ' +
      'top-level message of this conversation, else 404), its replies the same way. Catch-up: `afterRev` answers ' +
      'every message changed after that rev (new, edited, deleted, reacted to; replies included) in rev order, ' +
      '`limit` at most, `hasMore` to ask again from the last one’s rev; it wins over the other two. `rev` is ' +
      `the conversation’s rev when the page was read.${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:read')] as const,
    request: { params: conversationIdParams, query: messageListQuery },
    responses: { 200: jsonResponse(messagePage, 'One page of messages'), ...errors(400, 401, 403, 404) },
  });

  const postRoute = createRoute({
    method: 'post',
    path: '/conversations/{conversationId}/messages',
    tags,
    summary: 'Send a message (exactly once per client id)',
    description:
      'Posting into a public channel the caller has not joined joins it (Slack-like); a private channel or ' +
      'direct conversation needs membership (404 otherwise). The same `clientId` again, with the same ' +
      'conversation and body (or for a message since edited or deleted), answers the stored message (200) ' +
      'and changes nothing; with anything else it is a 409 `client_id_reused`. `parentId` makes a thread ' +
      'reply: a top-level message of this conversation (else 400). `mentionIds` of people who cannot read the ' +
      'conversation are dropped; `attachmentIds` must be live files of the organisation (else 400). An ' +
      `archived conversation takes no new messages (409 \`conversation_archived\`).${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: conversationIdParams, body: jsonBody(messageCreate) },
    responses: {
      200: jsonResponse(message, 'The message already stored under this client id'),
      201: jsonResponse(message, 'The message as stored'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const editRoute = createRoute({
    method: 'patch',
    path: '/messages/{messageId}',
    tags,
    summary: 'Edit one’s own message',
    description:
      'Only the author (403 `not_author`); a deleted message is a 409 `message_deleted`. `mentionIds`, when ' +
      `sent, replaces the mentions (people who cannot read the conversation dropped).${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: messageIdParams, body: jsonBody(messageEdit) },
    responses: {
      200: jsonResponse(message, 'The message as edited'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/messages/{messageId}',
    tags,
    summary: 'Delete a message (its author, or chat:moderate)',
    description:
      'The message keeps its place and thread and loses its text, files, mentions and reactions. Deleting it ' +
      `again answers it unchanged.${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: messageIdParams },
    responses: {
      200: jsonResponse(message, 'The message, deleted'),
      ...errors(400, 401, 403, 404),
      ...idempotentResponses,
    },
  });

  const reactRoute = createRoute({
    method: 'put',
    path: '/messages/{messageId}/reactions',
    tags,
    summary: 'Turn one’s reaction on or off',
    description:
      'Idempotent: a reaction already as asked changes nothing. Reacting in a public channel needs joining ' +
      `it first (403 \`not_member\`); a deleted message is a 409 \`message_deleted\`.${tenancy}`,
    security: bearer,
    middleware: [auth, requirePermission('chat:write'), idem] as const,
    request: { headers: idempotencyKeyHeaders, params: messageIdParams, body: jsonBody(reactionSet) },
    responses: {
      200: jsonResponse(message, 'The message with its reactions'),
      ...errors(400, 401, 403, 404, 409),
      ...idempotentResponses,
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(
        await listMessages(c.var.db, callerOf(c), c.req.valid('param').conversationId, c.req.valid('query')),
        200,
      ),
    )
    .openapi(postRoute, async (c) => {
      const { status, message } = await postMessage(
        c.var.db,
        callerOf(c),
        c.req.valid('param').conversationId,
        c.req.valid('json'),
      );
      const push = deps.push;
      // Once the request's transaction has committed (an Idempotency-Key makes the request one), by
      // this process only: one push per message.
      if (status === 201 && push)
        c.var.afterTransaction(() => pushChatMessage(deps.db, push, deps.logger, message.id));
      return status === 201 ? c.json(message, 201) : c.json(message, 200);
    })
    .openapi(editRoute, async (c) =>
      c.json(
        await editMessage(c.var.db, callerOf(c), c.req.valid('param').messageId, c.req.valid('json')),
        200,
      ),
    )
    .openapi(deleteRoute, async (c) =>
      c.json(await deleteMessage(c.var.db, callerOf(c), c.req.valid('param').messageId), 200),
    )
    .openapi(reactRoute, async (c) =>
      c.json(
        await setReaction(c.var.db, callerOf(c), c.req.valid('param').messageId, c.req.valid('json')),
        200,
      ),
    );
}
