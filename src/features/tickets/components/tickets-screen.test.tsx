import type { TicketDetail } from '@contract/tickets';
import { onlineManager } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { clearOutboxForUser, outbox } from '@/lib/outbox';
import { FetchBackedXhr } from '@/testing/fetch-backed-xhr';
import { jsonResponse } from '@/testing/fetch-stub';
import { forgetAttachmentFolders } from '@/lib/uploads/folder-attachment';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { detailOf, replyOf } from '../testing';
import { stubTicketsApi } from '../tickets-test-api';
import { ticketsSearch } from '../tickets-search';
import { OnlyAgents } from './only-agents';
import { TicketsScreen } from './tickets-screen';

type Who = { id: string; name: string; role: string };
const eric: Who = { id: 'eric', name: 'Eric Staff', role: 'STAFF' };
const nadia: Who = { id: 'nadia', name: 'Nadia Uwase', role: 'NGO_ADMIN' };

/** The route's part: the search lives in the test router's URL, as in the app. */
function Harness({ viewer, mode = 'requests' }: { viewer: Who; mode?: 'requests' | 'queue' }) {
  const search = ticketsSearch.parse(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  return (
    <TicketsScreen
      mode={mode}
      search={search}
      onSearchChange={(next, options) =>
        void navigate({ to: '.', search: next as never, replace: options?.replace })
      }
      viewer={viewer}
    />
  );
}

async function render(viewer: Who, path = '/feedback-requests', mode: 'requests' | 'queue' = 'requests') {
  signInAs(viewer);
  return renderWithRouter(<Harness viewer={viewer} mode={mode} />, { path });
}

/** Opens a ticket's detail, the way a card's link does. */
async function openTicket(viewer: Who, ticket: TicketDetail) {
  const rendered = await render(viewer, `/feedback-requests?ticket=${ticket.id}`);
  await screen.findByRole('heading', { level: 2, name: ticket.subject });
  return rendered;
}

// Generous waits: the whole client suite runs in one worker, and IndexedDB is slow under load.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  await waitFor(() => expect(outbox.getSnapshot().flushing).toBe(false));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  forgetAttachmentFolders();
  resetConnectivityForTests();
  // The offline test's 'offline' event paused the query client's network mode too.
  onlineManager.setOnline(true);
  await clearOutboxForUser('eric');
  await clearOutboxForUser('nadia');
});

describe('the tickets list', { timeout: 30_000 }, () => {
  it('shows skeletons while the tickets load', async () => {
    stubTicketsApi({ handler: () => new Promise<Response>(() => {}) });
    await render(eric);
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets and Requests' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading tickets' })).toBeInTheDocument();
  });

  it('says when there are none yet, and offers New ticket', async () => {
    stubTicketsApi();
    await render(eric);
    expect(await screen.findByText(/No tickets yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New ticket' })).toBeEnabled();
  });

  it('offers Retry when the list could not be loaded, and shows it once it loads', async () => {
    let fail = true;
    stubTicketsApi({
      tickets: [detailOf()],
      handler: (_request, url) =>
        fail && url.pathname === '/api/tickets'
          ? jsonResponse({ message: 'The server had a problem.', code: 'internal' }, 500)
          : undefined,
    });
    const { user } = await render(eric);
    expect(await screen.findByText('The server had a problem.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('link', { name: 'The donation page shows the wrong currency' }),
    ).toBeInTheDocument();
  });

  it('lists each ticket with its number and status, and filters by status in the address', async () => {
    const { requests } = stubTicketsApi({
      tickets: [
        detailOf(),
        detailOf({ id: 't2', number: 1043, subject: 'Add a Kinyarwanda menu', status: 'pending' }),
      ],
    });
    const { user, router } = await render(eric);
    const card = (await screen.findByRole('link', { name: 'Add a Kinyarwanda menu' })).closest('article')!;
    expect(card).toHaveTextContent('#1043');
    expect(within(card).getByTestId('ticket-status')).toHaveTextContent('Pending');
    // A requester's list has no agent filters.
    expect(screen.queryByLabelText('Assigned to')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'pending' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /wrong currency/ })).toBeNull());
    const asked = requests
      .map((r) => new URL(r.url, 'http://localhost'))
      .filter((u) => u.pathname === '/api/tickets');
    expect(asked.at(-1)!.searchParams.get('status')).toBe('pending');
  });

  it('gives an NGO admin the agent filters and the SLA clock on each card', async () => {
    stubTicketsApi({
      tickets: [detailOf({ firstReplyDueAt: '2000-01-01T00:00:00.000Z' })],
      viewer: { ...nadia, agent: true },
    });
    await render(nadia);
    const card = (await screen.findByRole('link', { name: /wrong currency/ })).closest('article')!;
    expect(card).toHaveTextContent(/First reply overdue by \d+ d/);
    expect(card).toHaveTextContent('Assigned to:Nobody yet');
    expect(screen.getByLabelText('Assigned to')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Only tickets I asked' })).toBeInTheDocument();
  });
});

