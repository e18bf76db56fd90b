import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { jsonResponse, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { stubChatApi } from '../chat-test-api';
import { FakeSocket } from '../realtime/fake-socket';
import { setChatRealtimeOptionsForTests } from '../realtime/use-chat-realtime';
import { messageOf } from '../testing';
import { ChatScreen } from './chat-screen';

function ChatHarness() {
  const [open, setOpen] = useState<string | undefined>('c1');
  return (
    <ChatScreen
      conversationId={open}
      onOpenConversation={setOpen}
      viewer={{ id: 'grace', name: 'Grace Volunteer' }}
    />
  );
}

beforeEach(() => {
  FakeSocket.all = [];
  setChatRealtimeOptionsForTests({ createSocket: (url) => new FakeSocket(url), isOnline: () => true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetConnectivityForTests();
  setChatRealtimeOptionsForTests(undefined);
});

/** The chat's stand-in, with POST /api/tickets answered (and recorded) beside it. */
function stubWithTickets() {
  const api = stubChatApi({
    messages: [messageOf({ body: 'How do I export the donors list to a spreadsheet for the board?' })],
  });
  const chat = api.spy.getMockImplementation()!;
  const tickets: StubbedRequest[] = [];
  api.spy.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/api/tickets') && init?.method === 'POST') {
      tickets.push({
        url: String(input),
        method: 'POST',
        body: JSON.parse(String(init.body)) as unknown,
        headers: new Headers(init.headers),
      });
      return jsonResponse({ id: 'tk1', number: 1042 }, 201);
    }
    return chat(input, init);
  });
  return tickets;
}

describe('a chat message made a ticket', () => {
  it('posts the message as a question with a subject of its first words, and toasts a link to it', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER', name: 'Grace Volunteer' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const tickets = stubWithTickets();
    const { user } = await renderWithRouter(<ChatHarness />, { path: '/team-chat' });
    const log = await screen.findByRole('log', { name: 'Messages in general' }, { timeout: 5_000 });
    await within(log).findByText(/How do I export/, undefined, { timeout: 5_000 });

    await user.click(within(log).getByRole('button', { name: /^Actions for Ann Staff/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Create ticket' }));
    await waitFor(() => expect(tickets).toHaveLength(1), { timeout: 5_000 });
    expect(tickets[0]!.body).toEqual({
      subject: 'How do I export the donors list to…',
      category: 'question',
      sourceMessageId: 'm1',
    });
    expect(tickets[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(success).toHaveBeenCalled());
    const [text, options] = success.mock.calls[0]!;
    expect(text).toBe('Ticket #1042 created from the message.');
    // The toast's link leads to the ticket.
    const link = await renderWithRouter(<>{options!.description as React.ReactNode}</>, {
      path: '/team-chat',
    });
    expect(within(link.container).getByRole('link', { name: 'Open ticket #1042' })).toHaveAttribute(
      'href',
      '/feedback-requests?ticket=tk1',
    );
  });
});
