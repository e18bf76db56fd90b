import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { getStoredUser, getToken } from '@/lib/session';
import { jsonResponse, stubFetch, type StubbedRequest } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { lookupOf } from '../testing';
import { AcceptInviteScreen } from './accept-invite-screen';

const token = 'inv_0123456789abcdef';
const session = {
  token: 'jwt-for-grace',
  user: { id: 'u9', role: 'VOLUNTEER', name: 'Grace Mukamana', email: 'grace@example.org', ngoId: 'n1' },
};

/** Answers are made per request: a Response body is read once, and StrictMode asks twice. */
function stubInviteApi(
  lookup: () => Response,
  accept: (request: StubbedRequest) => Response = () => jsonResponse(session),
) {
  return stubFetch((request) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    if (pathname === `/api/invites/lookup/${token}`) return lookup();
    if (pathname === '/api/invites/accept') return accept(request);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

const render = () =>
  renderWithRouter(<AcceptInviteScreen token={token} />, { path: `/accept-invite?token=${token}` });

afterEach(() => vi.restoreAllMocks());

describe('AcceptInviteScreen', () => {
  it('lets a new person choose a name and a password, signs them in and opens the dashboard', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { requests } = stubInviteApi(() => jsonResponse(lookupOf()));
    const { user } = await render();
    expect(
      await screen.findByRole('heading', { name: 'Join Hope Bridge Foundation as Volunteer' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Invitation for grace@example.org')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.org');

    await user.click(screen.getByRole('button', { name: 'Join Hope Bridge Foundation' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your name'), 'Grace Mukamana');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Join Hope Bridge Foundation' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'a-strong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Join Hope Bridge Foundation' }));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/dashboard');
    expect(requests.find((r) => r.url === '/api/invites/accept')?.body).toEqual({
      token,
      name: 'Grace Mukamana',
      password: 'a-strong-pass-1',
    });
    expect(getToken()).toBe('jwt-for-grace');
    expect(getStoredUser()).toMatchObject({ id: 'u9', role: 'VOLUNTEER', ngoId: 'n1' });
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Welcome to Hope Bridge Foundation. You joined as Volunteer.'),
    );
  });

  it('asks an existing account only for its password, and shows a wrong one without leaving the page', async () => {
    stubInviteApi(
      () => jsonResponse(lookupOf({ accountExists: true, role: 'STAFF' })),
      () => jsonResponse({ message: 'Incorrect email or password.', code: 'invalid_credentials' }, 401),
    );
    const { user } = await render();
    expect(
      await screen.findByRole('heading', { name: 'Join Hope Bridge Foundation as Staff' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Sign in to join with your existing account/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    // The 401 is the form's: no sign-out, no trip to /signin.
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(window.location.pathname).toBe('/accept-invite');
  });

  it('explains a link that no longer works and points to sign-in', async () => {
    stubInviteApi(() =>
      jsonResponse({ message: 'This invitation is no longer valid.', code: 'invite_invalid' }, 404),
    );
    await render();
    expect(await screen.findByText('This invitation link no longer works.')).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who invited you to send it again/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
