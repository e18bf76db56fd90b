import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => {
  vi.restoreAllMocks();
});

const token = 'tok_0123456789abcdef';

describe('ResetPasswordForm', () => {
  it('requires the two passwords to match', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    const { user: u } = await renderWithRouter(<ResetPasswordForm token={token} />, {
      path: `/reset-password?token=${token}`,
    });
    await u.type(screen.getByLabelText('New password'), 'long enough');
    await u.type(screen.getByLabelText('Confirm new password'), 'long enougH');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the token with the new password and then offers to sign in', async () => {
    const { requests } = stubFetch(() =>
      jsonResponse({ message: 'Your password has been changed. Sign in with the new password.' }),
    );
    const { user: u } = await renderWithRouter(<ResetPasswordForm token={token} />, {
      path: `/reset-password?token=${token}`,
    });
    await u.type(screen.getByLabelText('New password'), 'long enough');
    await u.type(screen.getByLabelText('Confirm new password'), 'long enough');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password has been changed. Sign in with the new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(requests[0]).toMatchObject({
      url: '/api/auth/reset-password',
      body: { token, password: 'long enough' },
    });
  });

  it('points an expired link at a new one', async () => {
    stubFetch(() =>
      jsonResponse(
        { message: 'This reset link has expired. Ask for a new one.', code: 'token_expired' },
        400,
      ),
    );
    const { user: u } = await renderWithRouter(<ResetPasswordForm token={token} />, {
      path: `/reset-password?token=${token}`,
    });
    await u.type(screen.getByLabelText('New password'), 'long enough');
    await u.type(screen.getByLabelText('Confirm new password'), 'long enough');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has expired. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
