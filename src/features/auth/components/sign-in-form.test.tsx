import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { SignInForm } from './sign-in-form';

afterEach(() => {
  vi.restoreAllMocks();
});

const user = { id: 'u1', role: 'NGO_ADMIN', name: 'Ama Owusu', email: 'ama@example.org', ngoId: 'n1' };

describe('SignInForm', () => {
  it('shows the validation messages and sends nothing while the form is invalid', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    const { user: u } = await renderWithRouter(<SignInForm />, { path: '/signin' });

    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await u.type(screen.getByLabelText('Email'), 'not-an-email');
    await u.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('stores the session and returns to the remembered page, search included', async () => {
    const { requests } = stubFetch(() => jsonResponse({ token: 'tok123', user }));
    const { router, user: u } = await renderWithRouter(<SignInForm redirectTo="/grants?page=2" />, {
      path: '/signin?redirect=%2Fgrants%3Fpage%3D2',
    });

    await u.type(screen.getByLabelText('Email'), '  Ama@Example.org ');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.href).toBe('/grants?page=2'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/auth/signin',
      method: 'POST',
      body: { email: 'ama@example.org', password: 'correct horse' },
    });
    expect(localStorage.getItem('token')).toBe('tok123');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('userRole')).toBe('NGO_ADMIN');
    expect(localStorage.getItem('userId')).toBe('u1');
    expect(localStorage.getItem('ngoId')).toBe('n1');
  });

  it('goes to the dashboard when there is no safe place to return to', async () => {
    stubFetch(() => jsonResponse({ token: 'tok123', user }));
    const { router, user: u } = await renderWithRouter(<SignInForm redirectTo="//evil.example" />, {
      path: '/signin',
    });
    await u.type(screen.getByLabelText('Email'), 'ama@example.org');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the server's message on a wrong password and clears nothing", async () => {
    localStorage.setItem('token', 'earlier-token');
    stubFetch(() =>
      jsonResponse({ message: 'Incorrect email or password.', code: 'invalid_credentials' }, 401),
    );
    const { router, user: u } = await renderWithRouter(<SignInForm />, { path: '/signin' });
    await u.type(screen.getByLabelText('Email'), 'ama@example.org');
    await u.type(screen.getByLabelText('Password'), 'wrong password');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(localStorage.getItem('token')).toBe('earlier-token');
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('offers to send the verification link again when the email is not verified', async () => {
    const { requests } = stubFetch(({ url }) =>
      url.endsWith('/auth/signin')
        ? jsonResponse(
            { message: 'Verify your email address before signing in.', code: 'email_not_verified' },
            403,
          )
        : jsonResponse({ message: 'If an account needs verifying, we have sent a new link.' }),
    );
    const { user: u } = await renderWithRouter(<SignInForm />, { path: '/signin' });
    await u.type(screen.getByLabelText('Email'), 'ama@example.org');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verify your email address before signing in.',
    );
    await u.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('If an account needs verifying, we have sent a new link.'),
    ).toBeInTheDocument();
    expect(requests[1]).toMatchObject({
      url: '/api/auth/resend-verification',
      body: { email: 'ama@example.org' },
    });
  });

  it('links to password recovery and sign-up', async () => {
    await renderWithRouter(<SignInForm />, { path: '/signin' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Start for Free' })).toHaveAttribute('href', '/signup');
  });

  describe('opened from the emailed unlock link', () => {
    const token = 'unlock-token-0123456789abcdef';

    it('spends the token once, says the account is unlocked, takes the token out of the address and signs in', async () => {
      const { requests } = stubFetch(({ url }) =>
        url.endsWith('/auth/unlock')
          ? jsonResponse({ message: 'Your account is unlocked. You can sign in now.' })
          : jsonResponse({ token: 'tok123', user }),
      );
      const { router, user: u } = await renderWithRouter(
        <SignInForm unlockToken={token} redirectTo="/grants" />,
        { path: `/signin?redirect=%2Fgrants&unlock=${token}` },
      );

      expect(await screen.findByText('Your account is unlocked. You can sign in now.')).toBeInTheDocument();
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ url: '/api/auth/unlock', method: 'POST', body: { token } });
      await waitFor(() => expect(router.state.location.href).toBe('/signin?redirect=%2Fgrants'));

      await u.type(screen.getByLabelText('Email'), 'ama@example.org');
      await u.type(screen.getByLabelText('Password'), 'correct horse');
      await u.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/grants'));
      expect(requests.filter((r) => r.url.endsWith('/auth/unlock'))).toHaveLength(1);
    });

    it("shows the server's message when the link was already used, and the form still works", async () => {
      const { requests } = stubFetch(({ url }) =>
        url.endsWith('/auth/unlock')
          ? jsonResponse({ message: 'This unlock link has already been used.', code: 'token_used' }, 400)
          : jsonResponse({ message: 'Incorrect email or password.', code: 'invalid_credentials' }, 401),
      );
      const { router, user: u } = await renderWithRouter(<SignInForm unlockToken={token} />, {
        path: `/signin?unlock=${token}`,
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('This unlock link has already been used.');
      await waitFor(() => expect(router.state.location.href).toBe('/signin'));

      await u.type(screen.getByLabelText('Email'), 'ama@example.org');
      await u.type(screen.getByLabelText('Password'), 'wrong password');
      await u.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument();
      expect(requests.filter((r) => r.url.endsWith('/auth/unlock'))).toHaveLength(1);
    });
  });

  it('shows the lock message of an account whose sign-ins are paused', async () => {
    const message =
      'Too many sign-in attempts for this email address. If an account exists for it, we have emailed a link to unlock it; or try again in 24 hours.';
    stubFetch(() => jsonResponse({ message, code: 'account_locked' }, 429));
    const { user: u } = await renderWithRouter(<SignInForm />, { path: '/signin' });
    await u.type(screen.getByLabelText('Email'), 'ama@example.org');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
