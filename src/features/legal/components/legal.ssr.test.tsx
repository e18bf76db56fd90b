import { expect, it } from 'vitest';
import { prerenderAndHydrate } from '@/testing/prerender-and-hydrate';
import { PrivacyPolicy } from './privacy-policy';
import { TermsOfService } from './terms-of-service';

it('prerenders the privacy policy and hydrates without a mismatch', async () => {
  const { html } = await prerenderAndHydrate(<PrivacyPolicy />, '/privacy-policy');
  expect(html).toContain('Last updated: 22 November 2026');
});

it('prerenders the terms and hydrates without a mismatch', async () => {
  const { html } = await prerenderAndHydrate(<TermsOfService />, '/terms-of-service');
  expect(html).toContain('Last updated: 22 November 2026');
});
