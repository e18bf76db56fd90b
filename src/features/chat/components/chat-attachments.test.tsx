import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests } from '@/lib/connectivity';
import { clearOutboxForUser, outbox } from '@/lib/outbox';
import { FetchBackedXhr } from '@/testing/fetch-backed-xhr';
import { jsonResponse } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { forgetChatFolder } from '../api/upload-attachment';
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
  FetchBackedXhr.install();
  // jsdom has no object URLs: thumbnails and downloads are shown or saved from one.
  URL.createObjectURL = vi.fn(() => 'blob:attachment');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  cleanup();
  await waitFor(() => expect(outbox.getSnapshot().flushing).toBe(false));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetConnectivityForTests();
  setChatRealtimeOptionsForTests(undefined);
  forgetChatFolder();
  await clearOutboxForUser('grace');
});

async function openGeneral() {
  const rendered = await renderWithRouter(<ChatHarness />, { path: '/team-chat' });
  const log = await screen.findByRole('log', { name: 'Messages in general' }, { timeout: 5_000 });
  await within(log).findByText('Hello team', undefined, { timeout: 5_000 });
  const box = screen.getByRole('combobox', { name: 'Message #general' });
  const input = screen.getByTestId<HTMLInputElement>('chat-attach-input');
  return { ...rendered, log, box, input };
}

const report = () => new File(['quarterly numbers'], 'report.pdf', { type: 'application/pdf' });

describe('attachments in the composer', () => {
  it('uploads a chosen file at once into the Team chat folder, and the message carries its id', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = stubChatApi({ onUpload: async () => void (await held) });
    const { user, log, box, input } = await openGeneral();
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled();

    await user.upload(input, report());
    const chip = await screen.findByRole('listitem', { name: 'report.pdf' });
    expect(within(chip).getByText('17 bytes')).toBeInTheDocument();
    expect(
      await within(chip).findByRole('progressbar', { name: 'Uploading report.pdf' }),
    ).toBeInTheDocument();
    // Send waits for the upload, even for a message of attachments only.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    act(() => release());
    await waitFor(() => expect(within(chip).queryByRole('progressbar')).toBeNull());
    const upload = api.requests.find((r) => r.method === 'POST' && r.url.includes('/files?'))!;
    const query = new URL(upload.url, 'http://localhost').searchParams;
    expect(query.get('name')).toBe('report.pdf');
    expect(query.get('folderId')).toBe('folder1');
    expect(api.stored.find((i) => i.kind === 'folder')?.name).toBe('Team chat');
    expect(upload.headers.get('Authorization')).toBe('Bearer test-token');

    const send = screen.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(api.posts()).toEqual(['']));
    const post = api.requests.find((r) => r.method === 'POST' && r.url.endsWith('/messages'))!;
    expect(post.body).toMatchObject({ body: '', attachmentIds: ['file2'] });
    await waitFor(() => expect(within(box.closest('form')!).queryByRole('listitem')).toBeNull());
    const mine = await within(log).findByRole('article', { name: /^Grace Volunteer/ });
    expect(await within(mine).findByRole('button', { name: 'Download report.pdf' })).toBeInTheDocument();
  });

  it('refuses a file past the single upload’s limit, pointing to Cloud Storage, and retries a failed one', async () => {
    let refuse = true;
    const api = stubChatApi({
      onUpload: () => (refuse ? jsonResponse({ message: 'Storage is busy.' }, 503) : undefined),
    });
    const { user, input } = await openGeneral();
    const big = new File(['x'], 'film.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, [big, report()]);

    const bigChip = await screen.findByRole('listitem', { name: 'film.mp4' });
    expect(await within(bigChip).findByRole('alert')).toHaveTextContent(/larger than 10 MB.*Cloud Storage/);
    expect(within(bigChip).queryByRole('button', { name: 'Retry' })).toBeNull();

    const failed = screen.getByRole('listitem', { name: 'report.pdf' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent('Storage is busy.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    refuse = false;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(failed).queryByRole('alert')).toBeNull());
    await user.click(within(bigChip).getByRole('button', { name: 'Remove film.mp4' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    // Nothing of the large file was sent.
    expect(api.requests.some((r) => r.url.includes('film.mp4'))).toBe(false);
  });

  it('disables attaching offline, with a note, while typing and sending still work', async () => {
    const api = stubChatApi();
    const { user, box, log } = await openGeneral();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const attach = await screen.findByRole('button', { name: 'Attach files' });
    await waitFor(() => expect(attach).toBeDisabled());
    expect(attach).toHaveAccessibleDescription(/attaching files needs a connection/);
    await user.type(box, 'Offline hello{Enter}');
    expect(await within(log).findByText('Offline hello')).toBeInTheDocument();
    expect(api.posts()).toEqual([]);

    // Back online (the query client's online state is the page's, shared by the next tests).
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(attach).toBeEnabled());
    await waitFor(() => expect(api.posts()).toEqual(['Offline hello']));
  });
});

describe('attachments in messages', () => {
  it('shows a picture as its thumbnail, never the picture itself, and a file with Download', async () => {
    const api = stubChatApi({
      messages: [
        messageOf({
          body: 'Hello team',
          attachments: [
            {
              fileId: 'pic1',
              name: 'well.jpg',
              contentType: 'image/jpeg',
              size: 240_000,
              hasThumbnail: true,
            },
            {
              fileId: 'doc1',
              name: 'budget.xlsx',
              contentType: 'application/zip',
              size: 12_000,
              hasThumbnail: false,
            },
          ],
        }),
      ],
    });
    const { user, log } = await openGeneral();
    const open = await within(log).findByRole('button', { name: 'Open well.jpg' });
    expect(await within(open).findByRole('img', { name: 'well.jpg' })).toHaveAttribute(
      'src',
      'blob:attachment',
    );
    const urls = () => api.requests.map((r) => r.url);
    expect(urls().some((u) => u.endsWith('/files/pic1/thumbnail'))).toBe(true);
    expect(urls().some((u) => u.endsWith('/files/pic1/content'))).toBe(false);

    expect(within(log).getByText('budget.xlsx')).toBeInTheDocument();
    expect(within(log).getByText('12 kB')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Download budget.xlsx' }));
    await waitFor(() => expect(urls().some((u) => u.endsWith('/files/doc1/content'))).toBe(true));
    const download = api.requests.find((r) => r.url.endsWith('/files/doc1/content'))!;
    expect(download.headers.get('Authorization')).toBe('Bearer test-token');

    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'well.jpg' });
    await waitFor(() => expect(urls().some((u) => u.endsWith('/files/pic1/content'))).toBe(true));
    expect(await within(dialog).findByRole('img', { name: 'well.jpg' })).toBeInTheDocument();
  });
});
