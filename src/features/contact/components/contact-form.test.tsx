import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { outbox } from '@/lib/outbox';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { ContactForm } from './contact-form';

afterEach(async () => {
  vi.restoreAllMocks();
  for (const entry of await outbox.entries()) await outbox.remove(entry.id);
});

async function fillValidMessage(u: Awaited<ReturnType<typeof renderWithRouter>>['user']) {
  await u.type(screen.getByLabelText('Your name'), 'Ama Owusu');
  await u.type(screen.getByLabelText('Email'), 'Ama@Example.org');
  await u.type(screen.getByLabelText('Subject'), 'Moving to NGO Growth');
  await u.type(screen.getByLabelText('Message'), 'We would like to upgrade our plan next month.');
}

describe('ContactForm', () => {
  it('labels every field and gives the message 8 rows', async () => {
    await renderWithRouter(<ContactForm />, { path: '/contact' });
    for (const label of ['Your name', 'Email', 'Organisation (optional)', 'Subject'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    const message = screen.getByLabelText('Message');
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveAttribute('rows', '8');
  });

  it('shows inline errors and sends nothing while the form is invalid', async () => {
    const { requests } = stubFetch(() => jsonResponse({ message: 'unexpected' }));
    const { user: u } = await renderWithRouter(<ContactForm />, { path: '/contact' });

    await u.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Subject is required.')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');

    await u.type(screen.getByLabelText('Email'), 'not-an-email');
    await u.tab();
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("posts the message, shows the server's answer and empties the form", async () => {
    const answer = "Thanks, Ama Owusu. We've received your message and will reply within two working days.";
    const { requests } = stubFetch(() => jsonResponse({ message: answer }, 201));
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user: u } = await renderWithRouter(<ContactForm />, { path: '/contact' });

    await fillValidMessage(u);
    await u.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('status')).toHaveTextContent(answer);
    // Toasts load sonner on first use, so the call lands a moment later.
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(answer));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/marketing/contact',
      method: 'POST',
      body: {
        name: 'Ama Owusu',
        email: 'ama@example.org',
        subject: 'Moving to NGO Growth',
        message: 'We would like to upgrade our plan next month.',
      },
    });
    // Left empty, the optional organisation is not sent at all.
    expect(requests[0]!.body).not.toHaveProperty('organisation');
    expect(requests[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("puts the server's field errors on the inputs", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Some fields are invalid.',
          code: 'validation_failed',
          fields: { subject: 'Subject is too long.' },
        },
        400,
      ),
    );
    const { user: u } = await renderWithRouter(<ContactForm />, { path: '/contact' });
    await fillValidMessage(u);
    await u.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Subject is too long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when it refuses the message", async () => {
    const refusal =
      "You've sent several messages in a short time. Please try again in 42 minutes, or email us at info@ngoportal.example.";
    stubFetch(() => jsonResponse({ message: refusal, code: 'too_many_requests' }, 429));
    const { user: u } = await renderWithRouter(<ContactForm />, { path: '/contact' });
    await fillValidMessage(u);
    await u.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    // Nothing is lost: the message is still there to send later.
    expect(screen.getByLabelText('Message')).toHaveValue('We would like to upgrade our plan next month.');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('keeps the message on the device when offline, empties the form and says it will be sent', async () => {
    const { requests } = stubFetch(() => jsonResponse({ message: 'unexpected' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const toastMessage = vi.spyOn(notify, 'message');
    const { user: u } = await renderWithRouter(<ContactForm />, { path: '/contact' });
    await fillValidMessage(u);
    await u.click(screen.getByRole('button', { name: 'Send message' }));

    const text =
      "You're offline. Your message is saved on this device and will be sent automatically when the connection is back.";
    expect(await screen.findByRole('status')).toHaveTextContent(text);
    await waitFor(() => expect(toastMessage).toHaveBeenCalledWith(text));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(requests).toHaveLength(0);
    const [entry] = await outbox.entries();
    expect(entry).toMatchObject({
      kind: 'contact-message',
      url: '/marketing/contact',
      userId: null,
      body: { name: 'Ama Owusu', email: 'ama@example.org', subject: 'Moving to NGO Growth' },
    });
    expect(entry!.body).not.toHaveProperty('organisation');
  });
});
