import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outbox, registerSideQueue, type OutboxAction, type SideQueueItem } from '@/lib/outbox';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { OutboxStatus } from './outbox-status';

const contact: OutboxAction = {
  kind: 'contact-message',
  method: 'POST',
  url: '/marketing/contact',
  label: 'Contact message',
};

afterEach(async () => {
  vi.restoreAllMocks();
  for (const entry of await outbox.entries()) await outbox.remove(entry.id);
});

/** One message the server refused with a field error, as a background flush leaves it. */
async function seedRefusedMessage() {
  stubFetch(() =>
    jsonResponse({ message: 'Some fields are invalid.', fields: { subject: 'Subject is too long.' } }, 400),
  );
  await outbox.enqueue(
    contact,
    { name: 'Ama', subject: 'x'.repeat(200), message: 'Hello there, a long enough message.' },
    { idempotencyKey: 'key-1', userId: null },
  );
  await outbox.flush({ force: true });
  vi.restoreAllMocks();
}

async function openOutbox() {
  const user = userEvent.setup();
  render(<OutboxStatus />);
  await user.click(await screen.findByRole('button', { name: /^Outbox: 1 needs attention$/ }));
  // The dialog's module loads on first use (a dynamic import, slow to transform on a busy machine).
  return { user, dialog: await screen.findByRole('dialog', { name: 'Outbox' }, { timeout: 10_000 }) };
}

describe('OutboxStatus', () => {
  it('renders nothing when asked to hide while empty, and says so when shown', async () => {
    const { unmount } = render(<OutboxStatus hideWhenEmpty />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    render(<OutboxStatus />);
    expect(screen.getByRole('button', { name: 'Outbox: everything sent' })).toBeInTheDocument();
    expect(screen.queryByTestId('outbox-badge')).not.toBeInTheDocument();
  });

  it('shows a refused entry with its fields and the server’s messages; Escape closes', async () => {
    await seedRefusedMessage();
    const { user, dialog } = await openOutbox();

    expect(within(dialog).getByText('Needs attention (1)')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/The server refused it \(400\): Some fields are invalid\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Subject is too long.')).toBeInTheDocument();
    expect(within(dialog).getByText('Never on this device')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a refused entry in generated, labelled fields and sends it under a new key', async () => {
    await seedRefusedMessage();
    const { user, dialog } = await openOutbox();
    const { requests } = stubFetch(() => jsonResponse({ message: 'Thanks, Ama.' }, 201));

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const subject = within(dialog).getByLabelText('Subject');
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveAccessibleDescription('Subject is too long.');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Hello there, a long enough message.');
    await user.clear(subject);
    await user.type(subject, 'Short subject');
    await user.click(within(dialog).getByRole('button', { name: 'Save and retry' }));

    await waitFor(() => expect(within(dialog).getByText('Needs attention (0)')).toBeInTheDocument());
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({ name: 'Ama', subject: 'Short subject' });
    expect(requests[0]!.headers.get('Idempotency-Key')).not.toBe('key-1');
    expect(await outbox.entries()).toEqual([]);
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Needs attention (0)' })).toHaveFocus(),
    );
  });

  it('deletes a refused entry only after confirmation', async () => {
    await seedRefusedMessage();
    const { user, dialog } = await openOutbox();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(await outbox.entries()).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(within(dialog).getByText('Needs attention (0)')).toBeInTheDocument());
    expect(await outbox.entries()).toEqual([]);
  });

  it('disables Sync now offline and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await outbox.enqueue(contact, { name: 'Ama' }, { idempotencyKey: 'key-2', userId: null });
    const user = userEvent.setup();
    render(<OutboxStatus />);
    await user.click(await screen.findByRole('button', { name: 'Outbox: 1 waiting to send' }));
    const syncNow = await screen.findByRole('button', { name: 'Sync now' }, { timeout: 10_000 });
    expect(syncNow).toBeDisabled();
    expect(syncNow).toHaveAccessibleDescription(
      "You're offline. Waiting items are sent by themselves when the connection is back.",
    );
    expect(screen.getByTestId('outbox-pending-count')).toHaveTextContent('1');
    // What is waiting is listed by name, not only counted.
    const waiting = screen.getByRole('list', { name: 'Waiting to send' });
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(1);
    expect(within(waiting).getByRole('listitem')).toHaveTextContent(/^Contact message · saved /);
  });

  it('has no axe violations in the dialog, viewing and editing (contrast is checked in a browser)', async () => {
    await seedRefusedMessage();
    const { user, dialog } = await openOutbox();
    const violations = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
      );
    expect(await violations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await violations()).toEqual([]);
  });

  it('counts and lists what a feature sends from its own queue (files to upload), linking to its screen', async () => {
    signInAs({ id: 'u1', role: 'VOLUNTEER' });
    let items: SideQueueItem[] = [
      {
        id: 's1',
        label: 'survey.jpg (file to upload)',
        createdAt: Date.now() - 60_000,
        href: '/storage',
        action: 'See it in Cloud Storage',
      },
    ];
    const listeners = new Set<() => void>();
    const unregister = registerSideQueue({
      list: async (userId) => (userId === 'u1' ? items : []),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    });
    try {
      const { user } = await renderWithRouter(<OutboxStatus />, { path: '/dashboard' });
      await user.click(await screen.findByRole('button', { name: 'Outbox: 1 waiting to send' }));
      const dialog = await screen.findByRole('dialog', { name: 'Outbox' }, { timeout: 10_000 });
      expect(within(dialog).getByTestId('outbox-pending-count')).toHaveTextContent('1');
      const waiting = within(dialog).getByRole('list', { name: 'Waiting to send' });
      expect(within(waiting).getByRole('listitem')).toHaveTextContent(
        /^survey\.jpg \(file to upload\) · saved 1 minute ago · See it in Cloud Storage$/,
      );
      // Uploaded: the queue says it changed, and the count follows; a new file counts again.
      const all = items;
      items = [];
      listeners.forEach((listener) => listener());
      await waitFor(() => expect(within(dialog).getByTestId('outbox-pending-count')).toHaveTextContent('0'));
      expect(within(dialog).queryByRole('list', { name: 'Waiting to send' })).not.toBeInTheDocument();
      items = all;
      listeners.forEach((listener) => listener());
      const link = await within(dialog).findByRole('link', { name: 'See it in Cloud Storage' });
      await user.click(link);
      expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/storage');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      unregister();
    }
  });
});
