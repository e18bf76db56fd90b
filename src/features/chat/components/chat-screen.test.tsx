import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/connectivity';
import { clearOutboxForUser, outbox } from '@/lib/outbox';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { stubChatApi } from '../chat-test-api';
import { FakeSocket } from '../realtime/fake-socket';
import { setChatRealtimeOptionsForTests } from '../realtime/use-chat-realtime';
import { conversationOf, messageOf } from '../testing';
import { ChatScreen } from './chat-screen';

/** The route's part: the open conversation lives in the URL there, in state here. */
function ChatHarness({ initial }: { initial?: string }) {
  const [open, setOpen] = useState(initial);
  return (
    <ChatScreen
      conversationId={open}
      onOpenConversation={setOpen}
      viewer={{ id: 'grace', name: 'Grace Volunteer' }}
    />
  );
}

beforeEach(() => {
  signInAs({ id: 'grace', role: 'VOLUNTEER', name: 'Grace Volunteer' });
  FakeSocket.all = [];
  setChatRealtimeOptionsForTests({ createSocket: (url) => new FakeSocket(url), isOnline: () => true });
});
afterEach(async () => {
  // Unmounted first, and the outbox's send finished, so nothing of this test is put back after the wipe.
  cleanup();
  await waitFor(() => expect(outbox.getSnapshot().flushing).toBe(false));
  vi.restoreAllMocks();
  resetConnectivityForTests();
  setChatRealtimeOptionsForTests(undefined);
  await clearOutboxForUser('grace');
});

const general = conversationOf({ unread: 3, mentioned: true, lastSeq: 4, lastReadSeq: 1 });
const direct = conversationOf({
  id: 'c2',
  kind: 'direct',
  name: 'Ann Staff',
  topic: '',
  lastMessagePreview: { authorName: 'Ann Staff', body: 'See you' },
});
const archived = conversationOf({ id: 'c3', name: 'old-project', archived: true });

