import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { countUnsentOfSignedOutAccounts, outbox, type OutboxAction } from '@/lib/outbox';
import { SignedOutUnsentNotice } from './signed-out-unsent-notice';

const report: OutboxAction = {
  kind: 'activity-report',
  method: 'POST',
  url: '/reports',
  label: 'Activity report',
};

afterEach(async () => {
  await outbox.clearUnsentOfSignedOutAccounts();
  for (const entry of await outbox.entries()) await outbox.remove(entry.id);
});

describe('SignedOutUnsentNotice', () => {
  it('says nothing when no signed-out account left writes behind', async () => {
    await outbox.enqueue(report, { note: 'anonymous' }, { idempotencyKey: 'anon-1', userId: null });
    render(<SignedOutUnsentNotice />);
    // The count is read from IndexedDB after mount; give it the chance to appear.
    await waitFor(async () => expect(await countUnsentOfSignedOutAccounts()).toBe(0));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('counts a signed-out account’s unsent writes without showing them, and deletes them after a warning', async () => {
    // Nobody is signed in here: entries of user-7 are what a 401 left behind.
    await outbox.enqueue(report, { note: 'visit A' }, { idempotencyKey: 'u7-1', userId: 'user-7' });
    await outbox.enqueue(report, { note: 'visit B' }, { idempotencyKey: 'u7-2', userId: 'user-7' });
    await outbox.enqueue(report, { note: 'anonymous' }, { idempotencyKey: 'anon-2', userId: null });
    const user = userEvent.setup();
    render(<SignedOutUnsentNotice />);

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      '2 items saved offline by an account that was signed out have not been sent. Sign in to that account to send them.',
    );
    expect(notice).not.toHaveTextContent('visit A');

    await user.click(within(notice).getByRole('button', { name: 'Delete unsent items' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Delete unsent items?' });
    await user.click(within(warning).getByRole('button', { name: 'Keep them' }));
    expect(await countUnsentOfSignedOutAccounts()).toBe(2);

    await user.click(within(notice).getByRole('button', { name: 'Delete unsent items' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(await countUnsentOfSignedOutAccounts()).toBe(0);
    // The visitor's own (anonymous) write is untouched.
    expect((await outbox.entries()).map((e) => e.id)).toEqual(['anon-2']);
  });
});
