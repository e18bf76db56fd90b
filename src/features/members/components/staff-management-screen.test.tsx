import type { Member } from '@contract/members';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectivityForTests, startConnectivity } from '@/lib/connectivity';
import { notify } from '@/lib/notify';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { createTestQueryClient, renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { membersQueryOptions } from '../api/get-members';
import type { StaffSearch } from '../members-filter';
import { inviteOf, memberOf, seatsOf } from '../testing';
import { SEARCH_DEBOUNCE_MS } from './members-panel';
import { StaffManagementScreen } from './staff-management-screen';

const nadia = memberOf({ id: 'me', name: 'Nadia Uwase', email: 'ngoadmin@hope.org', role: 'NGO_ADMIN' });
const ada = memberOf({ id: 'ada', name: 'Ada Admin', email: 'admin@hope.org', role: 'ADMIN' });
const eric = memberOf({
  id: 'eric',
  name: 'Eric Staff',
  email: 'staff@hope.org',
  role: 'STAFF',
  lastSeenAt: null,
});
const grace = memberOf({
  id: 'grace',
  name: 'Grace Volunteer',
  email: 'volunteer@hope.org',
  role: 'VOLUNTEER',
  status: 'deactivated',
});
const everyone = [ada, eric, grace, nadia];

/** The route's part: the search lives in the URL there, in state here. */
function Harness({ viewer, initial = {} }: { viewer: { id: string; role: string }; initial?: StaffSearch }) {
  const [search, setSearch] = useState<StaffSearch>(initial);
  return (
    <StaffManagementScreen
      search={search}
      onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
      viewer={viewer}
    />
  );
}

type Handler = (request: StubbedRequest, url: URL) => Response | Promise<Response> | undefined;

/** The members API over `members`, searched as the server would; `handler` answers first when it does. */
function stubMembersApi(members: Member[] = everyone, handler?: Handler) {
  return stubFetch(async (request) => {
    const url = new URL(request.url, 'http://localhost');
    const answer = await handler?.(request, url);
    if (answer) return answer;
    if (url.pathname === '/api/members/seats') return jsonResponse(seatsOf({ active: 3 }));
    if (url.pathname === '/api/members') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const role = url.searchParams.get('role');
      return jsonResponse(
        members.filter(
          (m) => (!q || `${m.name} ${m.email}`.toLowerCase().includes(q)) && (!role || m.role === role),
        ),
      );
    }
    if (url.pathname === '/api/invites') return jsonResponse([]);
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
}

const asked = (requests: StubbedRequest[], pathname: string) =>
  requests.map((r) => new URL(r.url, 'http://localhost')).filter((u) => u.pathname === pathname);

afterEach(() => {
  vi.restoreAllMocks();
  resetConnectivityForTests();
});

describe('StaffManagementScreen', () => {
  it('shows skeleton rows while the first page loads', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    stubFetch(() => new Promise<Response>(() => {}));
    await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
    });
    expect(screen.getByRole('status', { name: 'Loading members' })).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('Loading members...');
  });

  it('lists members with role, status and last seen, and offers a manager actions only on those they may change', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    stubMembersApi();
    await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
    });
    const table = await screen.findByRole('table', { name: 'Members of your organisation, by name' });
    expect(screen.getByTestId('result-count')).toHaveTextContent('4 members');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;

    expect(within(row('Eric Staff')).getByText('Staff')).toBeInTheDocument();
    expect(within(row('Eric Staff')).getByText('never')).toBeInTheDocument();
    expect(
      within(row('Eric Staff')).getByRole('button', { name: 'Change role of Eric Staff' }),
    ).toBeEnabled();
    expect(within(row('Eric Staff')).getByRole('button', { name: 'Deactivate Eric Staff' })).toBeEnabled();
    expect(within(row('Grace Volunteer')).getByText('Deactivated')).toBeInTheDocument();
    expect(
      within(row('Grace Volunteer')).getByRole('button', { name: 'Reactivate Grace Volunteer' }),
    ).toBeEnabled();
    // Above an NGO admin's own role, and their own row: nothing to do.
    expect(within(row('Ada Admin')).queryAllByRole('button')).toEqual([]);
    expect(within(row('Nadia Uwase')).getByText('You')).toBeInTheDocument();
    expect(within(row('Nadia Uwase')).queryAllByRole('button')).toEqual([]);

    expect(await screen.findByRole('meter', { name: 'Member seats used' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(screen.getByTestId('seat-meter')).toHaveTextContent('3 of 5 members (Starter plan)');
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    // Their menu has no Send Notification: messaging the members starts here.
    expect(screen.getByRole('link', { name: 'Message members' })).toHaveAttribute(
      'href',
      '/admin/bulk-email?new=1',
    );
  });

  it('searches once typing pauses, with the search in the filter, and says when nothing matches', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    const { requests } = stubMembersApi();
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
    });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search by name or email'), 'zzz');
    // The loaded members are narrowed at once…
    expect(await screen.findByText('No members match “zzz”.')).toBeInTheDocument();
    // …and the server is asked once typing pauses.
    await waitFor(() => expect(asked(requests, '/api/members').at(-1)?.searchParams.get('q')).toBe('zzz'), {
      timeout: SEARCH_DEBOUNCE_MS + 1000,
    });
    expect(asked(requests, '/api/members').filter((u) => u.searchParams.has('q'))).toHaveLength(1);
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by name or email')).toHaveValue('');
  });

  it('filters by role through the server', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    const { requests } = stubMembersApi();
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Role'), 'Volunteer');
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('1 member'));
    expect(asked(requests, '/api/members').at(-1)?.searchParams.get('role')).toBe('VOLUNTEER');
  });

  it('says when the list could not be loaded, and loads it on Retry', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    let fail = true;
    stubMembersApi(everyone, (_request, url) =>
      url.pathname === '/api/members' && fail
        ? jsonResponse({ message: 'The server is busy. Try again.', code: 'unavailable' }, 503)
        : undefined,
    );
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy. Try again.');
    expect(screen.queryByText('No members yet.')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('gives a reader the list without any action, seats or invitations', async () => {
    signInAs({ id: 'eric', role: 'STAFF' });
    const { requests } = stubMembersApi();
    await renderWithRouter(<Harness viewer={{ id: 'eric', role: 'STAFF' }} />, { path: '/staff-management' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Grace Volunteer')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /Change role|Deactivate|Reactivate|Invite/ })).toEqual([]);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Message members' })).toBeNull();
    expect(
      screen.getByText('Only your organisation’s admins invite people and change roles.'),
    ).toBeInTheDocument();
    expect(asked(requests, '/api/members/seats')).toEqual([]);
    expect(asked(requests, '/api/invites')).toEqual([]);
  });

  it('tells a volunteer the screen is not theirs, asking the server nothing', async () => {
    signInAs({ id: 'grace', role: 'VOLUNTEER' });
    const { requests } = stubMembersApi();
    await renderWithRouter(<Harness viewer={{ id: 'grace', role: 'VOLUNTEER' }} />, {
      path: '/staff-management',
    });
    expect(
      screen.getByText('Staff Management is for your organisation’s admins and staff.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(requests).toEqual([]);
  });

  it('deactivates after the confirmation; the last admin’s refusal is a toast and the dialog closes', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const members = [...everyone];
    const { requests } = stubMembersApi(members, (request, url) => {
      if (request.method !== 'PATCH') return undefined;
      if (url.pathname === '/api/members/eric') {
        const changed = { ...eric, status: 'deactivated' as const };
        members[members.indexOf(eric)] = changed;
        return jsonResponse(changed);
      }
      return jsonResponse(
        {
          message: 'Nadia is the last admin of the organisation: give another member an admin role first.',
          code: 'last_admin',
        },
        409,
      );
    });
    const { user } = await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Eric Staff' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Eric Staff?' });
    expect(dialog).toHaveTextContent('Their sessions end at once, on every device');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Eric Staff is deactivated. Their sessions have ended.'),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'deactivated' });
    expect(await screen.findByRole('button', { name: 'Reactivate Eric Staff' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate Grace Volunteer' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Nadia is the last admin of the organisation: give another member an admin role first.',
        undefined,
      ),
    );
  });

  it('lists invitations with their state; resends one and revokes another after the confirmation', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const pending = inviteOf({ id: 'p1', email: 'amina@example.org' });
    const expired = inviteOf({
      id: 'x1',
      email: 'jean@example.org',
      status: 'expired',
      expiresAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    const accepted = inviteOf({ id: 'a1', email: 'eric@example.org', status: 'accepted', role: 'STAFF' });
    const { requests } = stubMembersApi(everyone, (request, url) => {
      if (url.pathname === '/api/invites' && request.method === 'GET')
        return jsonResponse([pending, expired, accepted]);
      if (url.pathname === '/api/invites/x1/resend') return jsonResponse({ ...expired, status: 'pending' });
      if (url.pathname === '/api/invites/p1' && request.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    const { user } = await renderWithRouter(
      <Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} initial={{ tab: 'invitations' }} />,
      { path: '/staff-management?tab=invitations' },
    );
    const list = await screen.findByRole('list', { name: 'Invitations' });
    const item = (email: string) => within(list).getByText(email).closest('li')!;
    expect(item('amina@example.org')).toHaveTextContent('Pending');
    expect(item('amina@example.org')).toHaveTextContent('Volunteer · Sent yesterday by Nadia Uwase');
    expect(item('jean@example.org')).toHaveTextContent('expired 2 days ago');
    expect(within(item('eric@example.org')).queryAllByRole('button')).toEqual([]);
    expect(within(item('jean@example.org')).queryByRole('button', { name: /Revoke/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resend the invitation to jean@example.org' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Invitation sent again to jean@example.org. The new link works for 7 days.',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to amina@example.org' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Revoke the invitation to amina@example.org?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Invitation to amina@example.org revoked. Its link no longer works.',
      ),
    );
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/invites/p1')).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says when every seat is taken and disables inviting with the reason', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    stubMembersApi(everyone, (_request, url) =>
      url.pathname === '/api/members/seats'
        ? jsonResponse(seatsOf({ active: 4, pendingInvites: 1 }))
        : undefined,
    );
    await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
    });
    const meter = await screen.findByTestId('seat-meter');
    expect(meter).toHaveTextContent('5 of 5 members (Starter plan)');
    expect(meter).toHaveTextContent('4 active members, 1 pending invitation');
    expect(meter).toHaveTextContent('Every seat of the Starter plan is taken.');
    expect(within(meter).getByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    const invite = screen.getByRole('button', { name: 'Invite member' });
    expect(invite).toBeDisabled();
    expect(invite).toHaveAccessibleDescription('Every seat of the plan is taken.');
  });

  it('offline, keeps the list seen and disables every change with the reason', async () => {
    signInAs({ id: 'me', role: 'NGO_ADMIN' });
    stubMembersApi();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(membersQueryOptions({}).queryKey, {
      pages: [{ items: everyone }],
      pageParams: [''],
    });
    startConnectivity();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await renderWithRouter(<Harness viewer={{ id: 'me', role: 'NGO_ADMIN' }} />, {
      path: '/staff-management',
      queryClient,
    });
    const button = await screen.findByRole('button', { name: 'Deactivate Eric Staff' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You are offline. Inviting and changing members needs a connection.',
    );
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeDisabled();
    expect(screen.getByTestId('saved-results')).toHaveTextContent('Offline: showing results saved');
  });
});
