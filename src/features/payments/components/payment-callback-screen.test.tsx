import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { MISSING_PAYMENT_INFO, PaymentCallbackScreen } from './payment-callback-screen';

const path = '/flutterwave-callback?transaction_id=123&tx_ref=SUB-n1-abc';

const TEST_MODE_NOTE = 'Test mode: no real money moved.';

function renderCallback(props: { transactionId?: string; txRef?: string; testMode?: boolean }) {
  return renderWithRouter(<PaymentCallbackScreen provider="flutterwave" {...props} />, { path });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => signInAs({ id: 'u1', role: 'NGO_ADMIN', ngoId: 'n1' }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PaymentCallbackScreen', () => {
  it.each([
    ['transaction_id', { txRef: 'SUB-n1-abc' }],
    ['tx_ref', { transactionId: '123' }],
    ['both', {}],
  ])(
    'shows the missing-information error without calling the server when %s is missing',
    async (_, props) => {
      const { spy } = stubFetch(() => jsonResponse({ success: true, message: 'ok' }));
      await renderCallback(props);
      expect(await heading('Payment Error')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(MISSING_PAYMENT_INFO);
      expect(screen.getByRole('link', { name: 'Return to Pricing' })).toHaveAttribute('href', '/pricing');
      expect(spy).not.toHaveBeenCalled();
    },
  );

  it('shows processing, verifies once with both parameters and the token, then succeeds', async () => {
    let answer!: (r: Response) => void;
    const { requests } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
    expect(await heading('Processing Payment')).toBeInTheDocument();
    expect(screen.getByText('Verifying your payment...')).toBeInTheDocument();

    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/payments/flutterwave/verify');
    expect(url.searchParams.get('transaction_id')).toBe('123');
    expect(url.searchParams.get('tx_ref')).toBe('SUB-n1-abc');
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');

    await act(async () => answer(jsonResponse({ success: true, message: 'Payment verified.' })));
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByText('Payment verified successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(requests).toHaveLength(1);
  });

  it('goes to /dashboard 3 seconds after a verified payment, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => jsonResponse({ success: true, message: 'Payment verified.' }));
    await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/dashboard');
  });

  it("shows the server's message when the payment is not verified", async () => {
    stubFetch(() => jsonResponse({ success: false, message: 'The payment was cancelled.' }));
    await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
    expect(await heading('Payment Error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The payment was cancelled.');
    expect(screen.getByRole('link', { name: 'Return to Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it("shows the server's message of an error status", async () => {
    stubFetch(() =>
      jsonResponse({ message: 'The amount paid does not match.', code: 'amount_mismatch' }, 400),
    );
    await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
    expect(await heading('Payment Error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The amount paid does not match.');
  });

  it('falls back to the generic failure text when the server gives no message', async () => {
    stubFetch(() => new Response('oops', { status: 502 }));
    await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
    expect(await heading('Payment Error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Payment verification failed. Please contact support.',
    );
  });

  it('shows the exception text when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
    expect(await heading('Payment Error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An error occurred during payment verification. Please contact support.',
    );
  });

  describe('test mode (mode=test on the return trip)', () => {
    it('shows the note while processing and once verified, beside the spec texts', async () => {
      let answer!: (r: Response) => void;
      stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
      await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc', testMode: true });
      expect(await heading('Processing Payment')).toBeInTheDocument();
      expect(screen.getByText(TEST_MODE_NOTE)).toBeInTheDocument();
      expect(screen.getByText('Verifying your payment...')).toBeInTheDocument();

      await act(async () => answer(jsonResponse({ success: true, message: 'Payment verified.' })));
      expect(await heading('Payment Successful!')).toBeInTheDocument();
      expect(screen.getByText(TEST_MODE_NOTE)).toBeInTheDocument();
      expect(screen.getByText('Payment verified successfully!')).toBeInTheDocument();
    });

    it('shows the note in the error state, leaving the alert text as it was', async () => {
      stubFetch(() => jsonResponse({ success: false, message: 'The payment was cancelled.' }));
      await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc', testMode: true });
      expect(await heading('Payment Error')).toBeInTheDocument();
      expect(screen.getByText(TEST_MODE_NOTE)).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(/^The payment was cancelled\.$/);
    });

    it('shows no note for a live payment, in any state', async () => {
      let answer!: (r: Response) => void;
      stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
      await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
      expect(await heading('Processing Payment')).toBeInTheDocument();
      expect(screen.queryByText(TEST_MODE_NOTE)).not.toBeInTheDocument();
      await act(async () => answer(jsonResponse({ success: true, message: 'Payment verified.' })));
      expect(await heading('Payment Successful!')).toBeInTheDocument();
      expect(screen.queryByText(TEST_MODE_NOTE)).not.toBeInTheDocument();
    });

    it('shows no note on the missing-information error of a live return', async () => {
      stubFetch(() => jsonResponse({ success: true, message: 'ok' }));
      await renderCallback({});
      expect(await heading('Payment Error')).toBeInTheDocument();
      expect(screen.queryByText(TEST_MODE_NOTE)).not.toBeInTheDocument();
    });
  });

  it('does not redirect after an error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => jsonResponse({ success: false, message: 'Declined.' }));
    await renderCallback({ transactionId: '123', txRef: 'SUB-n1-abc' });
    expect(await heading('Payment Error')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });
});
