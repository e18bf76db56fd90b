import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { clearOutboxForUser, outbox } from '@/lib/outbox';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { stubChatApi } from '../chat-test-api';
import { FakeSocket } from '../realtime/fake-socket';
import { setChatRealtimeOptionsForTests } from '../realtime/use-chat-realtime';
import { conversationOf } from '../testing';
import { ChatScreen } from './chat-screen';

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

const ben = { id: 'ben', name: 'Ben Field', role: 'VOLUNTEER' };
const people = [...conversationOf().members, ben];

beforeEach(() => {
  signInAs({ id: 'grace', role: 'NGO_ADMIN', name: 'Grace Volunteer' });
  FakeSocket.all = [];
  setChatRealtimeOptionsForTests({ createSocket: (url) => new FakeSocket(url), isOnline: () => true });
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'message').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  await waitFor(() => expect(outbox.getSnapshot().flushing).toBe(false));
  vi.restoreAllMocks();
  resetConnectivityForTests();
  setChatRealtimeOptionsForTests(undefined);
  await clearOutboxForUser('grace');
});

async function openSettings(initial = 'c1') {
  const rendered = await renderWithRouter(<ChatHarness initial={initial} />, { path: '/team-chat' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Channel settings' }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: /settings$/ }) };
}

describe('Channel settings', () => {
  it('renames a channel, sending only what changed', async () => {
    const api = stubChatApi({ conversations: [conversationOf({ canManage: true })], people });
    const { user, dialog } = await openSettings();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'field-news');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Channel saved.'));
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ name: 'field-news' });
    expect(await screen.findByRole('dialog', { name: '#field-news settings' })).toBeVisible();
  });

  it('refuses a blank name with the contract’s message, and sends nothing', async () => {
    const api = stubChatApi({ conversations: [conversationOf({ canManage: true })], people });
    const { user, dialog } = await openSettings();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/name is required/i)).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('shows a member who may not manage the channel its name, members and Leave, but no rename or Remove', async () => {
    stubChatApi({ conversations: [conversationOf({ canManage: false })], people });
    const { dialog } = await openSettings();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    expect(within(dialog).getByText('Only the channel’s creator or an admin can rename it.')).toBeVisible();
    expect(within(dialog).getByText('Members (2)')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Archive channel' })).toBeNull();
    // A public channel: people join it themselves.
    expect(within(dialog).queryByRole('button', { name: 'Add people' })).toBeNull();
  });

  it('adds people to a private channel and removes one after confirming', async () => {
    const api = stubChatApi({
      conversations: [conversationOf({ visibility: 'private', canManage: true })],
      people,
    });
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Add people' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben Field' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Person added.'));
    expect(api.requests.find((r) => r.method === 'POST' && r.url.endsWith('/members'))?.body).toEqual({
      userIds: ['ben'],
    });
    expect(await within(dialog).findByText('Members (3)')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Ann Staff' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Ann Staff?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ann Staff removed.'));
    expect(api.requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/members/ann'))).toBe(true);
  });

  it('leaves a channel after confirming and goes back to the list', async () => {
    const api = stubChatApi({ conversations: [conversationOf()], people });
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Leave channel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave #general?' });
    expect(within(confirm).getByText('You can join it again from Browse channels.')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('You left #general.'));
    expect(api.requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/members/grace'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Channel settings' })).toBeNull();
  });

  it('archives a channel after confirming', async () => {
    const api = stubChatApi({ conversations: [conversationOf({ canManage: true })], people });
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Archive channel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Archive #general?' });
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('#general archived.'));
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ archived: true });
  });
});
