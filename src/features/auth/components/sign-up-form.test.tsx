import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { SignUpForm } from './sign-up-form';

afterEach(() => {
  vi.restoreAllMocks();
});

async function fillIn(u: Awaited<ReturnType<typeof renderWithRouter>>['user']) {
  await u.type(screen.getByLabelText('Your name'), 'Ama Owusu');
  await u.type(screen.getByLabelText('Email'), 'Ama@Example.org');
  await u.type(screen.getByLabelText('Password'), 'long enough');
  await u.type(screen.getByLabelText('Organisation name'), 'Clean Water Kigali');
}

describe('SignUpForm', () => {
  it("puts the server's field messages on the matching fields", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Some fields are invalid.',
          code: 'validation_failed',
          fields: { email: 'This address cannot be used.', organizationName: 'That name is taken.' },
        },
        400,
      ),
    );
    const { user: u } = await renderWithRouter(<SignUpForm />, { path: '/signup' });
    await fillIn(u);
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are invalid.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This address cannot be used.');
    expect(screen.getByLabelText('Organisation name')).toHaveAccessibleDescription('That name is taken.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).not.toHaveAttribute('aria-invalid');
  });

  it('validates on the client with the same rules as the server', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    const { user: u } = await renderWithRouter(<SignUpForm />, { path: '/signup' });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
    await u.type(screen.getByLabelText('Password'), 'short');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Organisation name is required.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('goes to the "check your email" page with the address', async () => {
    const { requests } = stubFetch(() =>
      jsonResponse({ message: 'Account created. Check your email.' }, 201),
    );
    const { router, user: u } = await renderWithRouter(<SignUpForm />, { path: '/signup' });
    await fillIn(u);
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toEqual({ email: 'ama@example.org' });
    expect(requests[0]).toMatchObject({
      url: '/api/auth/signup',
      body: {
        name: 'Ama Owusu',
        email: 'ama@example.org',
        password: 'long enough',
        organizationName: 'Clean Water Kigali',
      },
    });
  });
});
