import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/connectivity';
import { clearOutboxForUser, outbox } from '@/lib/outbox';
import { jsonResponse } from '@/testing/fetch-stub';
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

async function openGeneral() {
  const rendered = await renderWithRouter(<ChatHarness />, { path: '/team-chat' });
  // Generous waits: the whole client suite runs in one worker, and IndexedDB is slow under load.
  const log = await screen.findByRole('log', { name: 'Messages in general' }, { timeout: 5_000 });
  await within(log).findByText('Hello team', undefined, { timeout: 5_000 });
  const box = screen.getByRole('combobox', { name: 'Message #general' });
  return { ...rendered, log, box };
}

const sentTexts = (log: HTMLElement) =>
  within(log)
    .getAllByRole('article')
    .map((a) => a.querySelector('p.whitespace-pre-wrap')?.textContent);

describe('sending messages', () => {
  it('shows a message at once as sending, then as sent, once', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const api = stubChatApi({ onPost: async () => void (await held) });
    const { user, log, box } = await openGeneral();
    await user.type(box, 'On my way{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const mine = await within(log).findByRole('article', { name: /^Grace Volunteer/ });
    expect(mine).toHaveTextContent('On my way');
    expect(within(mine).getByText('Sending…')).toBeInTheDocument();
    act(() => answer());
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(sentTexts(log)).toEqual(['Hello team', 'On my way']);
    expect(api.posts()).toEqual(['On my way']);
    const [post] = api.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'));
    expect(post!.body).toMatchObject({ body: 'On my way', mentionIds: [] });
    expect((post!.body as { clientId: string }).clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('keeps messages typed offline in order and sends them in that order when the connection is back', async () => {
    const api = stubChatApi();
    const { user, log, box } = await openGeneral();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/Messages you send are kept on this device/)).toBeInTheDocument();
    for (const text of ['one', 'two', 'three']) await user.type(box, `${text}{Enter}`);
    await waitFor(() => expect(within(log).getAllByText('Sending…')).toHaveLength(3));
    expect(sentTexts(log)).toEqual(['Hello team', 'one', 'two', 'three']);
    expect(api.posts()).toEqual([]);

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.posts()).toEqual(['one', 'two', 'three']));
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(sentTexts(log)).toEqual(['Hello team', 'one', 'two', 'three']);
  });

  it('holds later messages behind one that failed to go, so they never arrive out of order', async () => {
    let failures = 2;
    const api = stubChatApi({
      onPost: (body) => {
        if (body.body === 'first' && failures > 0) {
          failures -= 1;
          return jsonResponse({ message: 'Busy' }, 503);
        }
        return undefined;
      },
    });
    const { user, log, box } = await openGeneral();
    await user.type(box, 'first{Enter}');
    await waitFor(() => expect(api.posts()).toEqual(['first']));
    await user.type(box, 'second{Enter}');
    await waitFor(() => expect(within(log).getAllByText('Sending…')).toHaveLength(2));
    // Sending 'second' tried the queue at once, oldest first: 'first' failed again, and 'second'
    // waited behind it rather than overtaking it.
    await waitFor(() => expect(api.posts()).toEqual(['first', 'first']));
    await act(() => outbox.flush({ force: true }));
    await waitFor(() => expect(api.posts()).toEqual(['first', 'first', 'first', 'second']));
    await waitFor(() => expect(sentTexts(log)).toEqual(['Hello team', 'first', 'second']));
  });

  it('shows a refused message as Not sent, with Retry and Delete', async () => {
    let refuse = true;
    stubChatApi({
      onPost: (body) =>
        refuse && body.body.startsWith('bad')
          ? jsonResponse({ message: 'Message is not allowed.' }, 400)
          : undefined,
    });
    const { user, log, box } = await openGeneral();
    await user.type(box, 'bad one{Enter}');
    const failed = await within(log).findByText(/Not sent: Message is not allowed\./);
    const article = failed.closest('article')!;
    await user.click(within(article).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(log).queryByText('bad one')).toBeNull());

    await user.type(box, 'bad two{Enter}');
    await within(log).findByText(/Not sent/);
    refuse = false;
    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    // 'Not sent' goes as the retry starts; the message is in the list again once the server's answer is.
    await waitFor(() => expect(within(log).queryByText(/Not sent/)).toBeNull());
    await waitFor(() => expect(sentTexts(log)).toEqual(['Hello team', 'bad two']));
  });

  it('edits, reacts to and deletes one’s own message', async () => {
    const api = stubChatApi({
      messages: [
        messageOf(),
        messageOf({
          id: 'm2',
          seq: 2,
          rev: 2,
          authorId: 'grace',
          authorName: 'Grace Volunteer',
          body: 'My note',
        }),
      ],
    });
    const { user, log } = await openGeneral();
    // Others' messages offer no Edit.
    await user.click(within(log).getByRole('button', { name: /^Actions for Ann Staff/ }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(within(log).getByRole('button', { name: /^Actions for Grace Volunteer/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit message' });
    const field = within(dialog).getByLabelText('Message');
    await user.clear(field);
    await user.type(field, 'My better note');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(log).findByText('My better note')).toBeInTheDocument();
    expect(within(log).getByText('(edited)')).toBeInTheDocument();

    await user.click(within(log).getByRole('button', { name: /^Actions for Grace Volunteer/ }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'React with 👍' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const chip = await within(log).findByRole('button', { name: '👍 1, yours' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await user.click(chip);
    await waitFor(() => expect(within(log).queryByRole('button', { name: /^👍/ })).toBeNull());
    const reactions = api.requests.filter((r) => r.url.endsWith('/reactions')).map((r) => r.body);
    expect(reactions).toEqual([
      { emoji: '👍', on: true },
      { emoji: '👍', on: false },
    ]);

    await user.click(within(log).getByRole('button', { name: /^Actions for Grace Volunteer/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(log).findByText('This message was deleted')).toBeInTheDocument();
    expect(within(log).queryByText('My better note')).toBeNull();
  });
});
