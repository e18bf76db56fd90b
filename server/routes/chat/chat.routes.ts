import { createRoute, z } from '@hono/zod-openapi';
import {
  chatPerson,
  chatSearchQuery,
  searchHit,
  unreadSummary as unreadSummarySchema,
} from '../../../contract/chat';
import { requireAuth, requirePermission } from '../../http/auth-middleware';
import type { AppDeps } from '../../http/context';
import { bearer, errors, jsonResponse } from '../../http/openapi-helpers';
import { createRouter } from '../../http/router';
import { CHAT_SEARCH_MAX, searchChat } from './chat-search';
import { callerOf, tags } from './chat-routing';
import { createChatConversationsRouter } from './conversations.routes';
import { chatPeople, unreadSummary } from './conversations.service';
import { createChatMessagesRouter } from './messages.routes';

/** /api/chat (issue 16, contract/chat.ts): conversations, messages, search, the unread badge, people. */
export function createChatRouter(deps: AppDeps) {
  const auth = requireAuth(deps);

  const searchRoute = createRoute({
    method: 'get',
    path: '/search',
    tags,
    summary: 'Search the messages the caller may read',
    description:
      'Every word of `q` as a word prefix (`wat` finds “water”), over the conversations the caller is in and ' +
      'the organisation’s public channels, deleted messages left out; `conversationId` keeps one. Newest first, ' +
      `${CHAT_SEARCH_MAX} at most. \`highlighted\` is the body with each matched word in « »: text, never ` +
      'HTML. A `q` with no word answers an empty list.',
    security: bearer,
    middleware: [auth, requirePermission('chat:read')] as const,
    request: { query: chatSearchQuery },
    responses: { 200: jsonResponse(z.array(searchHit), 'The matches'), ...errors(400, 401, 403) },
  });

  const unreadRoute = createRoute({
    method: 'get',
    path: '/unread',
    tags,
    summary: 'Unread totals over the caller’s conversations (the menu’s badge)',
    security: bearer,
    middleware: [auth, requirePermission('chat:read')] as const,
    responses: { 200: jsonResponse(unreadSummarySchema, 'The totals'), ...errors(401, 403) },
  });

  const peopleRoute = createRoute({
    method: 'get',
    path: '/people',
    tags,
    summary: 'The organisation’s active members, by name (for direct conversations and @mentions)',
    security: bearer,
    middleware: [auth, requirePermission('chat:read')] as const,
    responses: { 200: jsonResponse(z.array(chatPerson), 'The people'), ...errors(401, 403) },
  });

  return createRouter()
    .route('/', createChatConversationsRouter(deps))
    .route('/', createChatMessagesRouter(deps))
    .openapi(searchRoute, async (c) => {
      const { q, conversationId } = c.req.valid('query');
      return c.json(await searchChat(c.var.db, callerOf(c), q, conversationId), 200);
    })
    .openapi(unreadRoute, async (c) => c.json(await unreadSummary(c.var.db, callerOf(c)), 200))
    .openapi(peopleRoute, async (c) => c.json(await chatPeople(c.var.db, callerOf(c)), 200));
}
