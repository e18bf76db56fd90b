import { screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '@/lib/outbox';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { NewsletterForm } from './newsletter-form';

afterEach(async () => {
  vi.restoreAllMocks();
  for (const entry of await outbox.entries()) await outbox.remove(entry.id);
});

const queuedText =
  "You're offline. Your subscription is saved on this device and will be sent automatically when the connection is back.";

const renderForm = () =>
  renderWithRouter(
    <>
      <NewsletterForm />
      <Toaster />
    </>,
  );

describe('NewsletterForm', () => {
  it('shows the inline error for a bad address and sends nothing', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    const { user } = await renderForm();

    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address.');
    expect(requests).toHaveLength(0);
  });

  it("posts the address, shows the server's message in a success toast and clears the field", async () => {
    let answer!: (response: Response) => void;
    const { requests } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderForm();

    await user.type(screen.getByLabelText('Email address'), '  Ama@Example.org ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    // Pending: the button is busy and cannot be pressed twice.
    const busy = await screen.findByRole('button', { name: 'Subscribing...' });
    expect(busy).toBeDisabled();
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(
      jsonResponse(
        { message: "Thanks for subscribing! We'll send our next update to ama@example.org.", created: true },
        201,
      ),
    );

    expect(
      await screen.findByText("Thanks for subscribing! We'll send our next update to ama@example.org."),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/marketing/newsletter',
      method: 'POST',
      body: { email: 'ama@example.org' },
    });
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(requests[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await outbox.entries()).toEqual([]);
  });

  it('gives each subscription its own Idempotency-Key and keeps it when the server refuses', async () => {
    const answers = [
      jsonResponse({ message: 'Too many subscription attempts. Please try again in 4 minutes.' }, 429),
      jsonResponse({ message: 'Thanks!', created: true }, 201),
      jsonResponse({ message: 'Thanks again!', created: true }, 201),
    ];
    const { requests } = stubFetch(() => answers.shift()!);
    const { user } = await renderForm();
    const input = screen.getByLabelText('Email address');
    const subscribe = () => user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await user.type(input, 'ama@example.org');
    await subscribe();
    await screen.findByText('Too many subscription attempts. Please try again in 4 minutes.');
    await subscribe();
    await screen.findByText('Thanks!');
    await waitFor(() => expect(input).toHaveValue(''));
    await user.type(input, 'kofi@example.org');
    await subscribe();
    await screen.findByText('Thanks again!');

    const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('keeps the subscription on the device when offline, clears the field and says it will be sent', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Email address'), 'ama@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(queuedText)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue(''));
    expect(requests).toHaveLength(0);
    expect(await outbox.entries()).toMatchObject([
      {
        kind: 'newsletter-subscription',
        body: { email: 'ama@example.org' },
        userId: null,
        status: 'pending',
      },
    ]);
  });

  it('keeps the subscription on the device after a network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Email address'), 'ama@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(queuedText)).toBeInTheDocument();
    expect(await outbox.entries()).toHaveLength(1);
  });

  it('treats an address that is already subscribed (200) as a success', async () => {
    stubFetch(() =>
      jsonResponse({ message: "You're already subscribed. Thanks for staying with us!", created: false }),
    );
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Email address'), 'ama@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText("You're already subscribed. Thanks for staying with us!"),
    ).toBeInTheDocument();
  });

  it("shows the server's message in an error toast on 429 and keeps the address", async () => {
    stubFetch(() =>
      jsonResponse(
        { message: 'Too many subscription attempts. Please try again in 40 minutes.', code: 'rate_limited' },
        429,
      ),
    );
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Email address'), 'ama@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(
      await screen.findByText('Too many subscription attempts. Please try again in 40 minutes.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('ama@example.org');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it("puts a 400's field message under the input", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Some fields are invalid.',
          code: 'validation_failed',
          fields: { email: 'Enter a valid email address.' },
        },
        400,
      ),
    );
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Email address'), 'ama@example.org');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Some fields are invalid.')).not.toBeInTheDocument();
  });
});