describe('a new ticket', { timeout: 30_000 }, () => {
  it('shows the contract’s messages first, then sends the ticket with a key and opens it', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubTicketsApi();
    const { user, router } = await render(eric);
    await screen.findByText(/No tickets yet/);
    await user.click(screen.getByRole('button', { name: 'New ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));
    expect(await within(dialog).findByText('Subject is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a category from the list.')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Subject/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Subject/), 'Cannot export the donors list');
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'problem');
    await user.selectOptions(within(dialog).getByLabelText(/Priority/), 'high');
    await user.click(within(dialog).getByRole('radio', { name: /NGO Portal support/ }));
    await user.type(within(dialog).getByLabelText(/Description/), 'The export button does nothing.');
    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(expect.stringMatching(/^Ticket #2001 sent/)),
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      subject: 'Cannot export the donors list',
      category: 'problem',
      priority: 'high',
      audience: 'platform',
      description: 'The export button does nothing.',
      attachmentIds: [],
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The new ticket opens.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Cannot export the donors list' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ ticket: 'new2001' });
  });

  it('offline, keeps the ticket on the device and shows it as waiting to send', async () => {
    vi.spyOn(notify, 'message').mockImplementation(() => {});
    const { requests } = stubTicketsApi();
    const { user } = await render(eric);
    await screen.findByText(/No tickets yet/);
    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await user.click(screen.getByRole('button', { name: 'New ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
    expect(within(dialog).getByRole('button', { name: 'Attach files' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Subject/), 'Water point broken');
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'problem');
    await user.type(within(dialog).getByLabelText(/Description/), 'The pump at Kimironko is broken.');
    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));

    const waiting = await screen.findByRole('list', { name: 'Tickets not sent yet' });
    expect(waiting).toHaveTextContent('Water point broken');
    expect(waiting).toHaveTextContent('Waiting to send');
    expect(notify.message).toHaveBeenCalledWith(
      expect.stringContaining('Your ticket is saved on this device'),
    );
    const entries = await outbox.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'ticket-create',
      method: 'POST',
      url: '/tickets',
      userId: 'eric',
    });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
  it('uploads each attached file at once, with its progress, and sends their ids with the ticket', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    FetchBackedXhr.install();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { requests } = stubTicketsApi({
      handler: async (request, url) => {
        if (url.pathname === '/api/folders')
          return request.method === 'GET'
            ? jsonResponse([])
            : jsonResponse({ kind: 'folder', id: 'folder9', name: 'Tickets', folderId: null }, 201);
        if (url.pathname === '/api/files' && request.method === 'GET') return jsonResponse([]);
        if (url.pathname === '/api/files') {
          await held;
          return jsonResponse({ kind: 'file', id: 'file7', name: 'screen.pdf', sizeBytes: 17 }, 201);
        }
        return undefined;
      },
    });
    const { user } = await render(eric);
    await screen.findByText(/No tickets yet/);
    await user.click(screen.getByRole('button', { name: 'New ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
    await user.type(within(dialog).getByLabelText(/Subject/), 'Export fails');
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'problem');
    await user.type(within(dialog).getByLabelText(/Description/), 'See the screenshot.');
    await user.upload(
      screen.getByTestId('ticket-attach-input'),
      new File(['quarterly numbers'], 'screen.pdf', { type: 'application/pdf' }),
    );
    const chip = await within(dialog).findByRole('listitem', { name: 'screen.pdf' });
    expect(
      await within(chip).findByRole('progressbar', { name: 'Uploading screen.pdf' }),
    ).toBeInTheDocument();
    // Sending waits for the upload.
    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));
    expect(await within(dialog).findByText(/Wait for the files to finish uploading/)).toBeInTheDocument();

    act(() => release());
    await waitFor(() => expect(within(chip).queryByRole('progressbar')).toBeNull());
    const upload = requests.find((r) => r.method === 'POST' && r.url.includes('/files?'))!;
    expect(new URL(upload.url, 'http://localhost').searchParams.get('folderId')).toBe('folder9');
    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/tickets'))!;
    expect(post.body).toMatchObject({ subject: 'Export fails', attachmentIds: ['file7'] });
  });
});

describe('a ticket', { timeout: 30_000 }, () => {
  it('shows the conversation and the SLA clocks, and sends a reply that joins it', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const ticket = detailOf({
      replies: [replyOf()],
      firstReplyAt: '2026-11-20T10:00:00.000Z',
      replyCount: 1,
    });
    const { requests } = stubTicketsApi({ tickets: [ticket] });
    const { user } = await openTicket(eric, ticket);
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(conversation).toHaveTextContent('Donors in Kigali see dollars instead of francs.');
    expect(conversation).toHaveTextContent('Thanks Eric, we are looking at it.');
    expect(screen.getByRole('list', { name: 'Service levels' })).toHaveTextContent('Replied in 1 h');
    // A requester writes replies only: no notes, no agent controls.
    expect(screen.queryByRole('radio', { name: /Internal note/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Work this ticket' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reply'), 'It happens on the Android app too.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Reply sent.'));
    expect(screen.getByRole('list', { name: 'Conversation' })).toHaveTextContent(
      'It happens on the Android app too.',
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URL(post.url, 'http://localhost').pathname).toBe('/api/tickets/t1/replies');
    expect(post.body).toEqual({ body: 'It happens on the Android app too.', internal: false });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Reply')).toHaveValue('');
  });

  it('lets an agent add an internal note, marked as only for agents, and work the ticket', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const ticket = detailOf({
      viewerIsAgent: true,
      viewerIsRequester: false,
      replies: [replyOf({ id: 'n1', internal: true, body: 'Checked the currency setting.' })],
    });
    const { requests } = stubTicketsApi({
      tickets: [ticket],
      viewer: { ...nadia, agent: true },
      agents: [
        { id: 'nadia', name: 'Nadia Uwase' },
        { id: 'ada', name: 'Ada Admin' },
      ],
    });
    const { user } = await openTicket(nadia, ticket);
    const note = screen.getByRole('article', { name: /^Internal note from Nadia Uwase/ });
    expect(note).toHaveTextContent('Internal note — only agents see this');

    await user.click(screen.getByRole('radio', { name: /Internal note/ }));
    const form = screen.getByRole('form', { name: 'Add an internal note' });
    expect(form).toHaveTextContent('Internal note — only agents see this');
    await user.type(within(form).getByLabelText('Note'), 'Asked finance to check.');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Internal note added.'));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      body: 'Asked finance to check.',
      internal: true,
    });

    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Assigned to you.'));
    expect(screen.getByText('Assigned to:').nextSibling).toHaveTextContent('Nadia Uwase');
    await user.selectOptions(screen.getByLabelText('Status'), 'resolved');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Status changed to Resolved.'));
    const patches = requests.filter((r) => r.method === 'PATCH').map((r) => r.body);
    expect(patches).toEqual([{ assigneeId: 'nadia' }, { status: 'resolved' }]);
    expect(screen.getByRole('heading', { level: 2 }).parentElement).toHaveTextContent('Resolved');
  });

  it('empties the box as a note is sent, and keeps the next reply typed while the note is on its way', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const ticket = detailOf({ viewerIsAgent: true, viewerIsRequester: false, replies: [replyOf()] });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { requests } = stubTicketsApi({
      tickets: [ticket],
      viewer: { ...nadia, agent: true },
      // The note's POST waits until the test lets it go, then the stub answers it as usual.
      handler: async (request) => {
        if (request.method === 'POST') await held;
        return undefined;
      },
    });
    const { user } = await openTicket(nadia, ticket);
    await user.click(screen.getByRole('radio', { name: /Internal note/ }));
    await user.type(screen.getByLabelText('Note'), 'Spare projector in the store room.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    // The note has left the box for the conversation, where it waits to send.
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(screen.getByRole('list', { name: 'Conversation' })).toHaveTextContent(
      'Spare projector in the store room.',
    );

    await user.click(screen.getByRole('radio', { name: /Public reply/ }));
    await user.type(screen.getByLabelText('Reply'), 'Take the spare projector.');
    await user.selectOptions(screen.getByLabelText('Then set the status'), 'resolved');
    act(release);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Internal note added.'));
    expect(screen.getByLabelText('Reply')).toHaveValue('Take the spare projector.');
    expect(screen.getByLabelText('Then set the status')).toHaveValue('resolved');
  });

  it('puts a refused reply back in the box, with the server’s reason', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const ticket = detailOf({ replies: [replyOf()] });
    stubTicketsApi({
      tickets: [ticket],
      handler: (request) =>
        request.method === 'POST'
          ? jsonResponse({ message: 'This ticket is closed and takes no more replies.' }, 409)
          : undefined,
    });
    const { user } = await openTicket(eric, ticket);
    await user.type(screen.getByLabelText('Reply'), 'Is there any news?');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('This ticket is closed and takes no more replies.'),
    );
    expect(screen.getByLabelText('Reply')).toHaveValue('Is there any news?');
  });

  it('asks the requester for a rating once it is resolved, once', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const ticket = detailOf({ status: 'resolved', resolvedAt: '2026-11-21T09:00:00.000Z' });
    const { requests } = stubTicketsApi({ tickets: [ticket] });
    const { user } = await openTicket(eric, ticket);
    const prompt = screen.getByRole('region', { name: 'How did we do?' });
    const choices = within(prompt).getAllByRole('radio');
    expect(choices.map((c) => c.closest('label')!.textContent)).toEqual([
      '1 — Very dissatisfied',
      '2 — Dissatisfied',
      '3 — Neither satisfied nor dissatisfied',
      '4 — Satisfied',
      '5 — Very satisfied',
    ]);
    await user.click(within(prompt).getByRole('button', { name: 'Send rating' }));
    expect(await within(prompt).findByText('Choose a rating from 1 to 5.')).toBeInTheDocument();

    await user.click(within(prompt).getByRole('radio', { name: /4 — Satisfied/ }));
    await user.type(within(prompt).getByLabelText(/Comment/), 'Quick and clear.');
    await user.click(within(prompt).getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Thank you for your rating.'));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ score: 4, comment: 'Quick and clear.' });
    expect(screen.getByRole('region', { name: 'Rating' })).toHaveTextContent(
      'You rated this 4 out of 5: Satisfied',
    );
    expect(screen.queryByRole('region', { name: 'How did we do?' })).toBeNull();
  });

  it('lets the requester reopen a resolved ticket and close an open one, after asking', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const ticket = detailOf({ status: 'resolved', resolvedAt: '2026-11-21T09:00:00.000Z' });
    const { requests } = stubTicketsApi({ tickets: [ticket] });
    const { user } = await openTicket(eric, ticket);
    await user.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(expect.stringMatching(/^Ticket reopened/)),
    );
    expect(screen.queryByRole('button', { name: 'Reopen ticket' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Close this ticket?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ticket closed.'));
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { status: 'open' },
      { status: 'closed' },
    ]);
    expect(await screen.findByText(/This ticket is closed and takes no more replies/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Reply')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).toBeNull();
  });

  it('offline, keeps a reply on the device and shows it in the conversation as waiting to send', async () => {
    vi.spyOn(notify, 'message').mockImplementation(() => {});
    const ticket = detailOf();
    const { requests } = stubTicketsApi({ tickets: [ticket] });
    const { user } = await openTicket(eric, ticket);
    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await user.type(screen.getByLabelText('Reply'), 'Any news?');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    await waitFor(() => expect(within(conversation).getAllByRole('article')).toHaveLength(2));
    const pending = within(conversation).getAllByRole('article')[1]!;
    expect(pending).toHaveAccessibleName(/^Message from Eric Staff/);
    expect(pending).toHaveTextContent('Any news?');
    expect(pending).toHaveTextContent('Waiting to send');
    expect(notify.message).toHaveBeenCalledWith(
      expect.stringContaining('Your reply is saved on this device'),
    );
    const entries = await outbox.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'ticket-reply',
      url: '/tickets/t1/replies',
      body: { body: 'Any news?', internal: false },
      orderKey: 't1',
    });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says so when the ticket is not the viewer’s to see', async () => {
    stubTicketsApi();
    await render(eric, '/feedback-requests?ticket=gone');
    expect(
      await screen.findByText('This ticket is not available to you, or no longer exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to tickets' })).toBeInTheDocument();
  });
});

