import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { memberOf } from '../testing';
import { ChangeRoleDialog } from './change-role-dialog';

const eric = memberOf({ id: 'eric', name: 'Eric Staff', role: 'STAFF' });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => vi.restoreAllMocks());

describe('ChangeRoleDialog', () => {
  it('offers only the roles at or below the changer’s own', async () => {
    stubFetch(() => jsonResponse({}));
    const { unmount } = await renderWithRouter(
      <ChangeRoleDialog member={eric} viewerRole="NGO_ADMIN" onOpenChange={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Change Eric Staff’s role' });
    expect(optionsOf(within(dialog).getByLabelText('Role'))).toEqual([
      'NGO admin',
      'Staff',
      'Volunteer',
      'Analyst',
      'Viewer',
    ]);
    expect(within(dialog).getByLabelText('Role')).toHaveValue('STAFF');
    unmount();

    await renderWithRouter(<ChangeRoleDialog member={eric} viewerRole="ADMIN" onOpenChange={() => {}} />);
    expect(optionsOf(screen.getByLabelText('Role'))[0]).toBe('Admin');
  });

  it('sends the new role, says so and closes', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const onOpenChange = vi.fn();
    const { requests } = stubFetch(() => jsonResponse({ ...eric, role: 'VOLUNTEER' }));
    const { user } = await renderWithRouter(
      <ChangeRoleDialog member={eric} viewerRole="NGO_ADMIN" onOpenChange={onOpenChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Eric Staff is already Staff. Choose another role.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Role'), 'Volunteer');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(success).toHaveBeenCalledWith('Eric Staff is now Volunteer.');
    expect(requests[0]).toMatchObject({
      url: '/api/members/eric',
      method: 'PATCH',
      body: { role: 'VOLUNTEER' },
    });
  });

  it('shows the last-admin refusal in a toast and goes back to the member’s role, still open', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const onOpenChange = vi.fn();
    const nadia = memberOf({ id: 'nadia', name: 'Nadia Uwase', role: 'NGO_ADMIN' });
    stubFetch(() =>
      jsonResponse({ message: 'The organisation needs at least one active admin.', code: 'last_admin' }, 409),
    );
    const { user } = await renderWithRouter(
      <ChangeRoleDialog member={nadia} viewerRole="ADMIN" onOpenChange={onOpenChange} />,
    );
    await user.selectOptions(screen.getByLabelText('Role'), 'Staff');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('The organisation needs at least one active admin.'),
    );
    expect(screen.getByLabelText('Role')).toHaveValue('NGO_ADMIN');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
