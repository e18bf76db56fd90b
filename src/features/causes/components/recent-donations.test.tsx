import type { RecentDonation } from '@contract/causes';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecentDonations } from './recent-donations';

const TEST_MODE_LABEL = 'Test mode payment: no real money moved';

const donation = (over: Partial<RecentDonation>): RecentDonation => ({
  id: 'd1',
  donorName: 'Aline',
  amountMinor: 30_000,
  currency: 'RWF',
  createdAt: '2026-01-02T10:00:00.000Z',
  testMode: false,
  ...over,
});

describe('RecentDonations', () => {
  it('marks a test-mode donation with the Test badge and leaves a live one unmarked', () => {
    render(
      <RecentDonations
        donations={[
          donation({ id: 'd2', donorName: 'Tester', testMode: true }),
          donation({ id: 'd1', donorName: 'Aline', testMode: false }),
        ]}
      />,
    );
    const [test, live] = within(screen.getByRole('list', { name: 'Recent donations' })).getAllByRole(
      'listitem',
    );
    expect(test).toHaveTextContent('Tester');
    expect(within(test!).getByText(TEST_MODE_LABEL)).toBeInTheDocument();
    expect(within(test!).getByTestId('test-mode-badge')).toHaveAttribute('title', TEST_MODE_LABEL);
    expect(live).toHaveTextContent('Aline');
    expect(within(live!).queryByText(TEST_MODE_LABEL)).not.toBeInTheDocument();
  });

  it('shows an anonymous test-mode donation as Anonymous, still marked', () => {
    render(<RecentDonations donations={[donation({ donorName: null, testMode: true })]} />);
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent(/^Anonymous/);
    expect(within(item).getByText(TEST_MODE_LABEL)).toBeInTheDocument();
  });

  it('invites sharing when there are no donations', () => {
    render(<RecentDonations donations={[]} />);
    expect(screen.getByText('No donations yet. Share the cause to get the first one.')).toBeInTheDocument();
    expect(screen.queryByTestId('test-mode-badge')).not.toBeInTheDocument();
  });
});
