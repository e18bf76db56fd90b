import type { ChatPerson, Conversation, Message, SearchHit } from '@contract/chat';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { conversationOf, messageOf } from './testing';

/**
 * An in-memory stand-in for /api/chat behind the fetch stub, for the screen's tests: it keeps the
 * messages posted (a resend of a client id answers the stored one, as the server does) and lets a
 * test hold or refuse a post.
 */
export function stubChatApi(
  options: {
    conversations?: Conversation[];
    messages?: Message[];
    people?: ChatPerson[];
    hits?: SearchHit[];
    /** Answers a post instead of storing it (a refusal, a hang). */
    onPost?: (body: {
      body: string;
      clientId: string;
    }) => Response | Promise<Response | undefined> | undefined;
  } = {},
) {
  const conversations = options.conversations ?? [conversationOf()];
  const messages = [...(options.messages ?? [messageOf()])];
  const people = options.people ?? conversations[0]?.members ?? [];
  let rev = Math.max(0, ...messages.map((m) => m.rev));
  let seq = Math.max(0, ...messages.map((m) => m.seq));

  const handler = async (request: StubbedRequest): Promise<Response> => {
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const get = request.method === 'GET';
    if (get && path === '/chat/conversations') return jsonResponse(conversations);
    if (get && path === '/chat/people') return jsonResponse(people);
    if (get && path === '/chat/unread') return jsonResponse({ conversations: 0, messages: 0, mentions: 0 });
    if (get && path === '/chat/search') return jsonResponse(options.hits ?? []);
    const inConversation = /^\/chat\/conversations\/([^/]+)\/(messages|read)$/.exec(path);
    if (inConversation) {
      const [, conversationId, what] = inConversation;
      const conversation = conversations.find((c) => c.id === conversationId)!;
      if (what === 'read')
        return jsonResponse({
          ...conversation,
          lastReadSeq: (request.body as { seq: number }).seq,
          unread: 0,
          mentioned: false,
        });
      if (get) {
        const parentId = url.searchParams.get('parentId');
        const items = messages.filter((m) => m.conversationId === conversationId && m.parentId === parentId);
        return jsonResponse({ items, hasMore: false, rev });
      }
      const body = request.body as {
        body: string;
        clientId: string;
        mentionIds?: string[];
        parentId?: string;
      };
      const answer = await options.onPost?.(body);
      if (answer) return answer;
      const stored = messages.find((m) => m.clientId === body.clientId);
      if (stored) return jsonResponse(stored, 200);
      const made = messageOf({
        id: `new${++seq}`,
        conversationId: conversationId!,
        clientId: body.clientId,
        seq,
        rev: ++rev,
        authorId: 'grace',
        authorName: 'Grace Volunteer',
        body: body.body,
        mentionIds: body.mentionIds ?? [],
        parentId: body.parentId ?? null,
        createdAt: new Date().toISOString(),
      });
      messages.push(made);
      return jsonResponse(made, 201);
    }
    const onMessage = /^\/chat\/messages\/([^/]+)(\/reactions)?$/.exec(path);
    if (onMessage) {
      const index = messages.findIndex((m) => m.id === onMessage[1]);
      const held = messages[index]!;
      let next: Message;
      if (onMessage[2]) {
        const { emoji, on } = request.body as { emoji: string; on: boolean };
        const others = held.reactions.filter((r) => r.emoji !== emoji);
        const users = (held.reactions.find((r) => r.emoji === emoji)?.userIds ?? []).filter(
          (u) => u !== 'grace',
        );
        const userIds = on ? [...users, 'grace'] : users;
        next = { ...held, reactions: userIds.length ? [...others, { emoji, userIds }] : others };
      } else if (request.method === 'DELETE') {
        next = { ...held, body: '', deletedAt: new Date().toISOString() };
      } else {
        next = { ...held, body: (request.body as { body: string }).body, editedAt: new Date().toISOString() };
      }
      messages[index] = { ...next, rev: ++rev };
      return jsonResponse(messages[index]);
    }
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  };
  const stub = stubFetch(handler);
  const posts = () =>
    stub.requests
      .filter((r) => r.method === 'POST' && r.url.endsWith('/messages'))
      .map((r) => (r.body as { body: string }).body);
  return { ...stub, messages, posts };
}
