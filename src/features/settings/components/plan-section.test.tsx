import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { PlanSection } from './plan-section';

const TEST_MODE_LABEL = 'Test mode payment: no real money moved';

const subscription = {
  planId: 'growth',
  planName: 'NGO Growth',
  status: 'active',
  renewsAt: '2026-12-23T10:00:00.000Z',
  activatedAt: '2026-11-23T10:00:00.000Z',
  priceMonthlyMinor: 2900,
  currency: 'USD',
  limits: { members: 25, storageGb: 50, aiTokensPerMonth: 1_000_000 },
};
const history = [
  {
    id: 'p2',
    txRef: 'SUB-n1-b',
    provider: 'flutterwave',
    purpose: 'subscription',
    planId: 'growth',
    amountMinor: 2900,
    currency: 'USD',
    status: 'successful',
    createdAt: '2026-11-23T10:00:00.000Z',
    settledAt: '2026-11-23T10:01:00.000Z',
    testMode: false,
  },
  {
    id: 'p1',
    txRef: 'SUB-n1-a',
    provider: 'flutterwave',
    purpose: 'subscription',
    planId: 'impact',
    amountMinor: 9900,
    currency: 'USD',
    status: 'cancelled',
    createdAt: '2026-11-22T10:00:00.000Z',
    settledAt: '2026-11-22T10:01:00.000Z',
    testMode: true,
  },
];

afterEach(() => vi.restoreAllMocks());

describe('PlanSection', () => {
  it('shows the plan, its renewal date and the payment history', async () => {
    stubFetch(({ url }) => jsonResponse(url.endsWith('/payments/subscription') ? subscription : history));
    await renderWithRouter(<PlanSection canManagePlan />, { path: '/settings' });
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('NGO Growth');
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('plan-renews').querySelector('time')).toHaveAttribute(
      'datetime',
      subscription.renewsAt,
    );
    expect(screen.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/pricing');
    const table = await screen.findByRole('table', { name: 'Subscription payments, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/NGO Growth.*\$29.*Paid.*SUB-n1-b/);
    expect(rows[1]).toHaveTextContent(/NGO Impact.*\$99.*Cancelled.*SUB-n1-a/);
  });

  it('marks a test-mode payment beside its status, and only that one', async () => {
    stubFetch(({ url }) => jsonResponse(url.endsWith('/payments/subscription') ? subscription : history));
    await renderWithRouter(<PlanSection canManagePlan />, { path: '/settings' });
    const table = await screen.findByRole('table', { name: 'Subscription payments, newest first' });
    const [live, test] = within(table).getAllByRole('row').slice(1);
    expect(within(live!).queryByText(TEST_MODE_LABEL)).not.toBeInTheDocument();
    const statusCell = within(test!).getAllByRole('cell')[3]!;
    expect(statusCell).toHaveTextContent('Cancelled');
    expect(within(statusCell).getByText(TEST_MODE_LABEL)).toBeInTheDocument();
    expect(within(statusCell).getByTestId('test-mode-badge')).toHaveTextContent(/^Test/);
  });

  it('says when there are no payments and when the plan cannot be loaded', async () => {
    stubFetch(({ url }) =>
      url.endsWith('/payments/subscription')
        ? jsonResponse({ message: 'Forbidden.' }, 403)
        : jsonResponse([]),
    );
    await renderWithRouter(<PlanSection canManagePlan={false} />, { path: '/settings' });
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden.');
  });
});
