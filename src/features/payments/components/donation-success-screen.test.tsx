import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { DonationSuccessScreen } from './donation-success-screen';

const THANKS = 'Thank you for your donation. Your contribution has been received.';
const REDIRECT_NOTE = "You'll be redirected automatically in a few seconds...";

const TEST_MODE_NOTE = 'Test mode: no real money moved.';

function renderSuccess(txRef?: string, { testMode }: { testMode?: boolean } = {}) {
  return renderWithRouter(
    <DonationSuccessScreen provider="flutterwave" txRef={txRef} transactionId="77" testMode={testMode} />,
    { path: '/flutterwave-success' },
  );
}

const confirmed = (status: string, causeId: string | null = 'c1') =>
  jsonResponse({ success: status === 'successful', message: `Donation ${status}.`, status, causeId });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DonationSuccessScreen', () => {
  it('thanks the donor, links back to the cause and asks the server to confirm by tx_ref', async () => {
    const { requests } = stubFetch(() => confirmed('successful'));
    await renderSuccess('DON-c1-n0nce');
    expect(screen.getByText(THANKS)).toBeInTheDocument();
    expect(screen.getByText(REDIRECT_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Cause' })).toHaveAttribute('href', '/causes/c1');
    expect(screen.queryByRole('link', { name: 'View All Causes' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0]!.url, 'http://localhost').pathname).toBe(
      '/api/payments/flutterwave/donations/confirm',
    );
    expect(requests[0]!.method).toBe('POST');
    // The query string's status is never sent: the server asks the provider.
    expect(requests[0]!.body).toEqual({ txRef: 'DON-c1-n0nce', transactionId: '77' });
  });

  it('redirects to the cause with donation_success=true after 5 seconds, not before', async () => {
    stubFetch(() => confirmed('successful'));
    await renderSuccess('DON-c1-n0nce');
    await act(async () => vi.advanceTimersByTime(4900));
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/causes/c1?donation_success=true');
  });

  it('offers all causes and redirects to /causes when no cause id can be derived', async () => {
    const { spy } = stubFetch(() => confirmed('successful', null));
    await renderSuccess(undefined);
    expect(screen.getByText(THANKS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Causes' })).toHaveAttribute('href', '/causes');
    expect(spy).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(5000));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/causes$/);
  });

  it('says so when the server reports the payment failed, and skips the thank-you banner', async () => {
    stubFetch(() => confirmed('cancelled'));
    await renderSuccess('DON-c1-n0nce');
    expect(await screen.findByRole('heading', { name: 'Donation not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Donation cancelled.');
    await act(async () => vi.advanceTimersByTime(5000));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/causes\/c1$/);
  });

  it('tells the donor a pending mobile-money payment still counts once confirmed', async () => {
    stubFetch(() => confirmed('pending'));
    await renderSuccess('DON-c1-n0nce');
    expect(await screen.findByText(/still being confirmed/)).toBeInTheDocument();
    expect(screen.getByText(THANKS)).toBeInTheDocument();
  });

  describe('test mode (mode=test on the return trip)', () => {
    it('shows the note while confirming and once thanked, beside the spec texts', async () => {
      let answer!: (r: Response) => void;
      stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
      await renderSuccess('DON-c1-n0nce', { testMode: true });
      expect(await screen.findByText(/^Confirming your donation/)).toBeInTheDocument();
      expect(screen.getByText(TEST_MODE_NOTE)).toBeInTheDocument();
      expect(screen.getByText(THANKS)).toBeInTheDocument();

      await act(async () => answer(confirmed('successful')));
      await vi.waitFor(() => expect(screen.queryByText(/^Confirming your donation/)).not.toBeInTheDocument());
      expect(screen.getByText(TEST_MODE_NOTE)).toBeInTheDocument();
      expect(screen.getByText(THANKS)).toBeInTheDocument();
      expect(screen.getByText(REDIRECT_NOTE)).toBeInTheDocument();
    });

    it('shows the note when the donation was not completed', async () => {
      stubFetch(() => confirmed('failed'));
      await renderSuccess('DON-c1-n0nce', { testMode: true });
      expect(await screen.findByRole('heading', { name: 'Donation not completed' })).toBeInTheDocument();
      expect(screen.getByText(TEST_MODE_NOTE)).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(/^Donation failed\.$/);
    });

    it('shows no note for a live donation, in any state', async () => {
      stubFetch(() => confirmed('successful'));
      await renderSuccess('DON-c1-n0nce');
      expect(screen.getByText(THANKS)).toBeInTheDocument();
      expect(screen.queryByText(TEST_MODE_NOTE)).not.toBeInTheDocument();
      await vi.waitFor(() => expect(screen.queryByText(/^Confirming your donation/)).not.toBeInTheDocument());
      expect(screen.queryByText(TEST_MODE_NOTE)).not.toBeInTheDocument();
    });
  });
});
