import { formatPlanPrice, plans } from '@contract/plans';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render-with-router';
import { signInAs } from '@/testing/session';
import { formatCompactCount } from '../plan-format';
import { PricingScreen } from './pricing-screen';

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

  it('tells a signed-in NGO admin that online payment is not there yet', async () => {
    signInAs({ id: 'u1', role: 'NGO_ADMIN', name: 'Ama', email: 'ama@example.org', ngoId: 'n1' });
    await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    const buttons = screen.getAllByRole('button', { name: /^Choose plan/ });
    expect(buttons).toHaveLength(plans.length);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Online payment is coming soon. Contact us to upgrade.');
    }
    expect(screen.queryByRole('link', { name: /^Choose plan/ })).not.toBeInTheDocument();
    const contactLinks = screen.getAllByRole('link', { name: 'Contact us to upgrade.' });
    expect(contactLinks).toHaveLength(plans.length);
    expect(contactLinks[0]).toHaveAttribute('href', '/contact');
  });

  it('sends other signed-in members to their NGO admin', async () => {
    signInAs({ id: 'u2', role: 'STAFF', ngoId: 'n1' });
    await renderWithRouter(<PricingScreen />, { path: '/pricing' });
    const button = screen.getByRole('button', { name: 'Choose plan NGO Growth' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Only your organisation's NGO admin can change its plan.");
  });
});
