import { formatPlanPrice, plans } from '@contract/plans';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveAppFor } from '@/lib/external-navigation';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { formatCompactCount } from '../plan-format';
import { PricingScreen } from './pricing-screen';

vi.mock('@/lib/external-navigation', () => ({ leaveAppFor: vi.fn() }));
afterEach(() => vi.clearAllMocks());

const planCard = (name: string) => screen.getByRole('article', { name });

describe('PricingScreen', () => {
  it('shows every plan of the catalogue with its price, limits and features', async () => {
    await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    for (const plan of plans) {
      const card = within(planCard(plan.name));
      expect(card.getByText(plan.tagline)).toBeInTheDocument();
      expect(card.getByText(formatPlanPrice(plan))).toBeInTheDocument();
      expect(card.getByText('/month')).toBeInTheDocument();
      expect(card.getByText(`${plan.limits.members} team members`)).toBeInTheDocument();
      expect(card.getByText(`${plan.limits.storageGb}GB storage`)).toBeInTheDocument();
      expect(
        card.getByText(`${formatCompactCount(plan.limits.aiTokensPerMonth)} AI tokens / month`),
      ).toBeInTheDocument();
      expect(card.getByText(plan.support)).toBeInTheDocument();
      for (const feature of plan.features) expect(card.getByText(feature)).toBeInTheDocument();
    }
  });

  it("keeps the landing page's Starter claims", async () => {
    await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    const starter = within(planCard('NGO Starter'));
    expect(starter.getByText('$0')).toBeInTheDocument();
    expect(starter.getByText('5 team members')).toBeInTheDocument();
    expect(starter.getByText('2GB storage')).toBeInTheDocument();
    expect(starter.getByText('50K AI tokens / month')).toBeInTheDocument();
    expect(starter.getByText('Basic reporting')).toBeInTheDocument();
    expect(starter.getByText('Email support')).toBeInTheDocument();
  });

  it('compares the limits in a real table', async () => {
    await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    const table = screen.getByRole('table', { name: 'Compare plan limits' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Limit', ...plans.map((p) => p.name)]);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((h) => h.textContent)).toEqual([
      'Price',
      'Team members',
      'Storage',
      'AI tokens per month',
      'Reporting',
      'Support',
    ]);
    const membersRow = rowHeaders[1]!.closest('tr')!;
    expect(
      within(membersRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(plans.map((p) => String(p.limits.members)));
    const tokensRow = rowHeaders[3]!.closest('tr')!;
    expect(
      within(tokensRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['50K', '1M', '5M']);
  });

  it('sends visitors to sign up with the plan chosen', async () => {
    await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    for (const plan of plans) {
      const link = screen.getByRole('link', { name: `Choose plan ${plan.name}` });
      expect(link).toHaveTextContent('Choose plan');
      expect(link).toHaveAttribute('href', `/signup?plan=${plan.id}`);
    }
  });

  it('sends a signed-in NGO admin to the hosted checkout of a paid plan', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN', name: 'Ama', email: 'ama@example.org', ngoId: 'n1' });
    const { requests } = stubFetch(() =>
      jsonResponse({ txRef: 'SUB-n1-x', link: 'https://checkout.example/pay/1', testMode: true }, 201),
    );
    const { user } = await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    expect(screen.queryByRole('link', { name: /^Choose plan/ })).not.toBeInTheDocument();
    const starter = screen.getByRole('button', { name: 'Choose plan NGO Starter' });
    expect(starter).toBeDisabled();
    expect(starter).toHaveAccessibleDescription(/NGO Starter is free/);
    await user.click(screen.getByRole('button', { name: 'Choose plan NGO Growth' }));
    await vi.waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://checkout.example/pay/1'));
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url, 'http://localhost').pathname).toBe(
      '/api/payments/flutterwave/checkout/subscription',
    );
    expect(requests[0]!.body).toEqual({ planId: 'growth' });
    // ADR 0013: a checkout takes no Idempotency-Key (each call opens a new, harmless pending one).
    expect(requests[0]!.headers.has('Idempotency-Key')).toBe(false);
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });

  it("shows the server's refusal next to the plan", async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN', ngoId: 'n1' });
    stubFetch(() => jsonResponse({ message: 'Payments are paused.', code: 'unavailable' }, 503));
    const { user } = await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    const impact = screen.getByRole('button', { name: 'Choose plan NGO Impact' });
    await user.click(impact);
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are paused.');
    expect(impact).toHaveAccessibleDescription('Payments are paused.');
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('sends other signed-in members to their NGO admin', async () => {
    signInAs({ id: 'u2', role: 'STAFF', ngoId: 'n1' });
    await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    const button = screen.getByRole('button', { name: 'Choose plan NGO Growth' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Only your organisation's NGO admin can change its plan.");
  });
});
