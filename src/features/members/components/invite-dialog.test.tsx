import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { inviteOf } from '../testing';
import { InviteDialog } from './invite-dialog';

afterEach(() => vi.restoreAllMocks());

const render = (viewerRole = 'NGO_ADMIN', onOpenChange = vi.fn()) =>
  renderWithRouter(<InviteDialog open onOpenChange={onOpenChange} viewerRole={viewerRole} />, {
    path: '/staff-management',
  });

describe('InviteDialog', () => {
  it('checks the address as the server does and offers only assignable roles, volunteer first chosen', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    const { user } = await render('STAFF');
    const dialog = screen.getByRole('dialog', { name: 'Invite a member' });
    const role = within(dialog).getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Staff', 'Volunteer', 'Analyst', 'Viewer']);
    expect(role).toHaveValue('VOLUNTEER');

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Email is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('sends the invitation once with an Idempotency-Key, toasts and closes', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const onOpenChange = vi.fn();
    const { requests } = stubFetch(() => jsonResponse(inviteOf({ email: 'amina@example.org' }), 201));
    const { user } = await render('NGO_ADMIN', onOpenChange);
    await user.type(screen.getByLabelText('Email'), ' Amina@Example.org ');
    await user.selectOptions(screen.getByLabelText('Role'), 'Staff');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(success).toHaveBeenCalledWith('Invitation sent to amina@example.org.');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/invites',
      method: 'POST',
      body: { email: 'amina@example.org', role: 'STAFF' },
    });
    expect(requests[0]!.headers.get('Idempotency-Key')).toMatch(/.{16,}/);
  });

  it('shows the plan’s member limit with a way to the plans, and an existing member under the email', async () => {
    let answer = jsonResponse(
      {
        message: 'The Starter plan allows 5 members, and all 5 seats are taken. Upgrade the plan in Billing.',
        code: 'member_limit_reached',
      },
      409,
    );
    stubFetch(() => answer);
    const onOpenChange = vi.fn();
    const { user } = await render('NGO_ADMIN', onOpenChange);
    await user.type(screen.getByLabelText('Email'), 'amina@example.org');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The Starter plan allows 5 members, and all 5 seats are taken. Upgrade the plan in Billing.',
    );
    expect(within(alert).getByRole('link', { name: 'Open Account Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(onOpenChange).not.toHaveBeenCalled();

    answer = jsonResponse({ message: 'amina@example.org is already a member.', code: 'already_member' }, 409);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('amina@example.org is already a member.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'amina@example.org is already a member.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