describe('ChatScreen', () => {
  it('lists channels then direct messages, with unread counts and mentions, leaving archived ones out', async () => {
    stubChatApi({ conversations: [direct, archived, general] });
    await renderWithRouter(<ChatHarness />, { path: '/team-chat' });
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    const rows = within(nav).getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      '# general, 3 unread, mentioned',
      'Ann Staff',
    ]);
    expect(within(rows[0]!).getByTestId('unread-badge')).toHaveTextContent('3');
    expect(within(rows[0]!).getByTestId('mention-marker')).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('unread-badge')).toBeNull();
    expect(screen.queryByText('old-project')).toBeNull();
  });

  it('says so when there are no conversations yet, and offers to create one', async () => {
    stubChatApi({ conversations: [] });
    const { user } = await renderWithRouter(<ChatHarness />, { path: '/team-chat' });
    await user.click(await screen.findByRole('button', { name: 'Create a channel' }));
    const dialog = screen.getByRole('dialog', { name: 'New channel' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
  });

  it('opens a conversation with its history by day, marks it read, and goes back to the list', async () => {
    const api = stubChatApi({
      conversations: [general],
      messages: [
        messageOf({ id: 'm1', seq: 1, rev: 1, body: 'Old news', createdAt: '2026-11-19T09:00:00.000Z' }),
        messageOf({
          id: 'm4',
          seq: 4,
          rev: 4,
          body: 'Read https://ngo.org/plan please @Grace Volunteer',
          mentionIds: ['grace'],
          editedAt: '2026-11-20T10:00:00.000Z',
        }),
      ],
    });
    const { user } = await renderWithRouter(<ChatHarness />, { path: '/team-chat' });
    await user.click(await screen.findByRole('button', { name: /^# general/ }));
    const log = await screen.findByRole('log', { name: 'Messages in general' });
    await within(log).findByText('Old news');
    expect(within(log).getAllByRole('separator')).toHaveLength(2);
    expect(within(log).getByRole('link', { name: 'https://ngo.org/plan' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(within(log).getByText('@Grace Volunteer')).toHaveClass('font-semibold');
    expect(within(log).getByText('(edited)')).toBeInTheDocument();
    await waitFor(() => expect(api.requests.find((r) => r.url.endsWith('/read'))?.body).toEqual({ seq: 4 }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^# general/ })).toHaveAccessibleName('# general'),
    );

    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(screen.queryByRole('log')).toBeNull();
  });

  it('shows an empty conversation as one to say hello in', async () => {
    stubChatApi({ conversations: [conversationOf({ lastMessagePreview: null })], messages: [] });
    await renderWithRouter(<ChatHarness initial="c1" />, { path: '/team-chat' });
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('keeps the typed draft per conversation through a remount', async () => {
    stubChatApi();
    const first = await renderWithRouter(<ChatHarness initial="c1" />, { path: '/team-chat' });
    await first.user.type(await screen.findByRole('combobox', { name: 'Message #general' }), 'Half a tho');
    first.unmount();
    await renderWithRouter(<ChatHarness initial="c1" />, { path: '/team-chat' });
    expect(await screen.findByRole('combobox', { name: 'Message #general' })).toHaveValue('Half a tho');
  });

  it('offers the members to mention after @, chosen by keyboard', async () => {
    const members = [...general.members, { id: 'andrew', name: 'Andrew Field', role: 'VOLUNTEER' }];
    const api = stubChatApi({ conversations: [conversationOf({ members })], people: members });
    const { user } = await renderWithRouter(<ChatHarness initial="c1" />, { path: '/team-chat' });
    const box = await screen.findByRole('combobox', { name: 'Message #general' });
    await user.type(box, 'Hi @an');
    const list = screen.getByRole('listbox', { name: 'People to mention' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Ann Staff', 'Andrew Field']);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Hi @Andrew Field ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('thanks{Enter}');
    await waitFor(() => expect(api.posts()).toEqual(['Hi @Andrew Field thanks']));
    const post = api.requests.find((r) => r.method === 'POST' && r.url.endsWith('/messages'))!;
    expect(post.body).toMatchObject({ mentionIds: ['andrew'] });
  });

  it('searches messages, marks the matched words as text, and opens the hit’s conversation', async () => {
    const hit = messageOf({ id: 'm9', conversationId: 'c1', body: 'Meet at the <b>river</b> bank' });
    stubChatApi({
      conversations: [general],
      hits: [{ message: hit, conversationName: 'general', highlighted: 'Meet at the <b>«river»</b> bank' }],
    });
    const { user, container } = await renderWithRouter(<ChatHarness />, { path: '/team-chat' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search messages' }), 'river{Enter}');
    const results = await screen.findByRole('list', { name: 'Messages matching river' });
    expect(within(results).getByText('river').tagName).toBe('MARK');
    expect(container.querySelector('b')).toBeNull();
    expect(results).toHaveTextContent('Meet at the <b>river</b> bank');
    await user.click(within(results).getByRole('button'));
    expect(await screen.findByRole('log', { name: 'Messages in general' })).toBeInTheDocument();
  });

  it('shows what others write and type as it happens, through the socket', async () => {
    stubChatApi();
    await renderWithRouter(<ChatHarness initial="c1" />, { path: '/team-chat' });
    const log = await screen.findByRole('log', { name: 'Messages in general' });
    await within(log).findByText('Hello team');
    const ws = FakeSocket.latest();
    act(() => ws.ready());
    act(() => ws.receive({ type: 'typing', conversationId: 'c1', userId: 'ann', name: 'Ann Staff' }));
    expect(screen.getByText('Ann Staff is typing…')).toBeInTheDocument();
    act(() =>
      ws.receive({
        type: 'message',
        message: messageOf({ id: 'm2', seq: 2, rev: 2, body: 'Bus leaves at 9' }),
      }),
    );
    expect(within(log).getByText('Bus leaves at 9')).toBeInTheDocument();
    expect(screen.queryByText('Ann Staff is typing…')).toBeNull();
    // Announced politely, apart from the log (one's own messages are not).
    expect(screen.getByText('Ann Staff: Bus leaves at 9')).toHaveAttribute('aria-live', 'polite');
  });

  it('opens a thread with its replies and replies in it', async () => {
    const api = stubChatApi({
      messages: [
        messageOf({ replyCount: 1 }),
        messageOf({ id: 'r1', seq: 2, rev: 2, parentId: 'm1', body: 'First reply', authorName: 'Ann Staff' }),
      ],
    });
    const { user } = await renderWithRouter(<ChatHarness initial="c1" />, { path: '/team-chat' });
    await user.click(await screen.findByRole('button', { name: '1 reply' }));
    const thread = screen.getByRole('region', { name: 'Thread' });
    expect(await within(thread).findByText('First reply')).toBeInTheDocument();
    expect(within(thread).getByText('Hello team')).toBeInTheDocument();
    await user.type(within(thread).getByRole('combobox', { name: 'Reply in thread' }), 'Second reply{Enter}');
    await waitFor(() => expect(api.posts()).toEqual(['Second reply']));
    const post = api.requests.find((r) => r.method === 'POST' && r.url.endsWith('/messages'))!;
    expect(post.body).toMatchObject({ parentId: 'm1' });
    expect(await within(thread).findByText('Second reply')).toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'Close thread' }));
    expect(screen.queryByRole('region', { name: 'Thread' })).toBeNull();
  });
});
