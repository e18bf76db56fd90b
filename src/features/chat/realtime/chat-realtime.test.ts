import type { Conversation, MessagePage } from '@contract/chat';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/session';
import { chatQueryKeys } from '../api/query-keys';
import type { ChatHistory } from '../chat-history';
import { conversationOf, messageOf } from '../testing';
import { createChatRealtime, realtimeUrl } from './chat-realtime';
import { FakeSocket } from './fake-socket';

const m = (seq: number, rev: number, over = {}) =>
  messageOf({ id: `m${seq}`, seq, rev, body: `#${seq} r${rev}`, ...over });

function setup(list: Conversation[], pages: Record<string, MessagePage>) {
  signInAs({ id: 'grace', role: 'VOLUNTEER', name: 'Grace Volunteer' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const { requests } = stubFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/chat/conversations') return jsonResponse(list);
    if (url.pathname === '/api/chat/unread')
      return jsonResponse({ conversations: 1, messages: 2, mentions: 0 });
    const page = pages[`${url.pathname}?${url.searchParams.toString()}`];
    return page ? jsonResponse(page) : jsonResponse({ message: 'Not found' }, 404);
  });
  const realtime = createChatRealtime({
    queryClient,
    createSocket: (url) => new FakeSocket(url),
    isOnline: () => true,
  });
  const release = realtime.acquire();
  const asked = () =>
    requests.map((r) => new URL(r.url, 'http://localhost')).map((u) => `${u.pathname}${u.search}`);
  return { queryClient, realtime, release, asked };
}

const history = (queryClient: QueryClient, id: string) =>
  queryClient.getQueryData<ChatHistory>(chatQueryKeys.history(id))!;

beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => vi.restoreAllMocks());

describe('the chat realtime binding', () => {
  it('finds the socket at the API’s host', () => {
    expect(realtimeUrl('/api', { href: 'https://ngo.example/team-chat' })).toBe(
      'wss://ngo.example/api/realtime',
    );
    expect(realtimeUrl('http://10.0.0.2:8080/api/', { href: 'https://x/' })).toBe(
      'ws://10.0.0.2:8080/api/realtime',
    );
  });

  it('after a connect, catches up each held conversation that changed, page by page, missing nothing and doubling nothing', async () => {
    const t = setup([conversationOf({ id: 'c1', rev: 8 }), conversationOf({ id: 'c2', rev: 3 })], {
      '/api/chat/conversations/c1/messages?afterRev=5&limit=100': {
        items: [m(2, 6, { body: 'edited' }), m(4, 7)],
        hasMore: true,
        rev: 8,
      },
      '/api/chat/conversations/c1/messages?afterRev=7&limit=100': {
        items: [m(4, 8, { reactions: [{ emoji: '👍', userIds: ['ann'] }] }), m(5, 8.5, { parentId: 'm1' })],
        hasMore: false,
        rev: 8,
      },
    });
    t.queryClient.setQueryData<ChatHistory>(chatQueryKeys.history('c1'), {
      messages: [m(1, 1), m(2, 2), m(3, 5)],
      hasOlder: false,
      rev: 5,
    });
    t.queryClient.setQueryData<ChatHistory>(chatQueryKeys.history('c2'), {
      messages: [],
      hasOlder: false,
      rev: 3,
    });
    t.queryClient.setQueryData(chatQueryKeys.unread(), { conversations: 0, messages: 0, mentions: 0 });

    FakeSocket.latest().ready();
    expect(FakeSocket.latest().sent[0]).toEqual({ type: 'auth', token: 'test-token' });
    await vi.waitFor(() => expect(history(t.queryClient, 'c1').rev).toBe(8.5));

    const c1 = history(t.queryClient, 'c1');
    expect(c1.messages.map((x) => x.body)).toEqual(['#1 r1', 'edited', '#3 r5', '#4 r8']);
    expect(c1.messages[3]!.reactions).toHaveLength(1);
    // The badge's count is asked again (when the badge shows it).
    await vi.waitFor(() =>
      expect(t.queryClient.getQueryState(chatQueryKeys.unread())?.isInvalidated).toBe(true),
    );
    // c2 was already at its rev: not asked.
    expect(t.asked().filter((u) => u.includes('/messages'))).toEqual([
      '/api/chat/conversations/c1/messages?afterRev=5&limit=100',
      '/api/chat/conversations/c1/messages?afterRev=7&limit=100',
    ]);
    t.release();
  });

  it('merges a socket message into the history and the list once, however often it comes', async () => {
    const t = setup([], {});
    t.queryClient.setQueryData<Conversation[]>(chatQueryKeys.conversations(), [
      conversationOf({ lastSeq: 2, rev: 2 }),
    ]);
    t.queryClient.setQueryData<ChatHistory>(chatQueryKeys.history('c1'), {
      messages: [m(1, 1), m(2, 2)],
      hasOlder: false,
      rev: 2,
    });
    const ws = FakeSocket.latest();
    ws.ready();
    const arrival = m(3, 3, { body: 'Hi @Grace Volunteer', mentionIds: ['grace'] });
    ws.receive({ type: 'message', message: arrival });
    ws.receive({ type: 'message', message: arrival });
    const c1 = history(t.queryClient, 'c1');
    expect(c1.messages.map((x) => x.id)).toEqual(['m1', 'm2', 'm3']);
    // The very next rev: the cursor moves with it.
    expect(c1.rev).toBe(3);
    const [listed] = t.queryClient.getQueryData<Conversation[]>(chatQueryKeys.conversations())!;
    expect(listed).toMatchObject({ unread: 1, mentioned: true, lastSeq: 3 });
    expect(listed!.lastMessagePreview).toEqual({ authorName: 'Ann Staff', body: 'Hi @Grace Volunteer' });

    // A change further on (a gap) is merged but the cursor stays for the catch-up to fill.
    ws.receive({ type: 'message', message: m(5, 6) });
    expect(history(t.queryClient, 'c1')).toMatchObject({ rev: 3 });
    expect(history(t.queryClient, 'c1').messages.map((x) => x.id)).toEqual(['m1', 'm2', 'm3', 'm5']);

    ws.receive({ type: 'read', conversationId: 'c1', lastReadSeq: 5 });
    expect(t.queryClient.getQueryData<Conversation[]>(chatQueryKeys.conversations())![0]).toMatchObject({
      unread: 0,
      mentioned: false,
    });

    ws.receive({ type: 'typing', conversationId: 'c1', userId: 'ann', name: 'Ann Staff' });
    expect(t.realtime.typing.names('c1')).toEqual(['Ann Staff']);
    ws.receive({ type: 'message', message: m(6, 7) });
    expect(t.realtime.typing.names('c1')).toEqual([]);
    t.release();
    expect(ws.closedWith).toBe(1000);
  });

  it('sends typing at most every 3 s per conversation', () => {
    const t = setup([], {});
    const ws = FakeSocket.latest();
    ws.ready();
    t.realtime.sendTyping('c1', 1_000);
    t.realtime.sendTyping('c1', 2_000);
    t.realtime.sendTyping('c2', 2_000);
    t.realtime.sendTyping('c1', 4_000);
    expect(ws.sent.slice(1)).toEqual([
      { type: 'typing', conversationId: 'c1' },
      { type: 'typing', conversationId: 'c2' },
      { type: 'typing', conversationId: 'c1' },
    ]);
    t.release();
  });
});