describe('the agents’ queue', { timeout: 30_000 }, () => {
  it('tells someone who does not work tickets where their own are', async () => {
    await renderWithRouter(<OnlyAgents />, { path: '/admin/all-tickets' });
    expect(screen.getByText('Only admins work tickets.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Tickets and Requests' })).toHaveAttribute(
      'href',
      '/feedback-requests',
    );
  });

  it('shows the queue’s figures and a chart of the last weeks', async () => {
    stubTicketsApi({
      viewer: { ...nadia, agent: true },
      stats: {
        weeks: [
          { weekStart: '2026-11-09', opened: 4, resolved: 2, csat: null, ratings: 0 },
          { weekStart: '2026-11-16', opened: 6, resolved: 5, csat: 4.5, ratings: 2 },
        ],
        byStatus: { open: 3, pending: 1, resolved: 7, closed: 2 },
        breached: 2,
        medianFirstReplyMinutes: 150,
        medianResolveMinutes: 900,
      },
    });
    await render(nadia, '/admin/all-tickets', 'queue');
    expect(screen.getByRole('heading', { level: 1, name: 'All Tickets & Feedback' })).toBeInTheDocument();
    const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    await waitFor(() => expect(counter('Open')).toHaveTextContent('3'));
    expect(counter('Pending')).toHaveTextContent('1');
    expect(counter('Past their SLA')).toHaveTextContent('2');
    expect(counter('Median first reply')).toHaveTextContent('3 h');
    expect(screen.getByRole('img', { name: /10 opened and 7 resolved in all/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /4\.5 on average over 2 ratings/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Sent to')).toBeInTheDocument();
  });
});
