import { within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { signInAs } from '@/testing/session';
import { PricingScreen } from './pricing-screen';

it('prerenders the visitor page and switches a signed-in NGO admin to checkout buttons once hydrated', async () => {
  signInAs({ id: 'u1', role: 'NGO_ADMIN', ngoId: 'n1' });
  const { html, container } = await prerenderAndHydrate(<PricingScreen />, '/pricing');
  expect(html).toContain('href="/signup?plan=growth"');
  expect(html).not.toContain('Online payment is coming soon');
  expect(within(container).getByRole('button', { name: 'Choose plan NGO Growth' })).toBeEnabled();
  expect(within(container).getByRole('button', { name: 'Choose plan NGO Starter' })).toBeDisabled();
});
