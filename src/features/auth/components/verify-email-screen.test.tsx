import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { CheckEmailScreen } from './check-email-screen';
import { VerifyEmailScreen } from './verify-email-screen';

afterEach(() => {
  vi.restoreAllMocks();
});

const token = 'tok_0123456789abcdef';

describe('VerifyEmailScreen', () => {
  it('verifies the token once, even under StrictMode, and offers to sign in', async () => {
    let answer!: (r: Response) => void;
    const { requests } = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await renderWithRouter(<VerifyEmailScreen token={token} />, { path: `/verify-email?token=${token}` });

    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
    answer(jsonResponse({ message: 'Your email address is verified. You can sign in now.' }));

    expect(
      await screen.findByText('Your email address is verified. You can sign in now.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/auth/verify-email', method: 'POST', body: { token } });
  });

  it("shows the server's message for a used link and a form to send a new one", async () => {
    const { requests } = stubFetch(({ url }) =>
      url.endsWith('/auth/verify-email')
        ? jsonResponse({ message: 'This link has already been used.', code: 'token_used' }, 400)
        : jsonResponse({ message: 'If an account needs verifying, we have sent a new link.' }),
    );
    const { user: u } = await renderWithRouter(<VerifyEmailScreen token={token} />, {
      path: `/verify-email?token=${token}`,
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used.');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();

    await u.type(screen.getByLabelText('Email'), 'ama@example.org');
    await u.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('If an account needs verifying, we have sent a new link.'),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toEqual(['/api/auth/verify-email', '/api/auth/resend-verification']);
  });
});

describe('CheckEmailScreen', () => {
  it('names the address the link went to and can resend it', async () => {
    const { requests } = stubFetch(() =>
      jsonResponse({ message: 'If an account needs verifying, we have sent a new link.' }),
    );
    const { user: u } = await renderWithRouter(<CheckEmailScreen email="ama@example.org" />, {
      path: '/verify-email?email=ama%40example.org',
    });
    expect(screen.getByText(/We sent a verification link to/)).toHaveTextContent(
      'We sent a verification link to ama@example.org.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ama@example.org');
    await u.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('If an account needs verifying, we have sent a new link.'),
    ).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ body: { email: 'ama@example.org' } });
  });
});
